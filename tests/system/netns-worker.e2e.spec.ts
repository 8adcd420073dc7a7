/**
 * A worker on a separate host: a network namespace of its own, joined to this host by a veth pair.
 * Postgres, Redis and the SMTP test server listen on 127.0.0.1 only, so small TCP relays in this
 * process listen on the host end of the link and forward to them; the namespace's own loopback has
 * nothing on it. The worker there needs nothing but DATABASE_URL, REDIS_URL and SMTP_URL pointing at
 * the link. When that host is cut off (link down, process still running), a worker on this host takes
 * its leases over and does the rest; back on the link, the cut-off worker stands by without doing
 * anything twice, and takes the leases back over the link when the host worker is killed.
 */
import type { ChildProcess } from 'node:child_process';
import { listLeases } from '@hs/eventstore';
import { type ProductStack, type TestSmtp, startProductStack, startSmtp } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Netns,
  type PaidBooking,
  type Relay,
  SUBSCRIPTIONS,
  type Screening,
  bookAndPay,
  createNetns,
  hostPort,
  leaseHolders,
  mailCounts,
  netnsUnavailable,
  projectionProblems,
  screening,
  sentFacts,
  sleep,
  startRelay,
  tryConnectFrom,
  via,
  waitUntil,
} from './lib/scale-out';
import { waitQuiet } from './lib/fault-helpers';

/** The projections' and the reactor's lease length (the eventstore's default; the worker sets none). */
const LEASE_MS = 10_000;

const unavailable = netnsUnavailable();
if (unavailable) console.warn(`netns-worker: skipped, ${unavailable}`);

const title = `a worker on a separate host (network namespace)${unavailable ? `: skipped, ${unavailable}` : ''}`;

