import { connect, type Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireLease,
  append,
  applyNextBatch,
  defineProjection,
  ensureCheckpoint,
  loadCheckpoint,
  type Position,
  type Projection,
  type ProjectionHandler,
  HELD_BEHIND,
  PARK_AFTER_ATTEMPTS,
  releaseLease,
  requestParkedRetry,
  startProjectionRunner,
} from '../src';

const meta = { actor: 'public' };

async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => Promise<string>),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : await what()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Records every application of its types on its own streams (duplicates and gaps stay visible). */
function recorder(name: string, types: string[], fail?: () => boolean): Projection {
  const record: ProjectionHandler = async (tx, e) => {
    if (fail?.()) throw new Error(`${name} refused ${e.type}`);
    await tx`insert into applied (projection, event_id, stream_id, type, version)
             values (${name}, ${e.eventId}, ${e.streamId}, ${e.type}, ${e.version})`;
  };
  return defineProjection({ name, handlers: Object.fromEntries(types.map((t) => [t, record])) });
}

async function appendMixed(sql: Sql, prefix: string, n: number): Promise<Position> {
  let last: Position | null = null;
  for (let i = 0; i < n; i++) {
    last = (
      await append(
        sql,
        [
          {
            streamId: `${prefix}-a-${i % 3}`,
            expectedVersion: 'any',
            events: [{ type: 'Booked', data: { i } }],
          },
          {
            streamId: `${prefix}-b-${i % 2}`,
            expectedVersion: 'any',
            events: [{ type: 'Seated', data: { i } }],
          },
        ],
        meta,
      )
    ).position;
  }
  return last!;
}

async function appliedBy(sql: Sql, projection: string) {
  return sql<{ event_id: string; type: string; stream_id: string; version: number }[]>`
    select event_id, type, stream_id, version from applied where projection = ${projection} order by seq`;
}

async function caughtUp(sql: Sql, name: string, at: Position): Promise<boolean> {
  const cp = await loadCheckpoint(sql, name);
  return (
    BigInt(cp.transactionId) > BigInt(at.transactionId) ||
    (cp.transactionId === at.transactionId && cp.globalPosition >= at.globalPosition)
  );
}

