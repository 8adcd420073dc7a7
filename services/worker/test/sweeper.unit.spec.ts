/**
 * The sweeper at rest (issue 47): a plain timer without due times; with them it sleeps until the next
 * due time instead of polling, looks again at a NOTIFY, backs off from a due time its runs cannot
 * clear, retries a failed run soon, and never runs twice at once however the wakes and stop() fall.
 */
import type { WakeSource } from '@hs/eventstore';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startSweeper } from '../src/sweeper';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fakeWake(): WakeSource & { fire(): void; subscribers: number } {
  const subs = new Set<() => void>();
  return {
    subscribe(cb) {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    fire() {
      for (const s of subs) s();
    },
    get subscribers() {
      return subs.size;
    },
  };
}

/** A sweep that records when it ran and how many ran at once. */
function recorder(workMs = 0) {
  const at: number[] = [];
  let active = 0;
  let maxActive = 0;
  return {
    at,
    get maxActive() {
      return maxActive;
    },
    sweep: async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      at.push(Date.now());
      if (workMs > 0) await sleep(workMs);
      active--;
    },
  };
}

describe('startSweeper', () => {
  it('without due times it runs at once and then every everyMs, as before', async () => {
    const r = recorder();
    const s = startSweeper({ everyMs: 30, sweep: r.sweep, log, failure: 'x' });
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(4);
    await s.stop();
  });

  it('sleeps until the next due time, then runs; nothing due: it rests until the safety net', async () => {
    const r = recorder();
    const due = Date.now() + 300;
    let asked = 0;
    const s = startSweeper({
      everyMs: 60_000,
      sweep: r.sweep,
      log,
      failure: 'x',
      nextDueAt: async () => {
        asked++;
        return Date.now() < due ? new Date(due) : null;
      },
    });
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(2);
    expect(r.at[1]).toBeGreaterThanOrEqual(due);
    await sleep(400);
    expect(r.at.length).toBe(2); // nothing due after it: no polling
    expect(asked).toBe(2);
    await s.stop();
  });

  it('a NOTIFY makes it ask again: an earlier due time found then is kept', async () => {
    const r = recorder();
    const wake = fakeWake();
    let due: Date | null = null;
    const s = startSweeper({
      everyMs: 60_000,
      sweep: r.sweep,
      log,
      failure: 'x',
      wake,
      settleMs: 10,
      nextDueAt: async () => due,
    });
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(1);
    await sleep(100);
    expect(r.at.length).toBe(1);
    const at = Date.now() + 200;
    due = new Date(at);
    wake.fire();
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(2);
    expect(r.at[1]).toBeGreaterThanOrEqual(at);
    due = null;
    await s.stop();
    expect(wake.subscribers).toBe(0);
  });

  it('with sweepOnWake a NOTIFY runs the sweep, after the settle time', async () => {
    const r = recorder();
    const wake = fakeWake();
    const s = startSweeper({
      everyMs: 60_000,
      sweep: r.sweep,
      log,
      failure: 'x',
      wake,
      sweepOnWake: true,
      settleMs: 50,
      nextDueAt: async () => null,
    });
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(1);
    const firedAt = Date.now();
    wake.fire();
    wake.fire();
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(2);
    expect(r.at[1]! - firedAt).toBeGreaterThanOrEqual(45);
    await s.stop();
  });

  it('a due time its runs cannot clear brings runs sooner than the safety net, backing off', async () => {
    const r = recorder();
    const stuck = new Date(Date.now() - 1_000);
    const s = startSweeper({
      everyMs: 60_000,
      sweep: r.sweep,
      log,
      failure: 'x',
      nextDueAt: async () => stuck,
    });
    await sleep(3_500);
    await s.stop();
    // At 0, then 1 s and 2 s later (0, 1, 3 s): not a run per due-time look.
    expect(r.at.length).toBeGreaterThanOrEqual(2);
    expect(r.at.length).toBeLessThanOrEqual(3);
  });

  it('a row its runs cannot clear does not hold back the next real due time', async () => {
    const r = recorder();
    const start = Date.now();
    // One overdue row for good (backing off 1, 2, 4 s), and a hold falling due 2.5 s in: it runs then.
    const nextHold = new Date(start + 2_500);
    const s = startSweeper({
      everyMs: 60_000,
      sweep: r.sweep,
      log,
      failure: 'x',
      nextDueAt: async (sweptAt) => ({ next: nextHold > sweptAt ? nextHold : null, overdue: true }),
    });
    await sleep(3_200);
    await s.stop();
    const offsets = r.at.map((t) => t - start);
    // 0, ~1 s (backoff), ~2.5 s (the hold's due time, before the 3 s backoff run).
    expect(
      offsets.some((o) => o >= 2_400 && o < 2_950),
      offsets.join(', '),
    ).toBe(true);
  });

  it('a failed run is tried again soon, not at the safety net', async () => {
    let calls = 0;
    const s = startSweeper({
      everyMs: 60_000,
      log,
      failure: 'x',
      sweep: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
      },
      nextDueAt: async () => null,
    });
    await expect.poll(() => calls, { timeout: 5_000, interval: 20 }).toBe(2);
    await s.stop();
  });

  it('stop() ends a long rest at once', async () => {
    const r = recorder();
    const s = startSweeper({ everyMs: 3_600_000, sweep: r.sweep, log, failure: 'x', wake: fakeWake() });
    await expect.poll(() => r.at.length, { timeout: 5_000, interval: 10 }).toBe(1);
    const t = Date.now();
    await s.stop();
    expect(Date.now() - t).toBeLessThan(1_000);
  });

  it('never runs twice at once, whatever the NOTIFYs and stop() (many rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const r = recorder(3);
      const wake = fakeWake();
      const s = startSweeper({
        everyMs: 5 + (round % 4),
        sweep: r.sweep,
        log,
        failure: 'x',
        wake,
        sweepOnWake: round % 2 === 0,
        settleMs: round % 3,
        nextDueAt: async () => new Date(Date.now() + (round % 5)),
      });
      const storm = setInterval(() => wake.fire(), 1);
      await sleep(40 + round);
      clearInterval(storm);
      await s.stop();
      const runs = r.at.length;
      await sleep(20);
      expect(r.maxActive).toBe(1);
      expect(r.at.length).toBe(runs); // nothing after stop
    }
  });
});
