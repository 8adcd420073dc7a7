/**
 * The reconciler (issue 47): nothing the log owes is lost when Redis loses its data. The reactor
 * records each reaction as owed work (`owed_work`) before it enqueues it, and the job's final outcome
 * deletes the row (reconciler-job.ts). A sweep reads the rows of a bounded look-back window (older
 * than a grace period, so the reactor's own enqueue lands first), asks BullMQ for each job, and:
 * - claimed by a run (reconciler-job.ts), waiting, delayed or active: in flight, nothing to do;
 * - completed: its outcome is known, the row is settled;
 * - failed, or unknown to Redis: if the order's stream has its done fact or its own final failure (or
 *   the job would only skip), the row is settled; otherwise a failed job is retried and a lost one
 *   enqueued again under the same job id.
 * Rows older than the window are looked at a page a sweep: settled if the log says so, else owed again.
 * One worker sweeps at a time (a session advisory lock).
 * Its cost follows the owed rows of the window (an index range), never the size of the log. Each job
 * re-checks its facts under its lock before it acts, so a job enqueued twice still acts once.
 * Reminders are not owed work: the reminder sweeper plans them from the log at every sweep.
 */
import { QUEUE_NAMES, type QueueName } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { enqueueBulkOnce } from '@hs/eventstore';
import {
  type OwedWork,
  type OwedWorkCursor,
  countOwedWorkBefore,
  oweAgain,
  selectOwedWork,
  selectStaleOwedWork,
  settleOwedWork,
} from '@hs/read-models';
import type { Logger } from 'pino';
import type { Producers } from './queues';
import { logReader } from './reconciler-facts';
import { startSweeper } from './sweeper';

const PAGE = 500;
const IN_FLIGHT = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);
/** One sweep at a time across all workers (a session advisory lock; its key is this text's hash). */
const SWEEP_LOCK = 'hs_reconciler';

export interface ReconcileWindow {
  /** How far back owed work is looked for. */
  lookbackMs: number;
  /** Owed work younger than this is left to the reactor's own enqueue. */
  graceMs: number;
}

export interface ReconcileOutcome {
  /** Owed rows of the window looked at. */
  checked: number;
  /** Jobs Redis no longer had, enqueued again. */
  enqueued: number;
  /** Failed jobs whose failure is not in the log (stalled, Postgres down), retried. */
  retried: number;
  /** Rows settled: their job completed, or their outcome is in the log. */
  settled: number;
}

const isQueue = (q: string): q is QueueName => (QUEUE_NAMES as readonly string[]).includes(q);

/** One sweep over the window (by the database's clock, as the rows are stamped). */
export async function reconcileOwedWork(deps: {
  sql: Sql;
  producers: Producers;
  window: ReconcileWindow;
  enqueueTimeoutMs?: number;
  /** Rows per page (tests page small). */
  pageSize?: number;
}): Promise<ReconcileOutcome> {
  const { sql, producers } = deps;
  const pageSize = deps.pageSize ?? PAGE;
  const outcome: ReconcileOutcome = { checked: 0, enqueued: 0, retried: 0, settled: 0 };
  let after: OwedWorkCursor | undefined;
  for (;;) {
    const page = await selectOwedWork(sql, { ...deps.window, limit: pageSize, ...(after ? { after } : {}) });
    if (page.length === 0) break;
    outcome.checked += page.length;
    const { settle, missing, failed } = await sortByJobState(producers, page);
    // What Redis lost or failed without its outcome in the log: the log says whether it is still owed.
    const settledInLog = logReader(sql);
    const check = [...missing, ...failed];
    const done = new Set(
      (await Promise.all(check.map(settledInLog))).flatMap((d, i) => (d ? [check[i]!] : [])),
    );
    settle.push(...done);
    await settleOwedWork(
      sql,
      settle.map((r) => r.jobId),
    );
    const enqueue = missing.filter((r) => !done.has(r));
    await enqueueAgain(producers, enqueue, deps.enqueueTimeoutMs ?? 5_000);
    outcome.retried += await retryFailed(
      producers,
      failed.filter((r) => !done.has(r)),
    );
    outcome.settled += settle.length;
    outcome.enqueued += enqueue.length;
    if (page.length < pageSize) break;
    after = page.at(-1)!;
  }
  return outcome;
}

/**
 * Each row's job state in Redis: in flight (left alone), completed (settle), failed (its log decides)
 * or unknown (missing: its log decides).
 */