describe('projection groups (one transaction, one read per batch for every member)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await testDatabase();
    await db.sql`create table applied (
      seq bigint generated always as identity primary key, projection text not null,
      event_id uuid not null, stream_id text not null, type text not null, version bigint not null)`;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('each member gets exactly the events of its types, once, in order, as it would alone', async () => {
    const last = await appendMixed(db.sql, 'g1', 40);
    const group = [
      recorder('g1_booked', ['Booked']),
      recorder('g1_seated', ['Seated']),
      recorder('g1_both', ['Booked', 'Seated']),
    ];
    const alone = recorder('g1_alone', ['Booked', 'Seated']);
    // Small batches: many batches, each a mix of both types.
    const runner = startProjectionRunner(db.sql, group, { pollMs: 20, batchSize: 7 });
    await ensureCheckpoint(db.sql, alone.name);
    while ((await applyNextBatch(db.sql, alone, null, 7)) > 0) {}
    try {
      await until(
        async () => (await Promise.all(group.map((p) => caughtUp(db.sql, p.name, last)))).every(Boolean),
        10_000,
        'the group',
      );
    } finally {
      await runner.stop();
    }
    const both = await appliedBy(db.sql, 'g1_both');
    const lone = await appliedBy(db.sql, 'g1_alone');
    expect(both.filter((r) => r.stream_id.startsWith('g1-'))).toEqual(
      lone.filter((r) => r.stream_id.startsWith('g1-')),
    );
    const mine = <R extends { stream_id: string }>(rows: R[]) =>
      rows.filter((r) => r.stream_id.startsWith('g1-'));
    expect(mine(both)).toHaveLength(80);
    const booked = mine(await appliedBy(db.sql, 'g1_booked'));
    const seated = mine(await appliedBy(db.sql, 'g1_seated'));
    expect(booked).toHaveLength(40);
    expect(booked.every((r) => r.type === 'Booked')).toBe(true);
    expect(seated).toHaveLength(40);
    expect(seated.every((r) => r.type === 'Seated')).toBe(true);
    // Every stream in version order, no gap, no duplicate.
    for (const rows of [booked, seated, mine(both)]) {
      const seen = new Map<string, number>();
      for (const r of rows) {
        expect(r.version).toBe((seen.get(r.stream_id) ?? 0) + 1);
        seen.set(r.stream_id, r.version);
      }
    }
  });

  it('a member already ahead (it ran alone first) is not given its events again; the one behind catches up', async () => {
    const first = await appendMixed(db.sql, 'g2', 10);
    const ahead = recorder('g2_ahead', ['Booked', 'Seated']);
    const behind = recorder('g2_behind', ['Booked', 'Seated']);
    await ensureCheckpoint(db.sql, ahead.name);
    while ((await applyNextBatch(db.sql, ahead, null)) > 0) {}
    expect(await caughtUp(db.sql, 'g2_ahead', first)).toBe(true);
    const last = await appendMixed(db.sql, 'g2', 5);
    const runner = startProjectionRunner(db.sql, [ahead, behind], { pollMs: 20, batchSize: 4 });
    try {
      await until(
        async () => (await caughtUp(db.sql, 'g2_ahead', last)) && (await caughtUp(db.sql, 'g2_behind', last)),
        10_000,
        'both members',
      );
    } finally {
      await runner.stop();
    }
    const mine = <R extends { stream_id: string }>(rows: R[]) =>
      rows.filter((r) => r.stream_id.startsWith('g2-'));
    const a = mine(await appliedBy(db.sql, 'g2_ahead'));
    const b = mine(await appliedBy(db.sql, 'g2_behind'));
    expect(a).toHaveLength(30);
    expect(new Set(a.map((r) => r.event_id)).size).toBe(30);
    expect(b.map((r) => r.event_id)).toEqual(a.map((r) => r.event_id));
  });

  it('a member that keeps failing holds back neither the others nor itself: its events park, a retry applies them (issue 43)', async () => {
    const last = await appendMixed(db.sql, 'g3', 6);
    let failing = true;
    const errors: string[] = [];
    const good = recorder('g3_good', ['Booked', 'Seated']);
    const bad = recorder('g3_bad', ['Seated'], () => failing);
    const told: string[] = [];
    const runner = startProjectionRunner(db.sql, [good, bad], {
      pollMs: 20,
      onError: (err) => errors.push((err as Error).message),
      onParked: (parked) => told.push(...parked.map((p) => `${p.subscriber} ${p.streamId} ${p.attempts}`)),
    });
    const parked = () =>
      db.sql<{ event_id: string; stream_id: string; attempts: number; error: string }[]>`
        select event_id, stream_id, attempts, error from parked_events
        where subscriber = 'g3_bad' and stream_id like 'g3-%' order by transaction_id, global_position`;
    try {
      // The good member applies everything while the bad one fails every event it is given.
      await until(
        async () => (await caughtUp(db.sql, 'g3_good', last)) && (await caughtUp(db.sql, 'g3_bad', last)),
        20_000,
        async () =>
          `both members past the failing events; errors ${errors.length}, parked ${(await parked()).length}`,
      );
      const g = (await appliedBy(db.sql, 'g3_good')).filter((r) => r.stream_id.startsWith('g3-'));
      expect(g).toHaveLength(12);
      expect(await appliedBy(db.sql, 'g3_bad')).toEqual([]);
      // Two streams of Seated events: the first event of each failed PARK_AFTER_ATTEMPTS times and is
      // parked with its error; the later ones of its stream wait behind it without being tried.
      const rows = await parked();
      expect(rows).toHaveLength(6);
      const failed = rows.filter((r) => r.attempts === PARK_AFTER_ATTEMPTS);
      expect(failed.map((r) => r.stream_id).sort()).toEqual(['g3-b-0', 'g3-b-1']);
      expect(failed[0]!.error).toMatch(/g3_bad refused Seated/);
      expect(rows.filter((r) => r.attempts === 0).every((r) => r.error === HELD_BEHIND)).toBe(true);
      expect(errors[0]).toMatch(/g3_bad refused Seated/);
      // The operator is told of each event that failed itself (the ones held behind it are not news).
      expect(told.filter((t) => t.includes(' g3-'))).toEqual(
        expect.arrayContaining([
          `g3_bad g3-b-0 ${PARK_AFTER_ATTEMPTS}`,
          `g3_bad g3-b-1 ${PARK_AFTER_ATTEMPTS}`,
        ]),
      );
      expect(told.every((t) => t.startsWith('g3_bad '))).toBe(true);

      // The cause fixed, staff retry one event per stream: the stream's parked events apply in order.
      failing = false;
      for (const f of failed) expect(await requestParkedRetry(db.sql, 'g3_bad', f.event_id)).toBe(true);
      await until(async () => (await parked()).length === 0, 10_000, 'the retried events');
      // The earlier tests' Seated events failed and parked too (the member reads the whole log).
    } finally {
      await runner.stop();
    }
    const b = (await appliedBy(db.sql, 'g3_bad')).filter((r) => r.stream_id.startsWith('g3-'));
    expect(b).toHaveLength(6);
    for (const stream of ['g3-b-0', 'g3-b-1']) {
      const versions = b.filter((r) => r.stream_id === stream).map((r) => r.version);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
    }
  });

  it('a batch that fails once, for a cause that passes, parks nothing', async () => {
    const last = await appendMixed(db.sql, 'g5', 3);
    let failuresLeft = 1;
    const good = recorder('g5_good', ['Booked', 'Seated']);
    const flaky = recorder('g5_flaky', ['Seated'], () => failuresLeft-- > 0);
    const runner = startProjectionRunner(db.sql, [good, flaky], { pollMs: 20 });
    try {
      await until(
        async () => (await caughtUp(db.sql, 'g5_good', last)) && (await caughtUp(db.sql, 'g5_flaky', last)),
        10_000,
        'the group after one failure',
      );
    } finally {
      await runner.stop();
    }
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from parked_events where subscriber like 'g5_%'`;
    expect(row!.n).toBe(0);
    const f = (await appliedBy(db.sql, 'g5_flaky')).filter((r) => r.stream_id.startsWith('g5-'));
    expect(f).toHaveLength(3);
  });

  it('leases are taken all together or not at all: a group waits while another holder keeps one member', async () => {
    const other = connect(db.url, { max: 2 });
    try {
      const held = await acquireLease(other, 'g4_two', 'someone-else', 60_000);
      expect(held.held).toBe(true);
      const attempt = await acquireLease(db.sql, ['g4_one', 'g4_two'], 'group-holder', 60_000);
      expect(attempt).toMatchObject({ held: false, holder: 'someone-else' });
      // The free member was not taken either: nobody holds a part of the group.
      const rows = await db.sql<
        { name: string }[]
      >`select name from projection_leases where name like 'g4_%' order by name`;
      expect(rows.map((r) => r.name)).toEqual(['g4_two']);

      const last = await appendMixed(db.sql, 'g4', 3);
      const runner = startProjectionRunner(
        db.sql,
        [recorder('g4_one', ['Booked']), recorder('g4_two', ['Seated'])],
        {
          pollMs: 20,
          // A lease held elsewhere is tried again after a third of this (LeaseKeeper).
          leaseMs: 1_500,
        },
      );
      try {
        await new Promise((r) => setTimeout(r, 300));
        expect(await appliedBy(db.sql, 'g4_one')).toEqual([]);
        await releaseLease(other, 'g4_two', 'someone-else');
        await until(
          async () => (await caughtUp(db.sql, 'g4_one', last)) && (await caughtUp(db.sql, 'g4_two', last)),
          10_000,
          'the group once the lease is free',
        );
      } finally {
        await runner.stop();
      }
      // Stopping released both leases together.
      expect(await db.sql`select name from projection_leases where name like 'g4_%'`).toHaveLength(0);
    } finally {
      await other.end();
    }
  });

  it('two runners of one group, many times: every event applied exactly once per member', async () => {
    for (let round = 0; round < 5; round++) {
      const prefix = `g5r${round}`;
      const members = () => [
        recorder(`${prefix}_x`, ['Booked', 'Seated']),
        recorder(`${prefix}_y`, ['Seated']),
      ];
      const a = connect(db.url, { max: 3 });
      const b = connect(db.url, { max: 3 });
      const runners = [
        startProjectionRunner(a, members(), { pollMs: 10, leaseMs: 500, batchSize: 5 }),
        startProjectionRunner(b, members(), { pollMs: 10, leaseMs: 500, batchSize: 5 }),
      ];
      let last: Position;
      try {
        last = await appendMixed(db.sql, prefix, 12);
        // The holder stops without releasing (a crash); the other takes over within a lease.
        await runners[0]!.abandon();
        const more = await appendMixed(db.sql, prefix, 8);
        last = more;
        await until(
          async () =>
            (await caughtUp(db.sql, `${prefix}_x`, last)) && (await caughtUp(db.sql, `${prefix}_y`, last)),
          10_000,
          'the surviving runner',
        );
      } finally {
        await runners[1]!.stop();
        await a.end();
        await b.end();
      }
      const x = (await appliedBy(db.sql, `${prefix}_x`)).filter((r) => r.stream_id.startsWith(`${prefix}-`));
      const y = (await appliedBy(db.sql, `${prefix}_y`)).filter((r) => r.stream_id.startsWith(`${prefix}-`));
      expect(new Set(x.map((r) => r.event_id)).size).toBe(40);
      expect(x).toHaveLength(40);
      expect(y).toHaveLength(20);
    }
  });
});
