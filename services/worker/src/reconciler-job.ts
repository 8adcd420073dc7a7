/**
 * A job's run around its owed work (issue 47). Before the processor runs, the run claims the job's
 * `owed_work` row in Postgres (a lease renewed while it runs): when Redis lost the job while it ran,
 * its Redis lock went too, and the reconciler may enqueue it again; the second run then waits for the
 * claim instead of sending beside the first, and once it has it, finds the first run's fact and skips.
 * The final outcome (completed: sent or skipped; failed for good: refused or the last attempt, its
 * failure fact recorded) deletes the row before BullMQ marks the job done, so a Redis that loses the
 * job afterwards leaves nothing to enqueue again. A failure to be retried gives the claim back.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { claimOwedWork, releaseOwedWork, settleOwedWork } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { isLastAttempt } from './jobs/context';

export interface OwedWorkRunOptions {
  /** How long a claim lasts unless renewed (renewed every third of it): a killed run's claim lapses. */
  claimTtlMs: number;
  /** How long a run waits for another run's claim before it fails (and BullMQ retries it). */
  claimWaitMs?: number;
}

export function runningOwedWork(
  sql: Sql,
  log: Logger,
  processor: (job: Job) => Promise<unknown>,
  options: OwedWorkRunOptions,
): (job: Job) => Promise<unknown> {
  const quietly = (what: string, job: Job, p: Promise<unknown>) =>
    p.catch((err) => log.warn({ jobId: job.id, err: (err as Error).message }, what));
  return async (job) => {
    const jobId = String(job.id);
    const token = randomUUID();
    const claimed = await claim(sql, jobId, token, options);
    const renew = claimed
      ? setInterval(
          () =>
            void quietly(
              'owed work claim not renewed',
              job,
              claimOwedWork(sql, jobId, token, options.claimTtlMs),
            ),
          Math.max(Math.floor(options.claimTtlMs / 3), 50),
        )
      : undefined;
    renew?.unref();
    let out: unknown;
    try {
      out = await processor(job);
    } catch (err) {
      clearInterval(renew);
      const final = err instanceof UnrecoverableError || isLastAttempt(job);
      if (final)
        await quietly('owed work not settled; the reconciler will', job, settleOwedWork(sql, [jobId]));
      else if (claimed)
        await quietly('owed work claim not released', job, releaseOwedWork(sql, jobId, token));
      throw err;
    }
    clearInterval(renew);
    await quietly('owed work not settled; the reconciler will', job, settleOwedWork(sql, [jobId]));
    return out;
  };
}

/** Takes the row's claim, waiting while another run holds it; false when no row is owed. */
async function claim(sql: Sql, jobId: string, token: string, options: OwedWorkRunOptions): Promise<boolean> {
  const deadline = Date.now() + (options.claimWaitMs ?? options.claimTtlMs);
  for (;;) {
    const got = await claimOwedWork(sql, jobId, token, options.claimTtlMs);
    if (got !== 'held') return got === 'claimed';
    if (Date.now() > deadline) throw new Error(`Owed work ${jobId} is held by another run`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
