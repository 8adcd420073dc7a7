import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listLeases } from '@hs/eventstore';
import {
  type PostgresCluster,
  type ProductStack,
  type TestDatabase,
  startPostgresCluster,
  startProductStack,
  stopChild,
} from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Catalogue,
  adminClient,
  book,
  bookableEvent,
  bookedId,
  orderIds,
  sleep,
  wholeBookings,
} from './lib/postgres-load';

/** Opens one session to the URL given and prints the error, if any. */
const PROBE = `import('postgres').then(async ({ default: postgres }) => {
  const sql = postgres(process.argv[1], { max: 1, connect_timeout: 5, onnotice: () => {} });
  try { await sql\`select 1\`; console.log('ok'); } catch (e) { console.log(e.message); }
  await sql.end({ timeout: 1 });
})`;

/**
 * Postgres goes away under a steady booking load: a clean stop (`pg_ctl stop -m fast`, down for
 * seconds, then started again) and a `pg_ctl restart -m fast`. The api and the worker run on a
 * database in a cluster of this test's own and are never restarted. While Postgres is away every
 * booking gets a prompt 503 with the api's error shape; once it is back, bookings succeed again,
 * /readyz is ready, the projector catches up, and the log holds whole bookings only. A worker started
 * while Postgres refuses sessions (shutting down) waits for it instead of exiting, then does the work.
 */
