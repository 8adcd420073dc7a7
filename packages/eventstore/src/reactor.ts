import type { Sql } from '@hs/db';
import type { JobsOptions, Queue } from 'bullmq';
import { type Runner, type RunnerOptions, startSubscription } from './subscription';
import type { RecordedEvent } from './types';

export interface ReactorOptions extends RunnerOptions {
  /** Names the checkpoint and the lease; part of every job id it derives. */
  name: string;
  /** Enqueue follow-up work (enqueueOnce); throwing keeps the checkpoint and retries with backoff. */
  handle: (event: RecordedEvent) => Promise<void>;
  eventTypes?: readonly string[];
  retryMinMs?: number;
  retryMaxMs?: number;
}

/**
 * A subscription that turns events into BullMQ jobs. The log is the outbox: the checkpoint moves
 * past an event only once Redis accepted its jobs, so while Redis is down the reactor waits and
 * retries (bookings keep committing), and when it is back the jobs appear. An event handled again
 * after a crash re-adds jobs under the same ids, which BullMQ ignores.
 */
export function startReactor(sql: Sql, options: ReactorOptions): Runner {
  return startSubscription(sql, { batchSize: 50, retryMinMs: 200, retryMaxMs: 10_000, ...options });
}

/** Job id for `reaction` of `eventId`: stable across re-deliveries, and free of `:` (BullMQ forbids it). */
export function reactionJobId(reaction: string, eventId: string): string {
  return `${reaction}-${eventId}`.replaceAll(':', '_');
}

/**
 * Adds a job under `jobId` unless one with that id exists (BullMQ then returns the existing job).
 * Keep finished jobs long enough to cover a re-delivery (`removeOnComplete: { age }`), or a job
 * removed already could run twice. Rejects after `timeoutMs` when Redis does not answer, so the
 * reactor backs off instead of hanging; the add may still land later, harmlessly, under the same id.
 */
export async function enqueueOnce<T>(
  queue: Queue,
  jobName: string,
  data: T,
  jobId: string,
  options: { timeoutMs?: number; job?: Omit<JobsOptions, 'jobId'> } = {},
): Promise<void> {
  if (jobId.includes(':')) throw new TypeError(`BullMQ job ids cannot contain ':' (${jobId})`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Redis did not accept job ${jobId} within ${options.timeoutMs ?? 5_000} ms`)),
      options.timeoutMs ?? 5_000,
    );
  });
  const adding = queue.add(jobName as never, data as never, { ...options.job, jobId });
  adding.catch(() => {}); // a late failure after the time-out is already reported
  try {
    await Promise.race([adding, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
