/**
 * The reconciler (issue 47): nothing the log owes is lost when Redis loses its data. The reactor
 * records each reaction as owed work (`owed_work`) before it enqueues it, and the job's final outcome
 * deletes the row (reconciler-job.ts). A sweep reads the rows of a bounded look-back window (older
 * than a grace period, so the reactor's own enqueue lands first), asks BullMQ for each job, and:
 * - claimed by a run (reconciler-job.ts), waiting, delayed or active: in flight, nothing to do;
 * - completed or failed: its outcome is known, the row is settled;
 * - unknown to Redis: if the order's stream has its done fact or final failure (or the job would only
 *   skip), the row is settled; otherwise the job is enqueued again under the same job id.
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
  selectOwedWork,
  settleOwedWork,
} from '@hs/read-models';
import type { Logger } from 'pino';
import type { Producers } from './queues';
import { settledInLog } from './reconciler-facts';
import { type RegistrationRead, loadRegistration } from './registration';
import { startSweeper } from './sweeper';

const PAGE = 500;
const IN_FLIGHT = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

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
  /** Rows settled: their job's outcome was in Redis or in the log. */
  settled: number;
}

const isQueue = (q: string): q is QueueName => (QUEUE_NAMES as readonly string[]).includes(q);

/** One sweep over the window (by the database's clock, as the rows are stamped). */
export async function reconcileOwedWork(deps: {
  sql: Sql;
  producers: Producers;
  window: ReconcileWindow;
  enqueueTimeoutMs?: number;
}): Promise<ReconcileOutcome> {
  const { sql, producers } = deps;
  const outcome: ReconcileOutcome = { checked: 0, enqueued: 0, settled: 0 };
  let after: OwedWorkCursor | undefined;
  for (;;) {
    const page = await selectOwedWork(sql, { ...deps.window, limit: PAGE, ...(after ? { after } : {}) });
    if (page.length === 0) break;
    outcome.checked += page.length;
    const { settle, missing } = await sortByJobState(producers, page);
    const reads = new Map<number, Promise<RegistrationRead>>();
    const read = (id: number) => {
      if (!reads.has(id)) reads.set(id, loadRegistration(sql, id));
      return reads.get(id)!;
    };
    // The streams of the missing jobs' orders, read side by side (the pool bounds how many at once).
    const done = await Promise.all(
      missing.map(
        async (row) =>
          row.registrationId !== null &&
          settledInLog(row.queue as QueueName, row.payload, await read(row.registrationId)),
      ),
    );
    const enqueue = missing.filter((_, i) => !done[i]);
    settle.push(...missing.filter((_, i) => done[i]));
    await settleOwedWork(
      sql,
      settle.map((r) => r.jobId),
    );
    await enqueueAgain(producers, enqueue, deps.enqueueTimeoutMs ?? 5_000);
    outcome.settled += settle.length;
    outcome.enqueued += enqueue.length;
    if (page.length < PAGE) break;
    after = page.at(-1)!;
  }
  return outcome;
}

/** Each row's job state in Redis: in flight (left alone), finished (settle) or unknown (missing). */
async function sortByJobState(producers: Producers, page: OwedWork[]) {
  const settle: OwedWork[] = [];
  const missing: OwedWork[] = [];
  const states = await Promise.all(
    page.map((row) =>
      row.claimed ? 'claimed' : isQueue(row.queue) ? producers[row.queue].getJobState(row.jobId) : 'no-queue',
    ),
  );
  for (const [i, row] of page.entries()) {
    const state = states[i]!;
    // A run holds it (Redis may have lost the job while it ran): that run settles it.
    if (row.claimed) continue;
    if (state === 'completed' || state === 'failed' || state === 'no-queue') settle.push(row);
    else if (!IN_FLIGHT.has(state)) missing.push(row);
  }
  return { settle, missing };
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

/** Sweeps at start and every `everyMs` (reactor role; any number may run: job ids keep work single). */
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
      const out = await reconcileOwedWork({
        sql: opts.sql,
        producers: opts.producers,
        window: opts.window,
      });
      if (out.enqueued > 0) opts.log.warn(out, 'owed work missing from Redis enqueued again');
      else if (out.checked > 0) opts.log.debug(out, 'owed work reconciled');
      // Older rows are outside every sweep: work owed since before the window (a worker down for days).
      const stale = await countOwedWorkBefore(opts.sql, opts.window.lookbackMs);
      if (stale > 0)
        opts.log.warn(
          { owed: stale },
          'owed work older than RECONCILE_LOOKBACK_HOURS; rewind the reactor or widen the window',
        );
    },
  });
}