describe('Postgres restart under a steady booking load', () => {
  const CLIENTS = 4;
  /** Longest a booking may take while Postgres is away: no hang. */
  const BOUND_MS = 10_000;
  let cluster: PostgresCluster;
  let db: TestDatabase;
  let stack: ProductStack;
  let cat: Catalogue;
  const mailDir = mkdtempSync(join(tmpdir(), 'hs-pg-restart-mail-'));

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    db = await cluster.createDatabase();
    stack = await startProductStack({ database: db, env: { MAIL_OUTBOX_DIR: mailDir } });
    cat = await bookableEvent(await adminClient(stack.baseUrl, stack.admin), 16, 1_000);
    // The worker is running (it exits when Postgres is away while it starts) before Postgres goes.
    await waitFor(
      () => 'the worker to hold its projector and reactor leases',
      async () => (await listLeases(db.sql)).some((l) => l.active && l.name === 'notifications'),
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.sql.end({ timeout: 2 }).catch(() => {});
    await cluster?.destroy();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const waitFor = async (what: () => string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what()}\n${stack.output().slice(-4000)}`);
      await sleep(200);
    }
  };

  it('answers 503 promptly while Postgres is away, recovers without a restart, and writes whole bookings only', async () => {
    const answers: Answer[] = [];
    const outages: { name: string; from: number; to: number }[] = [];
    let next = 0;
    let running = true;
    const client = async () => {
      while (running) {
        const a = await book(stack.baseUrl, next++, cat, 30_000);
        answers.push(a);
        // Not a hot loop against a refusing api: a client waits a moment before trying again.
        await sleep(a.status === 201 ? 10 : 100);
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));
    const okSince = (t: number) => answers.filter((a) => a.status === 201 && a.startedAt > t).length;

    try {
      await waitFor(
        () => '20 bookings before the first outage',
        () => okSince(0) >= 20,
      );

      // 1. A clean stop, down until every client has been answered 503 twice, then started again.
      let from = Date.now();
      await cluster.stop('fast');
      const stoppedAt = Date.now();
      await waitFor(
        () => `${2 * CLIENTS} answers 503 while Postgres is stopped`,
        () => answers.filter((a) => a.status === 503 && a.startedAt >= stoppedAt).length >= 2 * CLIENTS,
      );
      await cluster.start();
      let to = Date.now();
      outages.push({ name: 'stop, 503s, start', from, to });
      await waitFor(
        () => `20 bookings after the stop and start (${okSince(to)})`,
        () => okSince(to) >= 20,
      );

      // 2. pg_ctl restart -m fast.
      from = Date.now();
      await cluster.restart();
      to = Date.now();
      outages.push({ name: 'restart -m fast', from, to });
      await waitFor(
        () => `20 bookings after the restart (${okSince(to)})`,
        () => okSince(to) >= 20,
      );
    } finally {
      running = false;
      await load;
    }

    // Every answer is a booking or a clear 503: no 500, no dropped connection, no hang.
    const unexpected = answers.filter((a) => a.status !== 201 && a.status !== 503);
    expect(unexpected, 'answers other than 201 and 503').toEqual([]);
    const slow = answers.filter((a) => a.ms > BOUND_MS);
    expect(
      slow.map((a) => `${a.status} after ${a.ms} ms`),
      `answers slower than ${BOUND_MS} ms`,
    ).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length, 'some bookings met Postgres away').toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.body).toEqual({ success: false, message: expect.any(String) });
      const message = (a.body as { message: string }).message;
      expect(message).toMatch(/temporarily unavailable/i);
      expect(message).not.toMatch(/\bat \S+:\d+|ECONN|postgres|CONNECTION_/i);
    }
    // Each outage was met with 503s, started while Postgres was away.
    for (const o of outages) {
      const during = refused.filter((a) => a.startedAt >= o.from - 1_000 && a.startedAt <= o.to + 2_000);
      expect(during.length, `503 answers during "${o.name}"`).toBeGreaterThan(0);
    }

    // The same processes carry on: nothing was restarted.
    for (const child of [...stack.apis, ...stack.workers]) expect(child.exitCode).toBeNull();
    let ready: unknown;
    await waitFor(
      () => `/readyz ready, last ${JSON.stringify(ready)}`,
      async () => {
        const res = await fetch(`${stack.baseUrl}/readyz`);
        ready = await res.json();
        return res.status === 200 && (ready as { status: string }).status === 'ready';
      },
    );

    // The log holds whole bookings only, every acknowledged booking among them.
    const { booked, halfWritten } = await wholeBookings(db.sql);
    expect(halfWritten).toEqual([]);
    const acknowledged = answers.filter((a) => a.status === 201).map(bookedId);
    const inLog = new Set(booked);
    expect(
      acknowledged.filter((id) => !inLog.has(id)),
      'acknowledged bookings missing from the log',
    ).toEqual([]);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);

    // The projector recovered too: orders matches the log, bookings after the restart included.
    let orders: number[] = [];
    await waitFor(
      () => `orders to match the log (${orders.length} of ${booked.length})`,
      async () => {
        orders = await orderIds(db.sql);
        return orders.length === booked.length;
      },
    );
    expect(orders).toEqual([...booked].sort((a, b) => a - b));
    console.log(
      `postgres-restart: ${answers.length} requests, ${acknowledged.length} booked (201), ${refused.length} answered 503, ` +
        `${booked.length - acknowledged.length} committed without a 201, slowest ${Math.max(...answers.map((a) => a.ms))} ms, ` +
        `outages ${outages.map((o) => `${o.name} ${o.to - o.from} ms`).join(', ')}`,
    );
  });
  it('a worker started while Postgres is away waits for it, then does the work', async () => {
    // The running worker goes first (its leases released), so the late one is the only worker.
    for (const w of stack.workers) await stopChild(w);
    // A smart shutdown waits for the sessions still open (the api's, this test's); meanwhile every new
    // connection is refused with 57P03 "the database system is shutting down": what a worker starting
    // during a restart meets (a worker started so exited before it waited).
    await db.sql`select 1`;
    const smart = cluster.stop('smart').catch(() => {}); // returns once the fast stop below ends it
    await waitFor(
      () => 'Postgres to refuse new sessions',
      async () => {
        try {
          const probe = spawnSync('node', ['-e', PROBE, cluster.url()], { encoding: 'utf8' });
          return /shutting down/.test(probe.stdout + probe.stderr);
        } catch {
          return false;
        }
      },
    );
    // Refused, it waits and tries again (after 500 ms, 1 s, ...): two refusals logged, and still running.
    const logged = () => stack.output().split('postgres not reachable at start; retrying').length - 1;
    const earlier = logged();
    const late = stack.startWorker({ name: 'late-worker' });
    await waitFor(
      () => `the late worker to be refused twice (${logged() - earlier}), exit code ${late.exitCode}`,
      () => logged() - earlier >= 2 || late.exitCode !== null,
    );
    expect(late.exitCode, `the worker waits for Postgres\n${stack.output().slice(-2000)}`).toBeNull();
    await cluster.stop('fast');
    await smart;
    await cluster.start();

    let booked: Answer | undefined;
    await waitFor(
      () => `a booking after Postgres returned (last ${JSON.stringify(booked)})`,
      async () => {
        booked = await book(stack.baseUrl, 1_000_000, cat);
        return booked.status === 201;
      },
    );
    await waitFor(
      () => 'the late worker to project the booking',
      async () => (await orderIds(db.sql)).includes(bookedId(booked!)),
    );
    expect(late.exitCode).toBeNull();
    expect(stack.output()).toContain('postgres not reachable at start; retrying');
  });
});
