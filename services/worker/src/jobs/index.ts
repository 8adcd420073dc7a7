/** The jobs role: one BullMQ Worker per queue, all in this process. */
import { Worker } from 'bullmq';
import { type EmailQueueName, QUEUE_NAMES, type QueueName } from '@hs/contracts';
import { bullmqTelemetry } from '@hs/tracing';
import { redisConnection } from '../queues';
import { type OwedProcessor, runningOwedWork } from '../reconciler-job';
import type { JobContext } from './context';
import { emailProcessor } from './email';
import { partnerProcessor } from './partner';
import { partnerCancellationProcessor } from './partner-cancellation';
import { reminderProcessor } from './reminder';
import { waitlistEmailProcessor } from './waitlist-email';

export { emailProcessor } from './email';
export { partnerProcessor } from './partner';
export { partnerCancellationProcessor } from './partner-cancellation';
export { reminderProcessor } from './reminder';
export { waitlistEmailProcessor } from './waitlist-email';
export type { JobContext } from './context';

export interface JobWorkers {
  workers: Worker[];
  /** Stops taking jobs and waits for active ones, at most `graceMs`; then closes by force. */
  close: (graceMs: number) => Promise<void>;
}

export function processorFor(queue: QueueName, ctx: JobContext): OwedProcessor {
  if (queue === 'partner-confirmation') return partnerProcessor(ctx);
  if (queue === 'partner-cancellation') return partnerCancellationProcessor(ctx);
  if (queue === 'waitlist-email') return waitlistEmailProcessor(ctx);
  if (queue === 'reminder') return reminderProcessor(ctx);
  return emailProcessor(queue as EmailQueueName, ctx);
}

export function startJobWorkers(
  ctx: JobContext,
  options: {
    redisUrl: string;
    prefix: string;
    concurrency: number;
    workerId: string;
    /** BullMQ lockDuration: how long a dead worker's job stays active before it counts as stalled. */
    lockDurationMs: number;
    /** BullMQ stalledInterval: how often this worker moves stalled jobs back to wait. */
    stalledIntervalMs: number;
  },
): JobWorkers {
  // Workers block on Redis and must wait out outages: maxRetriesPerRequest null (BullMQ requires it).
  const connection = redisConnection(options.redisUrl, { maxRetriesPerRequest: null });
  const workers = QUEUE_NAMES.map((queue) => {
    // Issue 47: a run claims its owed work, and its final outcome settles it (reconciler-job.ts).
    const processor = runningOwedWork(ctx.sql, ctx.log, processorFor(queue, ctx), {
      claimTtlMs: ctx.messageLockTtlMs,
    });
    const worker = new Worker(queue, processor, {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      name: options.workerId,
      lockDuration: options.lockDurationMs,
      stalledInterval: options.stalledIntervalMs,
      // An idle queue's blocking wait for a job, in seconds (BullMQ's default 5): a new job or a delayed
      // one falling due ends it at once (BullMQ's marker), so only an idle worker's re-polls are spared
      // (issue 47: the worker at rest).
      drainDelay: 30,
      telemetry: bullmqTelemetry(), // a span per job processed (issue 47); undefined while tracing is off
    });
    worker.on('error', (err) => ctx.log.warn({ queue, err: err.message }, 'queue worker error'));
    worker.on('failed', (job, err) =>
      ctx.log.warn(
        { queue, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
        'job failed',
      ),
    );
    return worker;
  });
  return {
    workers,
    close: async (graceMs) => {
      const graceful = Promise.all(workers.map((w) => w.close()));
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<'overdue'>((r) => {
        timer = setTimeout(() => r('overdue'), graceMs);
      });
      const outcome = await Promise.race([graceful.then(() => 'done' as const), overdue]);
      clearTimeout(timer);
      if (outcome === 'overdue') {
        ctx.log.warn({ graceMs }, 'jobs still running after the grace period; closing by force');
        // Their locks lapse and BullMQ's stalled-job check hands them to another worker.
        await Promise.all(workers.map((w) => w.close(true)));
      }
    },
  };
}
