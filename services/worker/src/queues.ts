/**
 * Every BullMQ queue of the product in one map: queue name -> job name and payload. Payloads carry
 * ids only, never personal data: the processor reads what it needs from the read models and the log.
 * The api's admin queue view lists the same names (services/api/src/routes/admin/previews.ts).
 */
import { type ConnectionOptions, type DefaultJobOptions, Queue } from 'bullmq';

export interface QueuePayloads {
  /** Booking confirmed or paid: the confirmation email with the confirmation PDF. */
  'confirmation-email': { registrationId: number; causeEventId: string };
  /** A payment recorded: the receipt email with the receipt PDF. */
  'receipt-email': { registrationId: number; transactionId: string; causeEventId: string };
  /** Booking cancelled: the cancellation email. */
  'cancellation-email': { registrationId: number; causeEventId: string };
  /** 24 h before the appointment (a delayed job); skipped if cancelled or moved meanwhile. */
  'reminder-email': {
    registrationId: number;
    timeslotId: number;
    appointmentAt: string;
    causeEventId: string;
  };
  /** Partner booking paid or confirmed: tell the partner. */
  'partner-confirmation': { registrationId: number; causeEventId: string };
}

export type QueueName = keyof QueuePayloads;

export const QUEUES = {
  'confirmation-email': { jobName: 'send-confirmation', emailType: 'confirmation' },
  'receipt-email': { jobName: 'send-receipt', emailType: 'receipt' },
  'cancellation-email': { jobName: 'send-cancellation', emailType: 'cancellation' },
  'reminder-email': { jobName: 'send-reminder', emailType: 'reminder' },
  'partner-confirmation': { jobName: 'confirm-partner', emailType: null },
} as const satisfies Record<QueueName, { jobName: string; emailType: string | null }>;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export type EmailQueueName = Exclude<QueueName, 'partner-confirmation'>;

/** Retries and retention shared by every job. */
export interface JobPolicy {
  attempts: number;
  /** First retry delay; doubles per attempt, with jitter. */
  backoffMs: number;
}

export const DEFAULT_JOB_POLICY: JobPolicy = { attempts: 8, backoffMs: 5_000 };

export function defaultJobOptions(policy: JobPolicy = DEFAULT_JOB_POLICY): DefaultJobOptions {
  return {
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.backoffMs, jitter: 0.5 },
    // Completed jobs are kept a week: a re-delivered event within that window finds its job id taken.
    removeOnComplete: { age: 7 * 86_400, count: 50_000 },
    // Failed jobs stay (30 days) for the admin to read and retry.
    removeOnFail: { age: 30 * 86_400, count: 10_000 },
  };
}

/** ioredis options from a redis:// URL, for BullMQ's own connections. */
export function redisConnection(url: string, extra: Record<string, unknown> = {}): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    ...extra,
  } as ConnectionOptions;
}

export type Producers = { [Q in QueueName]: Queue<QueuePayloads[Q]> };

/**
 * Producer queues (the reactor's): no offline queue and one retry per command, so an add fails fast
 * while Redis is down and the reactor backs off and tries the same event again.
 */
export function createProducers(
  redisUrl: string,
  prefix: string,
  policy: JobPolicy,
  onError: (err: Error, queue: QueueName) => void,
): Producers {
  const connection = redisConnection(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times: number) => Math.min(200 * times, 2_000),
  });
  const out = {} as Record<QueueName, Queue>;
  for (const name of QUEUE_NAMES) {
    const queue = new Queue(name, { connection, prefix, defaultJobOptions: defaultJobOptions(policy) });
    queue.on('error', (err) => onError(err, name));
    out[name] = queue;
  }
  return out as unknown as Producers;
}
