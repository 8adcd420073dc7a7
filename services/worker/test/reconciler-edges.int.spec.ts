/**
 * The reconciler's edges (issue 47, review): a job in BullMQ's failed set whose failure the log does
 * not show is retried, one whose failure is recorded is settled; paging over rows of one instant ends;
 * a run that lost its claim stops before it acts; rows older than the window are settled or owed
 * again; one sweep at a time. Real Postgres and Redis (this file's own key prefixes), an in-process
 * SMTP server.
 */
import { countEvents } from '@hs/eventstore';
import { claimOwedWork, countOwedWork, selectOwedWork } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, createProducers, readWorkerConfig, startWorker } from '../src';
import { reconcileOnce, reconcileOwedWork, sweepStaleOwedWork } from '../src/reconciler';
import { runningOwedWork } from '../src/reconciler-job';
import { type Booking, type Catalogue, type TestSmtp, book, seedCatalogue, startSmtp } from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;
const WINDOW = { lookbackMs: 3_600_000, graceMs: 0 };
const silent = pino({ level: 'silent' });

describe('worker: the reconciler at its edges', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const poll = { timeout: 30_000, interval: 50 };

  const start = async (prefix: string, env: Record<string, string> = {}) => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL(),
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      // the sweeps of these tests are called by the tests themselves
      RECONCILE_EVERY_MS: '3600000',
      WORKER_SHUTDOWN_GRACE_MS: '5000',
      ...env,
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500 });
    running.push(w);
    return w;
  };
  const stopAll = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  const producersOf = (prefix: string) => {
    const producers = createProducers(REDIS_URL(), prefix, { attempts: 3, backoffMs: 100 }, () => {});
    closers.push(() => Promise.all(Object.values(producers).map((q) => q.close())));
    return producers;
  };
  const facts = (b: Booking, type: string) =>
    countEvents(db.sql, { streamId: `registration-${b.registrationId}`, type });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const owedOf = (b: Booking) =>
    db.sql<{ job_id: string; queue: string; payload: object }[]>`
      select job_id, queue, payload from owed_work where registration_id = ${b.registrationId}
      order by job_id`;

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
  });
  afterEach(async () => {
    await stopAll();
    await db.sql`delete from owed_work`;
  });
  afterAll(async () => {
    for (const c of closers) await c();
    await smtp.close();
    await db.drop();
  });

  it('a job in the failed set without its failure in the log (it died there) is retried under its id and sends once; one whose failure is recorded is settled', async () => {
    const { prefix } = testRedis();
    const producers = producersOf(prefix);
    // The reactor only: the jobs wait in Redis with their owed rows.
    await start(prefix, { WORKER_ROLES: 'projector,reactor' });
    const b = await book(db.sql, cat, 'died-failed@example.com', { free: true });
    const confirmation = producers['confirmation-email'];
    await expect.poll(() => confirmation.getWaitingCount(), poll).toBe(1);
    const [row] = await owedOf(b);
    // A run that never reached its wrapper's end (stalled out, Postgres down on its last attempt):
    // BullMQ holds the job as failed, nothing is in the log, the owed row is still there.
    const dying = new Worker(
      'confirmation-email',
      async () => {
        throw new UnrecoverableError('worker killed twice');
      },
      { prefix, connection: { url: REDIS_URL() } as never },
    );
    await expect.poll(() => confirmation.getFailedCount(), poll).toBe(1);
    await dying.close();
    expect(await facts(b, 'EmailDeliveryFailed')).toBe(0);

    const out = await reconcileOwedWork({ sql: db.sql, producers, window: WINDOW });
    expect(out).toEqual({ checked: 1, enqueued: 0, retried: 1, settled: 0 });
    expect(await confirmation.getJobState(row!.job_id)).toBe('waiting');

    await start(prefix, { WORKER_ROLES: 'jobs' });
    await expect.poll(() => facts(b, 'ConfirmationEmailSent'), poll).toBe(1);
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    // the job's run records its fact, then BullMQ moves it to completed: a moment later on a loaded machine
    await expect.poll(() => confirmation.getJobState(row!.job_id), poll).toBe('completed');
    expect(mailsTo(b.email)).toHaveLength(1);

    // Refused for good (550): EmailDeliveryFailed recorded, the job failed, its row settled by the run.
    const refused = await book(db.sql, cat, 'reject-owed@example.com', { free: true });
    await expect.poll(() => facts(refused, 'EmailDeliveryFailed'), poll).toBe(1);
    await expect.poll(() => confirmation.getFailedCount(), poll).toBe(1);
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    // Its row back (the run's delete lost): the sweep finds the failure in the log and retries nothing.
    const [failedJob] = await confirmation.getFailed();
    await db.sql`
      insert into owed_work (job_id, queue, job_name, payload, registration_id, owed_since)
      values (${failedJob!.id!}, 'confirmation-email', ${failedJob!.name}, ${db.sql.json(failedJob!.data)}::jsonb,
        ${refused.registrationId}, now() - interval '1 second')`;
    const again = await reconcileOwedWork({ sql: db.sql, producers, window: WINDOW });
    expect(again).toEqual({ checked: 1, enqueued: 0, retried: 0, settled: 1 });
    expect(await confirmation.getFailedCount()).toBe(1);
    expect(await facts(refused, 'ConfirmationEmailSent')).toBe(0);
  });

  it('pages over more rows of one microsecond instant than a page holds, each row once, and ends', async () => {
    const { prefix } = testRedis();
    const producers = producersOf(prefix);
    // seven jobs in flight (waiting in Redis, no worker), owed since one instant with microseconds
    const ids = Array.from({ length: 7 }, (_, i) => `paging-${i}`);
    for (const id of ids)
      await producers['confirmation-email'].add(
        'send-confirmation',
        { registrationId: 1, causeEventId: id } as never,
        {
          jobId: id,
        },
      );
    await db.sql`
      insert into owed_work (job_id, queue, job_name, payload, registration_id, owed_since)
      select id, 'confirmation-email', 'send-confirmation', '{}'::jsonb, 1,
        date_trunc('second', now()) - interval '10 minutes' + interval '0.123456 seconds'
      from unnest(${ids}::text[]) as id`;
    const first = await selectOwedWork(db.sql, { ...WINDOW, limit: 3 });
    const second = await selectOwedWork(db.sql, { ...WINDOW, limit: 3, after: first.at(-1)! });
    expect(first.map((r) => r.jobId)).toEqual(ids.slice(0, 3));
    expect(second.map((r) => r.jobId)).toEqual(ids.slice(3, 6));
    const sweep = reconcileOwedWork({ sql: db.sql, producers, window: WINDOW, pageSize: 3 });
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the sweep never ended')), 10_000),
    );
    expect(await Promise.race([sweep, timeout])).toEqual({ checked: 7, enqueued: 0, retried: 0, settled: 0 });
  });

  it('a run whose claim another run took stops before it sends; its row is left to that run', async () => {
    await db.sql`
      insert into owed_work (job_id, queue, job_name, payload, registration_id)
      values ('claim-lost', 'confirmation-email', 'send-confirmation', '{}'::jsonb, null)`;
    let sends = 0;
    let stolen!: () => void;
    const taken = new Promise<void>((r) => {
      stolen = r;
    });
    const run = runningOwedWork(
      db.sql,
      silent,
      async (_job, _token, signal) => {
        await taken;
        // longer than a renewal period: the renewal has seen the claim taken
        await new Promise((r) => setTimeout(r, 400));
        signal?.throwIfAborted();
        sends++;
        return { sent: true };
      },
      { claimTtlMs: 300 },
    );
    const job = {
      id: 'claim-lost',
      data: {},
      queueName: 'confirmation-email',
      attemptsMade: 0,
      opts: { attempts: 3 },
    } as unknown as Job;
    const result = run(job).then(
      () => 'done',
      (err: Error) => err.message,
    );
    await expect
      .poll(async () => (await db.sql`select claimed_by from owed_work`)[0]!.claimed_by, poll)
      .not.toBeNull();
    // Postgres out of reach past the claim's life: another run claimed the row meanwhile.
    await db.sql`update owed_work set claimed_by = 'other run', claimed_until = now() + interval '1 minute'`;
    stolen();
    expect(await result).toMatch(/no longer this run's/);
    expect(sends).toBe(0);
    expect(await claimOwedWork(db.sql, 'claim-lost', 'a third run', 1_000)).toBe('held');
    const [row] = await db.sql`select claimed_by from owed_work where job_id = 'claim-lost'`;
    expect(row!.claimed_by).toBe('other run');
  });

  it('rows owed since before the window: settled when the log shows them done, owed again from now when not', async () => {
    const owing = await book(db.sql, cat, 'stale-owing@example.com', { free: true });
    await db.sql`
      insert into owed_work (job_id, queue, job_name, payload, registration_id, owed_since)
      values
        ('stale-gone', 'confirmation-email', 'send-confirmation', '{"registrationId": 999999}'::jsonb, 999999,
          now() - interval '100 hours'),
        ('stale-owing', 'confirmation-email', 'send-confirmation',
          ${db.sql.json({ registrationId: owing.registrationId })}::jsonb, ${owing.registrationId},
          now() - interval '100 hours')`;
    expect(await sweepStaleOwedWork(db.sql, 72 * 3_600_000)).toEqual({ settled: 1, owedAgain: 1 });
    const rows = await db.sql<{ job_id: string; recent: boolean }[]>`
      select job_id, owed_since > now() - interval '1 minute' as recent from owed_work order by job_id`;
    expect(rows).toEqual([{ job_id: 'stale-owing', recent: true }]);
  });

  it('one sweep at a time: a worker that finds another sweeping leaves it to that one', async () => {
    const { prefix } = testRedis();
    const producers = producersOf(prefix);
    await db.sql`
      insert into owed_work (job_id, queue, job_name, payload, registration_id, owed_since)
      values ('locked-1', 'confirmation-email', 'send-confirmation', '{}'::jsonb, 999998,
        now() - interval '1 minute')`;
    const other = await db.sql.reserve();
    try {
      await other`select pg_advisory_lock(hashtextextended('hs_reconciler', 0))`;
      expect(await reconcileOnce({ sql: db.sql, producers, window: WINDOW, log: silent })).toBeNull();
      expect(await countOwedWork(db.sql)).toBe(1);
      await other`select pg_advisory_unlock(hashtextextended('hs_reconciler', 0))`;
    } finally {
      other.release();
    }
    expect(await reconcileOnce({ sql: db.sql, producers, window: WINDOW, log: silent })).toEqual({
      checked: 1,
      enqueued: 0,
      retried: 0,
      settled: 1,
    });
    expect(await countOwedWork(db.sql)).toBe(0);
  });
});
