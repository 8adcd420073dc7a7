/**
 * The BullMQ side of the queues named in @hs/contracts (queues.ts): job options and the producers.
 */
import { QUEUE_NAMES, type QueueName, type QueuePayloads } from '@hs/contracts';
import { bullmqTelemetry } from '@hs/tracing';
import { type ConnectionOptions, type DefaultJobOptions, Queue } from 'bullmq';

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
    const queue = new Queue(name, {
      connection,
      prefix,
      defaultJobOptions: defaultJobOptions(policy),
      telemetry: bullmqTelemetry(), // producer spans (issue 47); undefined while tracing is off
    });
    queue.on('error', (err) => onError(err, name));
    out[name] = queue;
  }
  return out as unknown as Producers;
}