describe.skipIf(unavailable !== null)(title, () => {
  let ns: Netns | undefined;
  let smtp: TestSmtp | undefined;
  let stack: ProductStack | undefined;
  const relays: Relay[] = [];
  let pg: Relay;
  let redis: Relay;
  let mail: Relay;
  let s: Screening;
  let remote: ChildProcess;
  let local: ChildProcess | undefined;
  const booked: PaidBooking[] = [];
  let next = 1;

  beforeAll(async () => {
    ns = createNetns();
    smtp = await startSmtp();
    stack = await startProductStack({
      workers: 0,
      env: {
        SMTP_URL: smtp.url,
        JOB_BACKOFF_MS: '500',
        WORKER_SHUTDOWN_GRACE_MS: '3000',
        WORKER_LOCK_DURATION_MS: '5000',
        WORKER_STALLED_INTERVAL_MS: '2000',
      },
    });
    for (const [url, port] of [
      [stack.env.DATABASE_URL!, 5432],
      [stack.env.REDIS_URL!, 6379],
      [smtp.url, 25],
    ] as const) {
      relays.push(await startRelay(ns.hostAddr, hostPort(url, port)));
    }
    [pg, redis, mail] = relays as [Relay, Relay, Relay];
    s = await screening(stack, [1000]);
  });
  afterAll(async () => {
    // Each step on its own: a failure in one must not leave the namespace or a relay behind.
    await stack?.stop().catch((err) => console.error('stopping the stack', err));
    for (const r of relays) await r.close().catch(() => {});
    await smtp?.close().catch(() => {});
    ns?.remove();
  });

  const out = () => `\n--- process output (tail) ---\n${stack!.output().slice(-6000)}`;
  const bookSome = async (count: number) => {
    const mine: PaidBooking[] = [];
    for (let i = 0; i < count; i++) {
      const n = next++;
      mine.push(
        await bookAndPay(stack!.baseUrl, stack!.baseUrl, n, s.slotIds[0]!, s).catch((err: Error) => {
          throw new Error(`${err.message}${out()}`);
        }),
      );
    }
    booked.push(...mine);
    return mine;
  };
  /** Every booking so far has its confirmation and receipt, and every projection is at the log head. */
  const allDone = async (timeoutMs: number) => {
    const sql = stack!.db.sql;
    const ids = booked.map((b) => b.registrationId);
    const missing = () =>
      booked.filter((b) => {
        const c = mailCounts(smtp!.received, b.email);
        return c.confirmations < 1 || c.receipts < 1;
      });
    await waitUntil(
      timeoutMs,
      () => missing().length === 0,
      () => `mail missing for ${missing().map((b) => b.email)}${out()}`,
    );
    await waitUntil(
      60_000,
      async () => [...(await sentFacts(sql, ids)).values()].every((c) => c.confirmations && c.receipts),
      async () => `sent facts ${JSON.stringify([...(await sentFacts(sql, ids))])}${out()}`,
    );
    await waitUntil(
      60_000,
      async () => (await projectionProblems(sql)).length === 0,
      async () => `projections: ${(await projectionProblems(sql)).join('; ')}${out()}`,
    );
    const [paid] = await sql<{ n: number }[]>`
      select count(*)::int as n from orders where registration_id = any(${ids}::bigint[]) and status = 'paid'`;
    expect(paid!.n).toBe(ids.length);
  };
  /**
   * Once nothing is left to run (and twice JOB_BACKOFF_MS, a retry's delay, has passed quietly): each
   * booking so far mailed and recorded once of each kind.
   */
  const settledOnce = async () => {
    await waitQuiet(stack!, 1_000);
    for (const b of booked) {
      expect(mailCounts(smtp!.arrived, b.email), b.email).toEqual({ confirmations: 1, receipts: 1 });
    }
    const facts = await sentFacts(
      stack!.db.sql,
      booked.map((b) => b.registrationId),
    );
    for (const [id, c] of facts) expect(c, `registration ${id}`).toEqual({ confirmations: 1, receipts: 1 });
    expect(await projectionProblems(stack!.db.sql)).toEqual([]);
  };
  const holdersAre = (holder: string, timeoutMs: number) =>
    waitUntil(
      timeoutMs,
      async () => {
        const h = await leaseHolders(stack!.db.sql);
        return SUBSCRIPTIONS.every((name) => h[name] === holder);
      },
      async () =>
        `lease holders ${JSON.stringify(await leaseHolders(stack!.db.sql))}, wanted ${holder}${out()}`,
    );

  it('the worker in the namespace reaches Postgres, Redis and SMTP only over the link, and does all the work', async () => {
    // The namespace has a loopback of its own: Postgres is not there, only behind the link.
    const pgPort = hostPort(stack!.env.DATABASE_URL!, 5432).port;
    expect(tryConnectFrom(ns!.name, '127.0.0.1', pgPort)).toBe('ECONNREFUSED');
    expect(tryConnectFrom(ns!.name, ns!.hostAddr, pg.port)).toBe('connected');

    const link = ns!.hostAddr;
    remote = stack!.startWorker({
      name: 'netns-worker',
      prefix: ['ip', 'netns', 'exec', ns!.name],
      env: {
        WORKER_ID: 'netns-worker',
        DATABASE_URL: via(stack!.env.DATABASE_URL!, link, pg.port),
        REDIS_URL: via(stack!.env.REDIS_URL!, link, redis.port),
        SMTP_URL: via(smtp!.url, link, mail.port),
      },
    });
    await holdersAre('netns-worker', 60_000);
    await bookSome(6);
    await allDone(120_000);

    // Its Postgres sessions are the relay's upstream connections of connections from the namespace.
    const fromNs = new Set(pg.accepted.filter((c) => c.remote === ns!.nsAddr).map((c) => c.upstreamPort));
    const sessions = await stack!.db.sql<{ client_addr: string; client_port: number }[]>`
      select host(client_addr) as client_addr, client_port from pg_stat_activity
      where datname = current_database() and application_name = 'worker:netns-worker'`;
    expect(sessions.length).toBeGreaterThan(0);
    for (const sess of sessions) {
      expect(sess.client_addr).toBe('127.0.0.1'); // the relay
      expect(fromNs.has(sess.client_port), `session from port ${sess.client_port}`).toBe(true);
    }
    expect(pg.accepted.every((c) => c.remote === ns!.nsAddr)).toBe(true);
    expect(redis.accepted.filter((c) => c.remote === ns!.nsAddr).length).toBeGreaterThan(0);
    // Only that worker sends mail: every message came through the SMTP relay from the namespace.
    expect(mail.accepted.length).toBeGreaterThan(0);
    expect(mail.accepted.every((c) => c.remote === ns!.nsAddr)).toBe(true);
    expect(smtp!.arrived.length).toBe(booked.length * 2);
  }, 300_000);

  it('cut off from the network, its leases move to a worker on this host; back on the link it stands by, and nothing is done twice', async () => {
    expect(remote, 'the first test started the namespace worker').toBeDefined();
    // A partition: the namespace worker keeps running but reaches nothing.
    ns!.linkDown();
    const lostAt = Date.now();

    // Bookings keep committing meanwhile (the log is the outbox).
    const during = await bookSome(4);
    local = stack!.startWorker({ name: 'host-worker', env: { WORKER_ID: 'host-worker' } });
    // The cut-off holder cannot renew: its leases lapse (10 s after its last renewal), then the host
    // worker takes each one.
    await holdersAre('host-worker', 90_000);
    const moved = (await listLeases(stack!.db.sql)).filter((l) => l.holder === 'host-worker');
    for (const m of moved) expect(m.acquiredAt.getTime()).toBeGreaterThan(lostAt - 5_000);
    await allDone(120_000);
    for (const b of during)
      expect(mailCounts(smtp!.received, b.email)).toEqual({ confirmations: 1, receipts: 1 });

    // The link comes back: the namespace worker finds its leases taken and stands by.
    ns!.linkUp();
    const healedAt = Date.now();
    await waitUntil(
      60_000,
      async () => {
        // One of its Postgres sessions ran a statement after the link came back.
        const [row] = await stack!.db.sql<{ at: Date | null }[]>`
          select max(state_change) as at from pg_stat_activity
          where datname = current_database() and application_name = 'worker:netns-worker'`;
        return row?.at != null && row.at.getTime() > healedAt;
      },
      () => `no sign of the namespace worker after the link came back${out()}`,
    );
    // A worker that wrongly kept a lease would renew it within a third of a lease (the renewal period,
    // 10 s / 3) of reaching Postgres again, and a standby tries at least that often: a window of one
    // renewal period plus a margin after its first statement. The leases' acquired_at, unchanged
    // through the window and the bookings after it, shows no lease changed hands even for a moment.
    const subscriptionLeases = async () =>
      (await listLeases(stack!.db.sql))
        .filter((l) => (SUBSCRIPTIONS as readonly string[]).includes(l.name))
        .map((l) => [l.name, l.holder, l.acquiredAt.getTime()]);
    const heldBefore = await subscriptionLeases();
    await sleep(LEASE_MS / 3 + 1_000);
    const after = await bookSome(4);
    await allDone(120_000);
    await holdersAre('host-worker', 1);
    expect(await subscriptionLeases(), 'no lease changed hands after the link came back').toEqual(heldBefore);
    expect(remote.exitCode, `the namespace worker exited${out()}`).toBeNull();
    for (const b of after)
      expect(mailCounts(smtp!.received, b.email)).toEqual({ confirmations: 1, receipts: 1 });
    await settledOnce();
  }, 300_000);

  it('when the host worker dies, the worker in the namespace takes the leases back over the link', async () => {
    expect(local, 'the previous test started the host worker').toBeDefined();
    const gone = new Promise((r) => local!.once('exit', r));
    local!.kill('SIGKILL');
    await gone;
    const more = await bookSome(4);
    await holdersAre('netns-worker', 90_000);
    await allDone(120_000);
    for (const b of more)
      expect(mailCounts(smtp!.received, b.email)).toEqual({ confirmations: 1, receipts: 1 });
    await settledOnce();
  }, 300_000);
});
