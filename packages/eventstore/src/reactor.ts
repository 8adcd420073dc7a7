import type { Sql } from '@hs/db';
import type { JobsOptions, Queue } from 'bullmq';
import { batchSpan, jobTelemetryOf } from './spans';
import { type Runner, type SubscriptionOptions, startSubscription } from './subscription';

/**
 * A reactor is a subscription whose handler enqueues jobs (enqueueOnce, or enqueueBulkOnce from
 * `handleBatch`: one round trip to Redis per queue); `name` is also part of every job id it derives.
 * A handler that throws keeps the checkpoint and is retried with backoff.
 */
export type ReactorOptions = SubscriptionOptions;

/**
 * A subscription that turns events into BullMQ jobs. The log is the outbox: the checkpoint moves
 * past an event only once Redis accepted its jobs, so while Redis is down the reactor waits and
 * retries (bookings keep committing), and when it is back the jobs appear. An event handled again
 * after a crash re-adds jobs under the same ids, which BullMQ ignores.
 */
export function startReactor(sql: Sql, options: ReactorOptions): Runner {
  return startSubscription(sql, {
    batchSize: 50,
    retryMinMs: 200,
    retryMaxMs: 10_000,
    ...options,
    ...tracedHandlers(options),
  });
}

/**
 * The reactor's handler as a span per batch (or event), linked to the trace each event was appended
 * in; the jobs it enqueues carry their event's trace context (withCause). Issue 47.
 */
function tracedHandlers({ name, handle, handleBatch }: ReactorOptions): Partial<ReactorOptions> {
  if (handleBatch)
    return { handleBatch: (events) => batchSpan(`${name} batch`, events, () => handleBatch(events)) };
  if (handle) return { handle: (event) => batchSpan(name, [event], () => handle(event)) };
  return {};
}

/** Job id for `reaction` of `eventId`: stable across re-deliveries, and free of `:` (BullMQ forbids it). */
export function reactionJobId(reaction: string, eventId: string): string {
  return `${reaction}-${eventId}`.replaceAll(':', '_');
}

/**
 * A job of an event of the batch being handled carries that event's trace context (issue 47): its
 * processing joins the trace of the request that appended the event. Unchanged with tracing off.
 */
function withCause(opts: JobsOptions & { jobId: string }): JobsOptions {
  const telemetry = opts.telemetry ?? jobTelemetryOf(opts.jobId);
  return telemetry ? { ...opts, telemetry } : opts;
}

/** Rejects after `ms` unless `work` settled; a late failure of `work` is then ignored. */
async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => {}); // a late failure after the time-out is already reported
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
  const timeoutMs = options.timeoutMs ?? 5_000;
  await withTimeout(
    queue.add(jobName as never, data as never, withCause({ ...options.job, jobId })),
    timeoutMs,
    `Redis did not accept job ${jobId} within ${timeoutMs} ms`,
  );
}

/**
 * enqueueOnce for many jobs of one queue in one round trip (BullMQ addBulk: one MULTI). A job whose
 * id exists already is left as it is, as with enqueueOnce.
 */
export async function enqueueBulkOnce<T>(
  queue: Queue,
  jobs: { name: string; data: T; jobId: string; job?: Omit<JobsOptions, 'jobId'> }[],
  options: { timeoutMs?: number } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  for (const j of jobs)
    if (j.jobId.includes(':')) throw new TypeError(`BullMQ job ids cannot contain ':' (${j.jobId})`);
  const timeoutMs = options.timeoutMs ?? 5_000;
  await withTimeout(
    queue.addBulk(
      jobs.map((j) => ({
        name: j.name as never,
        data: j.data as never,
        opts: withCause({ ...j.job, jobId: j.jobId }),
      })),
    ),
    timeoutMs,
    `Redis did not accept ${jobs.length} jobs (${jobs[0]!.jobId}, ...) within ${timeoutMs} ms`,
  );
}