async function sortByJobState(producers: Producers, page: OwedWork[]) {
  const settle: OwedWork[] = [];
  const missing: OwedWork[] = [];
  const failed: OwedWork[] = [];
  const states = await Promise.all(
    page.map((row) =>
      row.claimed ? 'claimed' : isQueue(row.queue) ? producers[row.queue].getJobState(row.jobId) : 'no-queue',
    ),
  );
  for (const [i, row] of page.entries()) {
    const state = states[i]!;
    // A run holds it (Redis may have lost the job while it ran): that run settles it.
    if (row.claimed) continue;
    if (state === 'completed' || state === 'no-queue') settle.push(row);
    // A job fails for good without its failure fact when it stalled out (a worker killed twice), when
    // Postgres was down on its last attempt, or when recording the failure itself failed.
    else if (state === 'failed') failed.push(row);
    else if (!IN_FLIGHT.has(state)) missing.push(row);
  }
  return { settle, missing, failed };
}

/** Failed jobs the log does not show finished, run again from their first attempt. */
async function retryFailed(producers: Producers, rows: OwedWork[]): Promise<number> {
  const retried = await Promise.all(
    rows.map(async (row) => {
      const job = await producers[row.queue as QueueName].getJob(row.jobId);
      if (!job) return false;
      // Moved out of the failed set meanwhile (an admin's retry): BullMQ refuses, and that is fine.
      return job
        .retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
        .then(() => true)
        .catch(() => false);
    }),
  );
  return retried.filter(Boolean).length;
}

/** The same job (id, name, payload) as the reactor added it; a delayed one keeps its due time. */
async function enqueueAgain(producers: Producers, rows: OwedWork[], timeoutMs: number) {
  const byQueue = new Map<QueueName, OwedWork[]>();
  for (const row of rows) {
    const q = row.queue as QueueName;
    byQueue.set(q, [...(byQueue.get(q) ?? []), row]);
  }
  await Promise.all(
    [...byQueue].map(([queue, list]) =>
      enqueueBulkOnce(
        producers[queue] as never,
        list.map((r) => ({
          name: r.jobName,
          data: r.payload,
          jobId: r.jobId,
          job: r.delayMs > 0 ? { delay: r.delayMs } : {},
        })),
        { timeoutMs },
      ),
    ),
  );
}

/**
 * Rows owed since before the window (a worker down for days, a job delayed longer than the window):
 * one page a sweep. Those whose outcome the log shows are settled; the others are owed again from
 * now, so the window's sweeps enqueue them again if Redis lost them.
 */
export async function sweepStaleOwedWork(
  sql: Sql,
  lookbackMs: number,
): Promise<{ settled: number; owedAgain: number }> {
  const stale = await selectStaleOwedWork(sql, { lookbackMs, limit: PAGE });
  const settledInLog = logReader(sql);
  const done = await Promise.all(stale.map(settledInLog));
  const settle = stale.filter((_, i) => done[i]).map((r) => r.jobId);
  const again = stale.filter((_, i) => !done[i]).map((r) => r.jobId);
  await settleOwedWork(sql, settle);
  await oweAgain(sql, again);
  return { settled: settle.length, owedAgain: again.length };
}

/**
 * One sweep (the window, then a page of older rows) under a session advisory lock on a connection of
 * its own: a worker that finds another sweeping answers null and leaves it to that one.
 */
export async function reconcileOnce(deps: {
  sql: Sql;
  producers: Producers;
  window: ReconcileWindow;
  log: Logger;
}): Promise<ReconcileOutcome | null> {
  const conn = await deps.sql.reserve();
  try {
    const [row] = await conn<{ locked: boolean }[]>`
      select pg_try_advisory_lock(hashtextextended(${SWEEP_LOCK}, 0)) as locked`;
    if (!row!.locked) return null;
    try {
      const out = await reconcileOwedWork(deps);
      if (out.enqueued > 0 || out.retried > 0)
        deps.log.warn(out, 'owed work missing from Redis or failed without its outcome: run again');
      else if (out.checked > 0) deps.log.debug(out, 'owed work reconciled');
      const stale = await sweepStaleOwedWork(deps.sql, deps.window.lookbackMs);
      if (stale.owedAgain > 0)
        deps.log.warn(
          stale,
          'owed work older than RECONCILE_LOOKBACK_HOURS and not done: owed again from now',
        );
      const left = await countOwedWorkBefore(deps.sql, deps.window.lookbackMs);
      if (left > 0) deps.log.warn({ owed: left }, 'owed work older than RECONCILE_LOOKBACK_HOURS left');
      return out;
    } finally {
      await conn`select pg_advisory_unlock(hashtextextended(${SWEEP_LOCK}, 0))`;
    }
  } finally {
    conn.release();
  }
}

/** Sweeps at start and every `everyMs` (reactor role; one worker at a time, by reconcileOnce's lock). */
export function startReconciler(opts: {
  sql: Sql;
  producers: Producers;
  everyMs: number;
  window: ReconcileWindow;
  log: Logger;
}) {
  return startSweeper({
    everyMs: opts.everyMs,
    log: opts.log,
    failure: 'reconcile sweep failed; trying again',
    sweep: async () => {
      await reconcileOnce(opts);
    },
  });
}
