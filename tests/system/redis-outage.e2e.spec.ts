import { findEvents, listLeases, loadCheckpoint, maxGlobalPosition } from '@hs/eventstore';
import { type ProductStack, type TestSmtp, redisProxy, startProductStack, startSmtp } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Booked,
  type FreeEvent,
  book,
  confirmationFacts,
  freeEvent,
  readyz,
  waitQuiet,
  waitUntil,
} from './lib/fault-helpers';

/**
 * Redis unreachable in the middle of a booking burst. The api and the worker reach Redis only through
 * a TCP proxy the test takes down and brings back; Postgres and SMTP stay up. Booking needs only
 * Postgres (the event log is the outbox): every booking still commits and answers 201, /readyz says
 * `degraded`, the projector keeps the read models current, and once Redis is back the reactor
 * enqueues what it could not, so every confirmation email arrives, once.
 */
describe('Redis outage during a booking burst', () => {
  const BOOKINGS = 100;
  const DOWN_AFTER = 20;
  let stack: ProductStack;
  let smtp: TestSmtp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let ev: FreeEvent;

  beforeAll(async () => {
    smtp = await startSmtp();
    proxy = await redisProxy(process.env.HS_TEST_REDIS_URL!);
    stack = await startProductStack({
      env: { REDIS_URL: proxy.url(), SMTP_URL: smtp.url, JOB_BACKOFF_MS: '500' },
    });
    ev = await freeEvent(stack, 10, 50, BOOKINGS);
    // The worker is up (it connects to Redis before it starts its projector) before Redis goes away.
    await waitUntil(
      60_000,
      async () => (await listLeases(stack.db.sql)).some((l) => l.active),
      () => `a worker to take a projector lease; output:\n${stack.output()}`,
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await proxy?.stop();
    await smtp?.close();
  });

  it('every booking commits and is projected while Redis is down; every confirmation arrives once after', async () => {
    const email = (n: number) => `redis-outage-${n}@example.com`;
    const answers: Booked[] = [];
    let next = 0;
    let down: Promise<void> | null = null;
    /** Bookings sent after the proxy went down: Redis never saw them before it came back. */
    const sentWhileDown = new Set<string>();
    // Five clients book one after another each: the proxy goes down while bookings are in flight.
    const client = async () => {
      while (next < BOOKINGS) {
        const n = next++;
        if (down) sentWhileDown.add(email(n));
        answers.push(await book(stack.baseUrl, ev, n, email(n)));
        if (answers.length === DOWN_AFTER) {
          down = proxy.stop();
        }
      }
    };
    const t0 = Date.now();
    const burst = Promise.all(Array.from({ length: 5 }, client));

    // While the burst goes on: /readyz reports Redis down but stays 200 (booking needs only Postgres).
    await waitUntil(
      60_000,
      () => down !== null,
      () => `${DOWN_AFTER} answers (have ${answers.length})`,
      20,
    );
    await down;
    let degraded: Awaited<ReturnType<typeof readyz>> | undefined;
    await waitUntil(
      30_000,
      async () => {
        degraded = await readyz(stack.baseUrl);
        return degraded.status === 'degraded';
      },
      () => `/readyz to say degraded, last: ${JSON.stringify(degraded)}`,
    );
    expect(degraded).toMatchObject({ httpStatus: 200, status: 'degraded', postgres: { ok: true } });
    expect(degraded!.redis!.ok).toBe(false);
    await burst;

    expect(answers).toHaveLength(BOOKINGS);
    expect(
      answers.filter((a) => a.status < 200 || a.status >= 300),
      `every booking answered 2xx; output:\n${stack.output().slice(-3000)}`,
    ).toEqual([]);
    const ids = answers.map((a) => a.id!);
    expect(new Set(ids).size).toBe(BOOKINGS);
    // Still down after the burst.
    expect(await readyz(stack.baseUrl)).toMatchObject({ httpStatus: 200, status: 'degraded' });

    // Every acknowledged booking is in the log, and the projector (Postgres only) puts it in `orders`
    // while Redis is still away.
    const inLog = await findEvents<{ registrationId: number }>(stack.db.sql, { type: 'RegistrationBooked' });
    expect(inLog.map((e) => Number(e.data.registrationId))).toEqual(expect.arrayContaining(ids));
    const missingOrders = async () => {
      const rows = await stack.db.sql<{ id: string }[]>`
        select registration_id::text as id from orders where registration_id = any(${ids}::bigint[])`;
      const have = new Set(rows.map((r) => Number(r.id)));
      return ids.filter((id) => !have.has(id));
    };
    await waitUntil(
      60_000,
      async () => (await missingOrders()).length === 0,
      async () => `orders rows for ${JSON.stringify(await missingOrders())}`,
    );
    const reactor = await loadCheckpoint(stack.db.sql, 'notifications');
    expect(reactor.globalPosition, 'the reactor waits for Redis').toBeLessThan(
      await maxGlobalPosition(stack.db.sql),
    );

    // Down until the reactor has met the outage, backed off and retried (its enqueues fail fast, then
    // again after 200 ms, 400 ms, ...: three failures logged); nothing sent after the outage began
    // has been mailed.
    const enqueueFailures = () => stack.output().split('reactor could not enqueue; retrying').length - 1;
    await waitUntil(
      30_000,
      () => enqueueFailures() >= 3,
      () =>
        `the reactor to fail to enqueue 3 times (${enqueueFailures()}); output:\n${stack.output().slice(-3000)}`,
    );
    expect(sentWhileDown.size).toBeGreaterThan(BOOKINGS / 2);
    expect(smtp.received.filter((m) => m.to.some((t) => sentWhileDown.has(t)))).toEqual([]);

    // Redis back: /readyz ready again, and the delayed work goes out.
    const downFor = Date.now() - t0;
    await proxy.start();
    const t1 = Date.now();
    await waitUntil(
      30_000,
      async () => (await readyz(stack.baseUrl)).status === 'ready',
      async () => `/readyz to say ready, last: ${JSON.stringify(await readyz(stack.baseUrl))}`,
    );
    const copies = (to: string) => smtp.received.filter((m) => m.to.includes(to));
    const notYet = () => answers.filter((a) => copies(a.email).length === 0).map((a) => a.email);
    await waitUntil(
      90_000,
      () => notYet().length === 0,
      () =>
        `confirmations to ${notYet().length} addresses, e.g. ${notYet().slice(0, 5).join(', ')}; output:\n${stack.output().slice(-4000)}`,
      500,
    );
    console.info(
      `redis-outage: burst of ${BOOKINGS} and outage ${downFor} ms (${sentWhileDown.size} sent while down); all ${BOOKINGS} confirmations ${Date.now() - t1} ms after Redis came back`,
    );
    // A duplicate would show up now: nothing left to run, and quiet for twice JOB_BACKOFF_MS (a retry's
    // delay).
    await waitQuiet(stack, 1_000);
    for (const a of answers) {
      const got = copies(a.email);
      expect(
        got.map((m) => m.subject),
        a.email,
      ).toEqual([`Your health screening is confirmed: ${a.referenceNumber}`]);
      expect(smtp.arrived.filter((m) => m.to.includes(a.email))).toHaveLength(1);
    }
    const facts = await confirmationFacts(
      stack.db.sql,
      ids.map((id) => `registration-${id}`),
    );
    expect(facts).toHaveLength(BOOKINGS);
    expect(facts.filter((f) => f.n !== 1)).toEqual([]);
    expect(await readyz(stack.baseUrl)).toMatchObject({
      httpStatus: 200,
      status: 'ready',
      redis: { ok: true },
    });
  });
});
