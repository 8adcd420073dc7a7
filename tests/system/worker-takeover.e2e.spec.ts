import type { ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { listLeases } from '@hs/eventstore';
import {
  type ProductStack,
  type ReceivedMail,
  type TestSmtp,
  startProductStack,
  startSmtp,
} from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Booked,
  type FreeEvent,
  book,
  confirmationFacts,
  freeEvent,
  sleep,
  waitQuiet,
  waitUntil,
} from './lib/fault-helpers';

/**
 * Two workers; the one holding the `orders` projector lease is killed with SIGKILL while it has
 * confirmation emails in flight (the SMTP server holds its reply to their DATA). The survivor takes
 * over every lease the dead one held within about one lease length (10 s), runs the dead one's jobs
 * again once their BullMQ locks lapse, and projects the bookings made after the kill.
 *
 * Why both workers are mid-job: each worker sends at most 5 messages at once (BullMQ concurrency 5,
 * a pool of 5 SMTP connections), so 10 messages held at the SMTP server at the same moment are 5 from
 * each worker.
 */
describe('worker killed mid-job while holding the projector lease', () => {
  const PER_WORKER = 5; // WORKER_CONCURRENCY and the mailer's pool size
  const BEFORE = 12; // 10 in flight (5 per worker) + 2 waiting in the queue
  const AFTER = 6;
  /** Projection leases are 10 s (packages/eventstore defaults.leaseMs); plus slack for a busy machine. */
  const TAKEOVER_BOUND_MS = 30_000;
  let stack: ProductStack;
  let smtp: TestSmtp;
  let ev: FreeEvent;

  beforeAll(async () => {
    smtp = await startSmtp();
    stack = await startProductStack({
      workers: 2,
      env: {
        SMTP_URL: smtp.url,
        WORKER_CONCURRENCY: String(PER_WORKER),
        // A killed worker's jobs are stalled 5 s after its last lock renewal (production: 30 s),
        // and each worker looks for stalled jobs every second.
        WORKER_LOCK_DURATION_MS: '5000',
        WORKER_STALLED_INTERVAL_MS: '1000',
        JOB_BACKOFF_MS: '500',
      },
    });
    ev = await freeEvent(stack, 4, 50, BEFORE + AFTER);
  });
  afterAll(async () => {
    smtp.holdReply = null;
    await stack?.stop();
    await smtp?.close();
  });

  it('the survivor takes the leases, re-runs the dead worker’s jobs and projects new bookings', async () => {
    const sql = stack.db.sql;
    const holderOf = (w: ChildProcess) => `${hostname()}-${w.pid}`;
    const leases = () => listLeases(sql);
    const copies = (list: ReceivedMail[], to: string) => list.filter((m) => m.to.includes(to));

    // Hold the reply to every confirmation of the first batch until `release`, or until the sender's
    // connection is gone (then the message counts as arrived, not received).
    const held: { to: string; gone: boolean }[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    smtp.holdReply = async (mail, gone) => {
      const h = { to: mail.to[0]!, gone: false };
      held.push(h);
      void gone.then(() => {
        h.gone = true;
      });
      await Promise.race([released, gone]);
    };

    const email = (phase: string, n: number) => `takeover-${phase}-${n}@example.com`;
    const before: Booked[] = await Promise.all(
      Array.from({ length: BEFORE }, (_, n) => book(stack.baseUrl, ev, n, email('before', n))),
    );
    expect(before.filter((b) => b.status !== 201)).toEqual([]);

    await waitUntil(
      60_000,
      () => held.length >= 2 * PER_WORKER,
      () =>
        `${2 * PER_WORKER} messages held at the SMTP server, have ${held.length}; output:\n${stack.output()}`,
      100,
    );
    // Exactly 10: both workers are saturated, so nothing more can be in flight. A deliberate window:
    // a worker with a free slot would take a waiting job at once, so half a second shows an 11th.
    await sleep(500);
    expect(held).toHaveLength(2 * PER_WORKER);

    // The victim: the worker holding the orders projection's lease.
    const leasesBefore = await leases();
    const ordersHolder = leasesBefore.find((l) => l.name === 'orders')?.holder;
    const victim = stack.workers.find((w) => holderOf(w) === ordersHolder);
    const survivor = stack.workers.find((w) => w !== victim)!;
    expect(
      victim,
      `the orders lease holder ${ordersHolder} among ${stack.workers.map(holderOf)}`,
    ).toBeDefined();
    const victimLeases = leasesBefore.filter((l) => l.holder === ordersHolder).map((l) => l.name);

    const exited = new Promise<void>((r) => victim!.once('exit', () => r()));
    victim!.kill('SIGKILL');
    const killedAt = Date.now();
    await exited;
    // Its five connections close with it; release the survivor's five only after that, so none of the
    // victim's held messages gets a 250.
    await waitUntil(
      30_000,
      () => held.filter((h) => h.gone).length >= PER_WORKER,
      () => `the victim's ${PER_WORKER} SMTP connections to close, held: ${JSON.stringify(held)}`,
      50,
    );
    const killedInFlight = new Set(held.filter((h) => h.gone).map((h) => h.to));
    expect(killedInFlight.size).toBe(PER_WORKER);
    smtp.holdReply = null;
    release();

    // Every lease the victim held moves to the survivor within about one lease length.
    await waitUntil(
      TAKEOVER_BOUND_MS,
      async () => (await leases()).every((l) => l.holder === holderOf(survivor)),
      async () => `every lease to move to ${holderOf(survivor)}: ${JSON.stringify(await leases())}`,
      100,
    );
    const takeoverMs = Date.now() - killedAt;
    const after = await leases();
    expect(after.map((l) => l.name)).toEqual(expect.arrayContaining(victimLeases));

    // Bookings after the kill: committed, projected into orders by the survivor, confirmed once.
    const later: Booked[] = [];
    for (let n = BEFORE; n < BEFORE + AFTER; n++)
      later.push(await book(stack.baseUrl, ev, n, email('after', n)));
    expect(later.filter((b) => b.status !== 201)).toEqual([]);
    const laterIds = later.map((b) => b.id!);
    const missingOrders = async () => {
      const rows = await sql<{ id: string }[]>`
        select registration_id::text as id from orders where registration_id = any(${laterIds}::bigint[])`;
      const have = new Set(rows.map((r) => Number(r.id)));
      return laterIds.filter((id) => !have.has(id));
    };
    await waitUntil(
      60_000,
      async () => (await missingOrders()).length === 0,
      async () => `orders rows for ${JSON.stringify(await missingOrders())}`,
    );

    // Every job completes: one acknowledged confirmation per booking.
    const all = [...before, ...later];
    const notYet = () => all.filter((b) => copies(smtp.received, b.email).length === 0).map((b) => b.email);
    await waitUntil(
      90_000,
      () => notYet().length === 0,
      () => `confirmations to ${notYet().join(', ')}; output:\n${stack.output().slice(-4000)}`,
      250,
    );
    const allDoneMs = Date.now() - killedAt;
    // A duplicate would show up now: wait until nothing is left to run (a stalled job of the victim
    // stays active until the survivor moves it) and a quiet twice JOB_BACKOFF_MS, the delay of a retry.
    await waitQuiet(stack, 1_000);
    const resent = [...killedInFlight].filter((to) => copies(smtp.arrived, to).length === 2).length;
    console.info(
      `worker-takeover: leases [${victimLeases.join(', ')}] moved ${takeoverMs} ms after the kill; all ${all.length} confirmations ${allDoneMs} ms after it; ${resent} of ${killedInFlight.size} killed in-flight messages arrived twice`,
    );

    for (const b of all) {
      const subject = `Your health screening is confirmed: ${b.referenceNumber}`;
      // Acknowledged (250) exactly once: the dead worker never got its 250.
      expect(
        copies(smtp.received, b.email).map((m) => m.subject),
        b.email,
      ).toEqual([subject]);
      const arrived = copies(smtp.arrived, b.email);
      if (killedInFlight.has(b.email)) {
        // At least once, at most twice: the dead worker's DATA had arrived in full (a real server may
        // deliver it) before it could record ConfirmationEmailSent, so the retry sends again.
        expect(arrived.length, b.email).toBeGreaterThanOrEqual(1);
        expect(arrived.length, b.email).toBeLessThanOrEqual(2);
      } else {
        expect(arrived.length, b.email).toBe(1);
      }
      expect(new Set(arrived.map((m) => m.subject))).toEqual(new Set([subject]));
    }
    const facts = await confirmationFacts(
      sql,
      all.map((b) => `registration-${b.id}`),
    );
    expect(facts).toHaveLength(all.length);
    expect(facts.filter((f) => f.n !== 1)).toEqual([]);
    expect(survivor.exitCode).toBeNull();
  });
});
