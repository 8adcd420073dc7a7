import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import type { PartnerClient, SmsGateway } from '@hs/gateways';
import type { Mailer } from '@hs/notifications';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface JobContext {
  sql: Sql;
  mailer: Mailer;
  partner: PartnerClient;
  /** Reminder SMS (issue 26). */
  sms: SmsGateway;
  log: Logger;
  /** How long a job waits for the orders projection to catch up before it fails (and is retried). */
  orderWaitMs: number;
  /** How visitors reach the site (PUBLIC_BASE_URL): links in emails. */
  publicBaseUrl: string;
  /** Signs the waiting-list links (WAITLIST_TOKEN_SECRET): the api opens them with the same secret. */
  waitlistTokenSecret: string;
  /** Signs the manage links of the emails (MANAGE_LINK_SECRET): the api verifies them with the same secret. */
  manageLinkSecret: string;
  clock: () => Date;
  /** For per-message locks (withLock); keys are under `lockPrefix`. */
  redis: Redis;
  lockPrefix: string;
  /**
   * Time-to-live of a per-message lock; renewed while its job runs, so it only bounds how long a
   * killed worker's lock blocks the retry (the job's own BullMQ lock lapses after the same time).
   */
  messageLockTtlMs: number;
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
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Runs `fn` holding a Redis lock on `key` (SET NX with a time-to-live, released only by its owner),
 * so two workers handling two jobs for the same message check "already sent?" and send one at a
 * time. While `fn` runs the lock is renewed every third of `ttlMs`, so a slow send keeps it, and a
 * worker killed mid-job (SIGKILL) leaves it for at most `ttlMs`: the retry on another worker waits
 * that long at most. A lock not obtained within `waitMs` fails the job, which BullMQ retries. Redis
 * rather than a Postgres session lock: that would pin a pool connection per running job, and the
 * job's own queries need the pool too.
 */
export async function withLock<T>(
  redis: Redis,
  key: string,
  fn: () => Promise<T>,
  options: { ttlMs?: number; waitMs?: number } = {},
): Promise<T> {
  const token = randomUUID();
  const ttlMs = options.ttlMs ?? 30_000;
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  while ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new Error(`Could not take the lock ${key}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const renew = setInterval(
    () => void redis.eval(EXTEND, 1, key, token, ttlMs).catch(() => {}),
    Math.max(Math.floor(ttlMs / 3), 50),
  );
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  }
}

/** withLock on one message's key (`<prefix>:lock:<key>`), with the configured time-to-live. */
export function withMessageLock<T>(ctx: JobContext, key: string, fn: () => Promise<T>): Promise<T> {
  return withLock(ctx.redis, `${ctx.lockPrefix}:lock:${key}`, fn, { ttlMs: ctx.messageLockTtlMs });
}
