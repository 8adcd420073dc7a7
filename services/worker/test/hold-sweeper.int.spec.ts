/**
 * Payment holds expire from the log: two workers sweeping the same database expire each due order
 * once, a hold that came due while no worker ran is expired by the next one to start, and Redis
 * being away does not hold expiry up.
 */
import { registrationStream } from '@hs/domain';
import { countEvents } from '@hs/eventstore';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, book, pay, seedCatalogue } from './helpers';

describe('worker: the payment hold sweeper', () => {
  let db: TestDatabase;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const poll = { timeout: 15_000, interval: 50 };

  const start = async (redisUrl = process.env.HS_TEST_REDIS_URL!) => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      BULLMQ_PREFIX: testRedis().prefix,
      WORKER_ROLES: 'projector,reactor',
      HOLD_SWEEP_MS: '50',
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500 });
    running.push(w);
    return w;
  };
  const statusOf = async (registrationId: number) => {
    const [row] = await db.sql<{ status: string }[]>`
      select status from orders where registration_id = ${registrationId}`;
    return row?.status;
  };
  const expiries = (registrationId: number) =>
    countEvents(db.sql, { streamId: registrationStream(registrationId).id, type: 'RegistrationExpired' });

  beforeAll(async () => {
    db = await testDatabase();
    cat = await seedCatalogue(db.sql, 5);
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('two workers expire each due order once; paid, partner-paid, free and unheld orders stay', async () => {
    await start();
    await start();
    const held = await Promise.all(
      Array.from({ length: 8 }, (_, i) => book(db.sql, cat, `held${i}@example.com`, { holdSeconds: 1 })),
    );
    const paid = await book(db.sql, cat, 'paid@example.com', { holdSeconds: 1 });
    await pay(db.sql, paid, 13_952);
    const partner = await book(db.sql, cat, 'partner@example.com', {
      holdSeconds: 1,
      partner: { bookingCode: 'WC-HOLD-1', paidCents: 5_000, isPaid: true },
    });
    const free = await book(db.sql, cat, 'free@example.com', { free: true, holdSeconds: 1 });
    const unheld = await book(db.sql, cat, 'unheld@example.com');

    for (const b of held) await expect.poll(() => statusOf(b.registrationId), poll).toBe('expired');
    // Several more sweeps of both workers over the same orders.
    await new Promise((r) => setTimeout(r, 500));
    for (const b of held) expect(await expiries(b.registrationId)).toBe(1);
    expect(await statusOf(paid.registrationId)).toBe('paid');
    expect(await statusOf(partner.registrationId)).toBe('pending_payment');
    expect(await statusOf(free.registrationId)).toBe('confirmed');
    expect(await statusOf(unheld.registrationId)).toBe('pending_payment');
    for (const b of [paid, partner, free, unheld]) expect(await expiries(b.registrationId)).toBe(0);
  });

  it('a hold that ran out while no worker ran is expired by the next worker to start', async () => {
    const first = await start();
    const b = await book(db.sql, cat, 'restart@example.com', { holdSeconds: 1 });
    await expect.poll(() => statusOf(b.registrationId), poll).toBe('pending_payment');
    await first.stop();
    running.splice(0);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await expiries(b.registrationId)).toBe(0);

    await start();
    await expect.poll(() => statusOf(b.registrationId), poll).toBe('expired');
    expect(await expiries(b.registrationId)).toBe(1);
  });

  it('expires holds while Redis is unreachable (the due time is in Postgres, not in a queue)', async () => {
    await start('redis://127.0.0.1:1');
    const b = await book(db.sql, cat, 'no-redis@example.com', { holdSeconds: 1 });
    await expect.poll(() => statusOf(b.registrationId), poll).toBe('expired');
    expect(await expiries(b.registrationId)).toBe(1);
  });
});
