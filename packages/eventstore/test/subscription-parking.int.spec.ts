import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARK_AFTER_ATTEMPTS,
  type RecordedEvent,
  append,
  ensureCheckpoint,
  getLogReadiness,
  listParkedEvents,
  requestParkedRetry,
  startSubscription,
} from '../src';
import { HELD_BEHIND, retryFailed } from '../src/parking';

const meta = { actor: 'worker:test' };

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function appendOne(db: TestDatabase, streamId: string, type: string) {
  await append(
    db.sql,
    [{ streamId, expectedVersion: 'any', events: [{ type, data: { at: streamId } }] }],
    meta,
  );
}

/** A subscription (as the reactor is, by batch) recording what it handled, failing as `fails` says. */
function startRecorder(db: TestDatabase, name: string, fails: (e: RecordedEvent) => boolean) {
  const handled = new Set<string>();
  const errors: string[] = [];
  const parkedLog: string[] = [];
  const runner = startSubscription(db.sql, {
    name,
    onParked: (parked) =>
      parkedLog.push(...parked.map((p) => `${p.subscriber} ${p.eventType} ${p.attempts}`)),
    pollMs: 20,
    retryMinMs: 10,
    retryMaxMs: 50,
    onError: (err) => errors.push((err as Error).message),
    handleBatch: async (events) => {
      const bad = events.find(fails);
      if (bad) throw new Error(`cannot handle ${bad.type} of ${bad.streamId}`);
      for (const e of events) handled.add(e.streamId);
    },
  });
  return { handled, errors, parkedLog, runner };
}

describe('a subscription parks what it cannot handle, never what a passing outage stops (issue 43)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('parks a poison event after a few tries, handles everything after it, and a retry handles it once fixed', async () => {
    let poisoned = true;
    const sub = startRecorder(db, 'park_sub', (e) => poisoned && e.type === 'Poison');
    try {
      await appendOne(db, 'p-1', 'Booked');
      await appendOne(db, 'p-2', 'Poison');
      for (let i = 3; i <= 6; i++) await appendOne(db, `p-${i}`, 'Booked');
      await until(
        () => ['p-1', 'p-3', 'p-4', 'p-5', 'p-6'].every((s) => sub.handled.has(s)),
        10_000,
        'the rest',
      );
      await until(async () => (await listParkedEvents(db.sql)).length === 1, 10_000, 'the parked event');
      const [parked] = await listParkedEvents(db.sql);
      expect(parked).toMatchObject({
        subscriber: 'park_sub',
        streamId: 'p-2',
        eventType: 'Poison',
        attempts: PARK_AFTER_ATTEMPTS,
      });
      expect(parked!.error).toContain('cannot handle Poison of p-2');
      expect(sub.handled.has('p-2')).toBe(false);
      expect(sub.parkedLog).toEqual([`park_sub Poison ${PARK_AFTER_ATTEMPTS}`]);
      // Later events still flow while it stays parked.
      await appendOne(db, 'p-7', 'Booked');
      await until(() => sub.handled.has('p-7'), 10_000, 'an event after the parked one');

      poisoned = false;
      expect(await requestParkedRetry(db.sql, 'park_sub', parked!.eventId)).toBe(true);
      await until(() => sub.handled.has('p-2'), 10_000, 'the retried event');
      await until(async () => (await listParkedEvents(db.sql)).length === 0, 10_000, 'the row to go');
    } finally {
      await sub.runner.stop();
    }
    expect(await requestParkedRetry(db.sql, 'park_sub', '00000000-0000-0000-0000-000000000000')).toBe(false);
  });

  it('parks nothing while every event fails (an outage): it waits, then handles them all', async () => {
    let down = true;
    const sub = startRecorder(db, 'outage_sub', () => down);
    try {
      for (let i = 1; i <= 5; i++) await appendOne(db, `o-${i}`, 'Booked');
      await until(() => sub.errors.length >= PARK_AFTER_ATTEMPTS * 3, 10_000, 'many failed tries');
      expect(sub.handled.size).toBe(0);
      expect(sub.parkedLog).toEqual([]);
      expect((await listParkedEvents(db.sql)).filter((p) => p.subscriber === 'outage_sub')).toEqual([]);
      down = false;
      await until(() => [1, 2, 3, 4, 5].every((i) => sub.handled.has(`o-${i}`)), 10_000, 'recovery');
    } finally {
      await sub.runner.stop();
    }
    expect((await listParkedEvents(db.sql)).filter((p) => p.subscriber === 'outage_sub')).toEqual([]);
  });

  it('readiness names a subscriber whose oldest unhandled event has waited over 30 s', async () => {
    await ensureCheckpoint(db.sql, 'idle_sub');
    await appendOne(db, 'i-1', 'Booked');
    expect((await getLogReadiness(db.sql)).stalled).not.toContain('idle_sub');
    // As if it had been waiting for a minute (the event store's own test may touch its table).
    await db.sql`update events set recorded_at = recorded_at - interval '1 minute'`;
    const readiness = await getLogReadiness(db.sql);
    expect(readiness.stalled).toContain('idle_sub');
    expect(readiness.parked).toEqual({});
  });

  it('a retry that fails again counts a try on the event that failed, not on those held behind it', async () => {
    const row = (eventId: string, version: number, error: string, attempts: number) => db.sql`
      insert into parked_events (subscriber, event_id, stream_id, stream_version, event_type, transaction_id,
                                 global_position, error, attempts, retry_requested_at)
      values ('retry_sub', ${eventId}, 'rf-1', ${version}, 'Booked', '1'::xid8, ${version}, ${error}, ${attempts}, now())`;
    await row('00000000-0000-0000-0000-0000000000a1', 1, 'boom', PARK_AFTER_ATTEMPTS);
    await row('00000000-0000-0000-0000-0000000000a2', 2, HELD_BEHIND, 0);
    await retryFailed(db.sql, 'retry_sub', 'rf-1', 'boom again');
    const rows = await db.sql<{ error: string; attempts: number; retry: Date | null }[]>`
      select error, attempts, retry_requested_at as retry from parked_events
      where subscriber = 'retry_sub' order by stream_version`;
    expect(rows).toEqual([
      { error: 'boom again', attempts: PARK_AFTER_ATTEMPTS + 1, retry: null },
      { error: HELD_BEHIND, attempts: 0, retry: null },
    ]);
  });
});
