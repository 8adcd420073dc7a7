/**
 * A job's run around its owed work (issue 47). Before the processor runs, the run claims the job's
 * `owed_work` row in Postgres (a lease renewed while it runs): when Redis lost the job while it ran,
 * its Redis lock went too, and the reconciler may enqueue it again; the second run then waits for the
 * claim instead of sending beside the first, and once it has it, finds the first run's fact and skips.
 * The final outcome (completed: sent or skipped; refused; the last attempt failed and the log shows
 * its failure fact) deletes the row before BullMQ marks the job done, so a Redis that loses the job
 * afterwards leaves nothing to enqueue again. A failure to be retried, or a last attempt whose failure
 * the log does not show, gives the claim back (the reconciler retries a failed job the log does not
 * show finished). A run whose renewal finds the row taken or gone aborts its processor's signal: the
 * processors check it just before they send or call.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { claimOwedWork, releaseOwedWork, settleOwedWork } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { isLastAttempt } from './jobs/context';
import { type OwedJob, logReader } from './reconciler-facts';

export interface OwedWorkRunOptions {
  /** How long a claim lasts unless renewed (renewed every third of it): a killed run's claim lapses. */
  claimTtlMs: number;
  /** How long a run waits for another run's claim before it fails (and BullMQ retries it). */
  claimWaitMs?: number;
}

/** A processor as BullMQ calls it; `signal` aborts when the run lost its claim (stop before acting). */
export type OwedProcessor = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;

export function runningOwedWork(
  sql: Sql,
  log: Logger,
  processor: OwedProcessor,
  options: OwedWorkRunOptions,
): OwedProcessor {
  const quietly = (what: string, job: Job, p: Promise<unknown>) =>
    p.catch((err) => log.warn({ jobId: job.id, err: (err as Error).message }, what));
  return async (job, bullToken, bullSignal) => {
    const jobId = String(job.id);
    const token = randomUUID();
    const claimed = await claim(sql, jobId, token, options);
    // Another run took the row (this run's claim lapsed: Postgres out of reach longer than its
    // time-to-live) or settled it: this run must not act beside it.
    const lost = new AbortController();
    const renew = claimed
      ? setInterval(
          () =>
            void claimOwedWork(sql, jobId, token, options.claimTtlMs).then(
              (got) => {
                if (got !== 'claimed' && !lost.signal.aborted) {
                  log.warn({ jobId, got }, 'owed work claim lost; this run stops before it acts');
                  lost.abort(new Error(`Owed work ${jobId} is no longer this run's (${got})`));
                }
              },
              (err) => log.warn({ jobId, err: (err as Error).message }, 'owed work claim not renewed'),
            ),
          Math.max(Math.floor(options.claimTtlMs / 3), 50),
        )
      : undefined;
    renew?.unref();
    const signal = bullSignal ? AbortSignal.any([bullSignal, lost.signal]) : lost.signal;
    let out: unknown;
    try {
      out = await processor(job, bullToken, signal);
    } catch (err) {
      clearInterval(renew);
      // The row is another run's now: that run settles it.
      if (lost.signal.aborted) throw err;
      // A refusal (UnrecoverableError) is the processor's decision, taken after it recorded its
      // failure fact. A last attempt's failure settles the row only once the log shows the job's
      // outcome (its failure fact recorded): otherwise the row stays, and the reconciler retries the
      // failed job.
      const final =
        err instanceof UnrecoverableError ||
        (isLastAttempt(job) && (await logReader(sql)(owedJob(job)).catch(() => false)));
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

/** The job as its owed row lists it (the payload names its order). */
function owedJob(job: Job): OwedJob {
  const payload = (job.data ?? {}) as Record<string, unknown>;
  const id = payload.registrationId;
  return { queue: job.queueName, payload, registrationId: typeof id === 'number' ? id : null };
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
