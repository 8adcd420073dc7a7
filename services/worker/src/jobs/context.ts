import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import type { PartnerClient } from '@hs/gateways';
import type { Mailer } from '@hs/notifications';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface JobContext {
  sql: Sql;
  mailer: Mailer;
  partner: PartnerClient;
  log: Logger;
  /** How long a job waits for the orders projection to catch up before it fails (and is retried). */
  orderWaitMs: number;
  clock: () => Date;
  /** For per-message locks (withLock); keys are under `lockPrefix`. */
  redis: Redis;
  lockPrefix: string;
}

/** What a processor answers when it decided not to act (kept as the job's return value). */
export interface Skipped {
  skipped: string;
}

/** True on the job's last attempt: a failure now is final. */
export function isLastAttempt(job: Job): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `fn` holding a Redis lock on `key` (SET NX with a time-to-live, released only by its owner),
 * so two workers handling two jobs for the same message check "already sent?" and send one at a
 * time. A lock not obtained within `waitMs` fails the job, which BullMQ retries. Redis rather than a
 * Postgres session lock: that would pin a pool connection per running job, and the job's own queries
 * need the pool too.
 */
export async function withLock<T>(
  redis: Redis,
  key: string,
  fn: () => Promise<T>,
  options: { ttlMs?: number; waitMs?: number } = {},
): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  while ((await redis.set(key, token, 'PX', options.ttlMs ?? 120_000, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(`Could not take the lock ${key}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await fn();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  }
}
