/**
 * Nothing owed is lost when Redis loses its data (issue 47): the reactor records each reaction as owed
 * work, and the reconciler enqueues again, under the same job id, what Redis no longer has. Real
 * Postgres, Redis (this file's own key prefix: "flushing" deletes only its keys), an in-process SMTP
 * server answering 451 and the fake partner's HTTP server answering 503 while they are "down".
 */
import { randomUUID } from 'node:crypto';
import { QUEUES, QUEUE_NAMES, type QueueName } from '@hs/contracts';
import { countEvents, loadCheckpoint, maxGlobalPosition, rewindSubscription } from '@hs/eventstore';
import {
  type FakePartnerServer,
  type PartnerClient,
  createHttpPartnerClient,
  startFakePartnerServer,
} from '@hs/gateways';
import { countOwedWork } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REACTOR_NAME,
  type RunningWorker,
  type WorkerDeps,
  createProducers,
  readWorkerConfig,
  startWorker,
} from '../src';
import { reconcileOwedWork } from '../src/reconciler';
import {
  type Booking,
  type Catalogue,
  type TestSmtp,
  book,
  cancel,
  pay,
  seedCatalogue,
  startSmtp,
} from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;
const PARTNER_CODE = '100000000001';

describe('worker: the reconciler enqueues again what Redis lost', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let partnerServer: FakePartnerServer;
  let cat: Catalogue;
  let redis: Redis;
  /** Confirmations and cancellation notices the partner answered 2xx to, as the worker's client saw them. */
  const partnerConfirms: string[] = [];
  const partnerCancels: string[] = [];
  let partner: PartnerClient;
  const running: RunningWorker[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const poll = { timeout: 30_000, interval: 50 };

  const start = async (prefix: string, env: Record<string, string> = {}, deps: WorkerDeps = {}) => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL(),
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      JOB_ATTEMPTS: '30',
      JOB_BACKOFF_MS: '300',
      RECONCILE_EVERY_MS: '100',
      RECONCILE_GRACE_MS: '200',
      WORKER_SHUTDOWN_GRACE_MS: '5000',
      ...env,
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500, partner, ...deps });
    running.push(w);
    return w;
  };
  const stopAll = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  const queuesOf = (prefix: string) => {
    const out = {} as Record<QueueName, Queue>;
    for (const name of QUEUE_NAMES) {
      const q = new Queue(name, { prefix, connection: { url: REDIS_URL() } as never });
      closers.push(() => q.close());
      out[name] = q;
    }
    return out;
  };
  /** What a Redis without persistence does on a restart, for this test's keys only. */
  const flush = async (prefix: string) => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const facts = (b: Booking, type: string) =>
    countEvents(db.sql, { streamId: `registration-${b.registrationId}`, type });
  const jobIds = async (q: Queue, states: Parameters<Queue['getJobs']>[0]) =>
    (await q.getJobs(states)).map((j) => j.id).sort();
  type OwedRow = {
    job_id: string;
    queue: QueueName;
    job_name: string;
    payload: object;
    registration_id: number;
  };
  const owedRows = () =>
    db.sql<OwedRow[]>`select job_id, queue, job_name, payload, registration_id::int from owed_work`;
  /** Jobs of any state in the given queues. */
  const jobCount = async (queues: Queue[]) => {
    let n = 0;
    for (const q of queues) n += Object.values(await q.getJobCounts()).reduce((x, y) => x + y, 0);
    return n;
  };
  /**
   * Work already done, owed again as a Redis that lost it after the fact would leave it: first its
   * rows alone (a run's delete lost): the running reconciler must settle them from the log and enqueue
   * nothing; then copies of the jobs under their ids (an old copy Redis kept): each must skip.
   */
  const owedAgainAfterDone = async (prefix: string, queues: Record<QueueName, Queue>, rows: OwedRow[]) => {
    await flush(prefix);
    for (const r of rows)
      await db.sql`
        insert into owed_work (job_id, queue, job_name, payload, registration_id, owed_since)
        values (${r.job_id}, ${r.queue}, ${r.job_name}, ${db.sql.json(r.payload as never)}::jsonb,
          ${r.registration_id}, now() - interval '1 second')`;
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    expect(await jobCount([...new Set(rows.map((r) => queues[r.queue]))])).toBe(0);
    for (const r of rows)
      await queues[r.queue].add(r.job_name, r.payload, {
        jobId: r.job_id,
        attempts: 3,
        backoff: 100,
      } as never);
    for (const r of rows)
      await expect.poll(() => queues[r.queue].getJobState(r.job_id), poll).toBe('completed');
    for (const r of rows)
      expect((await queues[r.queue].getJob(r.job_id))!.returnvalue).toHaveProperty('skipped');
  };

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    partnerServer = await startFakePartnerServer();
    const http = createHttpPartnerClient({ baseUrl: partnerServer.url, timeoutMs: 2_000, retries: 0 });
    partner = {
      ...http,
      confirmBooking: async (code, confirmation) => {
        await http.confirmBooking(code, confirmation);
        partnerConfirms.push(confirmation.referenceNumber);
      },
      cancelBooking: async (code, cancellation) => {
        await http.cancelBooking(code, cancellation);
        partnerCancels.push(cancellation.referenceNumber);
      },
    };
    cat = await seedCatalogue(db.sql, 3);
    redis = new Redis(REDIS_URL());
  });
  afterEach(async () => {
    await stopAll();
    smtp.defer.clear();
    partnerServer.failNext(0);
  });
  afterAll(async () => {
    for (const c of closers) await c();
    redis.disconnect();
    await partnerServer.close();
    await smtp.close();
    await db.drop();
  });

  it('Redis flushed while confirmation and receipt emails and a partner confirmation wait for a retry: once SMTP and the partner are back, each happens once', async () => {
    const { prefix } = testRedis();
    const queues = queuesOf(prefix);
    const emails = ['owed-1@example.com', 'owed-2@example.com', 'owed-3@example.com'];
    const partnerEmail = 'owed-partner@example.com';
    // "down": 451 to every message, 503 to every partner call
    for (const e of [...emails, partnerEmail]) smtp.defer.set(e, 1_000_000);
    partnerServer.failNext(1_000_000);
    await start(prefix);

    const paid: Booking[] = [];
    for (const e of emails) {
      const b = await book(db.sql, cat, e);
      await pay(db.sql, b, 13_952, `TXN-OWED-${b.registrationId}`);
      paid.push(b);
    }
    const viaPartner = await book(db.sql, cat, partnerEmail, {
      partner: { bookingCode: PARTNER_CODE, paidCents: 13_952, isPaid: true },
    });
    // every job has failed at least once and waits for its retry
    const waiting = async () => ({
      confirmations: (await jobIds(queues['confirmation-email'], ['delayed'])).length,
      receipts: (await jobIds(queues['receipt-email'], ['delayed'])).length,
      partner: (await jobIds(queues['partner-confirmation'], ['delayed'])).length,
    });
    await expect.poll(waiting, poll).toEqual({ confirmations: 4, receipts: 3, partner: 1 });
    const before = {
      confirmations: await jobIds(queues['confirmation-email'], ['delayed', 'wait', 'active']),
      receipts: await jobIds(queues['receipt-email'], ['delayed', 'wait', 'active']),
      partner: await jobIds(queues['partner-confirmation'], ['delayed', 'wait', 'active']),
    };
    expect(await countOwedWork(db.sql)).toBe(8);
    const owed = await owedRows();

    await flush(prefix);
    expect(await queues['confirmation-email'].getDelayedCount()).toBe(0);
    smtp.defer.clear();
    partnerServer.failNext(0);

    for (const b of paid) await expect.poll(() => mailsTo(b.email).length, poll).toBe(2);
    await expect.poll(() => mailsTo(partnerEmail).length, poll).toBe(1);
    await expect.poll(() => partnerConfirms.length, poll).toBe(1);
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    // The same jobs, under the same ids, and no other: the emails above went once each. A job that was
    // running when Redis was flushed sends and records its fact, but BullMQ can no longer mark it
    // completed (its keys went with the flush), so a completed set may lack it; it never holds a new id.
    const completed = (q: QueueName) => () => jobIds(queues[q], ['completed']);
    const withinIds = (ids: (string | undefined)[]) => (got: (string | undefined)[]) =>
      got.length >= ids.length - 1 && got.every((id) => ids.includes(id));
    await expect.poll(completed('confirmation-email'), poll).toSatisfy(withinIds(before.confirmations));
    await expect.poll(completed('receipt-email'), poll).toSatisfy(withinIds(before.receipts));
    await expect.poll(completed('partner-confirmation'), poll).toSatisfy(withinIds(before.partner));

    // Redis lost again with the work owed again: nothing more is sent.
    await owedAgainAfterDone(prefix, queues, owed);
    await stopAll();
    for (const b of paid) {
      expect(mailsTo(b.email)).toHaveLength(2);
      expect(await facts(b, 'ConfirmationEmailSent')).toBe(1);
      expect(await facts(b, 'ReceiptEmailSent')).toBe(1);
      expect(await facts(b, 'EmailDeliveryFailed')).toBe(0);
    }
    expect(mailsTo(partnerEmail)).toHaveLength(1);
    expect(partnerConfirms).toEqual([viaPartner.referenceNumber]);
    expect(partnerServer.confirmations).toHaveLength(1);
    expect(await facts(viaPartner, 'PartnerConfirmed')).toBe(1);
  });

  it('Redis flushed while a partner cancellation notice waits for a retry: the partner is told once, and it is recorded', async () => {
    const { prefix } = testRedis();
    const queues = queuesOf(prefix);
    await start(prefix);
    const b = await book(db.sql, cat, 'owed-cancel@example.com', {
      partner: { bookingCode: '100000000002', paidCents: 5_000, isPaid: true },
    });
    // partly paid at the partner: awaiting the rest, so nothing is confirmed to the partner yet
    partnerServer.failNext(1_000_000);
    await cancel(db.sql, b);
    await expect.poll(() => queues['partner-cancellation'].getDelayedCount(), poll).toBe(1);
    const notice = (await owedRows()).filter((r) => r.queue === 'partner-cancellation');
    expect(notice).toHaveLength(1);
    await flush(prefix);
    partnerServer.failNext(0);
    await expect.poll(() => facts(b, 'PartnerCancellationNotified'), poll).toBe(1);
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    await owedAgainAfterDone(prefix, queues, notice);
    await stopAll();
    expect(partnerCancels).toEqual([b.referenceNumber]);
    expect(await facts(b, 'PartnerCancellationNotified')).toBe(1);
    expect(await facts(b, 'CancellationEmailSent')).toBe(1);
  });

  it('a sweep over a database where everything is done enqueues nothing, even with every reaction listed as owed again', async () => {
    const { prefix } = testRedis();
    const queues = queuesOf(prefix);
    const done: Booking[] = [];
    await start(prefix);
    for (let i = 0; i < 3; i++) {
      const b = await book(db.sql, cat, `done-${i}@example.com`);
      await pay(db.sql, b, 13_952, `TXN-DONE-${b.registrationId}`);
      done.push(b);
    }
    for (const b of done) await expect.poll(() => facts(b, 'ReceiptEmailSent'), poll).toBe(1);
    for (const b of done) await expect.poll(() => facts(b, 'ConfirmationEmailSent'), poll).toBe(1);
    await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
    await stopAll();

    // The reactor handed the whole log over again (a rewind, as after a restore) into a Redis that
    // then lost it all: owed_work lists every reaction of the log, Redis holds no job.
    await rewindSubscription(db.sql, REACTOR_NAME);
    await start(prefix, { WORKER_ROLES: 'projector,reactor', RECONCILE_GRACE_MS: '3600000' });
    const head = await maxGlobalPosition(db.sql);
    await expect
      .poll(async () => (await loadCheckpoint(db.sql, REACTOR_NAME)).globalPosition, poll)
      .toBe(head);
    await stopAll();
    await flush(prefix);
    const owed = await countOwedWork(db.sql);
    expect(owed).toBeGreaterThan(0);

    const producers = createProducers(REDIS_URL(), prefix, { attempts: 3, backoffMs: 100 }, () => {});
    closers.push(() => Promise.all(Object.values(producers).map((q) => q.close())));
    const outcome = await reconcileOwedWork({
      sql: db.sql,
      producers,
      window: { lookbackMs: 3_600_000, graceMs: 0 },
    });
    expect(outcome).toEqual({ checked: owed, enqueued: 0, retried: 0, settled: owed });
    for (const q of Object.values(queues)) {
      const counts = await q.getJobCounts();
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
    }
    expect(await countOwedWork(db.sql)).toBe(0);
  });

  it('race, 12 rounds: Redis lost before, during or after a send while the reconciler sweeps nonstop (and a copy of the job enqueued beside the one running): one email each time', async () => {
    const { prefix } = testRedis();
    const env = { RECONCILE_EVERY_MS: '50', RECONCILE_GRACE_MS: '0', JOB_BACKOFF_MS: '50' };
    await start(prefix, env);
    await start(prefix, env);
    const producers = createProducers(REDIS_URL(), prefix, { attempts: 30, backoffMs: 50 }, () => {});
    closers.push(() => Promise.all(Object.values(producers).map((q) => q.close())));
    let sweeping = true;
    const sweeps = (async () => {
      while (sweeping) {
        await reconcileOwedWork({ sql: db.sql, producers, window: { lookbackMs: 3_600_000, graceMs: 0 } });
      }
    })();
    const rounds: Booking[] = [];
    try {
      for (let round = 0; round < 12; round++) {
        const email = `race-${round}-${randomUUID().slice(0, 6)}@example.com`;
        let arrived!: () => void;
        const dataArrived = new Promise<void>((r) => {
          arrived = r;
        });
        let release!: () => void;
        const released = new Promise<void>((r) => {
          release = r;
        });
        smtp.holdReply = async (mail) => {
          if (!mail.to.includes(email)) return;
          arrived();
          await released;
        };
        const b = await book(db.sql, cat, email, { free: true });
        rounds.push(b);
        const when = round % 3; // 0: before the send, 1: during it, 2: after it
        if (when === 0) await flush(prefix);
        await dataArrived;
        if (when === 1) {
          await flush(prefix);
          if (round % 2 === 1) {
            // a reconciler that read the row just before the run claimed it: a second copy now
            const [cause] = await db.sql<{ job_id: string; payload: object }[]>`
              select job_id, payload from owed_work where registration_id = ${b.registrationId}`;
            if (cause) {
              await producers['confirmation-email'].add(
                QUEUES['confirmation-email'].jobName,
                cause.payload as never,
                { jobId: cause.job_id },
              );
            }
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        release();
        await expect.poll(() => facts(b, 'ConfirmationEmailSent'), poll).toBe(1);
        if (when === 2) await flush(prefix);
      }
      await expect.poll(() => countOwedWork(db.sql), poll).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      smtp.holdReply = null;
      sweeping = false;
      await sweeps;
    }
    await stopAll();
    for (const b of rounds) {
      expect(mailsTo(b.email)).toHaveLength(1);
      expect(await facts(b, 'ConfirmationEmailSent')).toBe(1);
    }
  }, 180_000);
});
