import { randomUUID } from 'node:crypto';
import { connect, type Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  append,
  applyNextBatch,
  defineProjection,
  getSubscriptionStatus,
  type Position,
  type Projection,
  type ProjectionHandler,
  rebuildProjection,
  startProjectionRunner,
  waitForPosition,
} from '../src';

const meta = { actor: 'public' };

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Until every event appended so far is below the snapshot horizon, which is cluster-wide: a write
 * transaction of any database on the server (other tests running meanwhile) holds it back.
 */
async function belowHorizon(sql: Sql): Promise<void> {
  await until(
    async () =>
      (
        await sql<{ below: boolean }[]>`
          select coalesce(pg_snapshot_xmin(pg_current_snapshot()) > (select max(transaction_id) from events), true) as below`
      )[0]!.below,
    10_000,
    'the snapshot horizon',
  );
}

/** A trail of every application: duplicates and gaps stay visible (no unique constraint). */
function trail(
  name: string,
  appliedBy: string,
  hook?: (e: { version: number }) => Promise<void>,
): Projection {
  const record: ProjectionHandler = async (tx, e) => {
    // Every projection reads the whole log; this one keeps to its own streams.
    if (!e.streamId.startsWith(`${name}-`)) return;
    await hook?.(e);
    await tx`insert into trail (projection, event_id, stream_id, version, applied_by)
             values (${name}, ${e.eventId}, ${e.streamId}, ${e.version}, ${appliedBy})`;
  };
  return defineProjection({ name, handlers: { Tick: record, Tock: record } });
}

async function tick(sql: Sql, streamId: string, n: number, type = 'Tick'): Promise<Position> {
  let last: Position | null = null;
  for (let i = 0; i < n; i++) {
    last = (await append(sql, { streamId, expectedVersion: 'any', events: [{ type, data: { i } }] }, meta))
      .position;
  }
  return last!;
}

async function trailOf(sql: Sql, projection: string) {
  return sql<{ event_id: string; stream_id: string; version: number; applied_by: string }[]>`
    select event_id, stream_id, version, applied_by from trail where projection = ${projection} order by seq`;
}

function expectExactlyOnceInOrder(
  rows: { event_id: string; stream_id: string; version: number }[],
  total: number,
) {
  expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
  expect(rows).toHaveLength(total);
  const last = new Map<string, number>();
  for (const r of rows) {
    expect(r.version).toBe((last.get(r.stream_id) ?? 0) + 1);
    last.set(r.stream_id, r.version);
  }
}

describe('projections', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await testDatabase();
    await db.sql`create table trail (
      seq bigint generated always as identity primary key,
      projection text not null, event_id uuid not null, stream_id text not null, version bigint not null,
      applied_by text not null)`;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('applies each event exactly once when its connections are terminated mid-batch', async () => {
    const runnerSql = connect(db.url, { max: 2, applicationName: 'projection-victim' });
    let reached!: () => void;
    const atEvent = new Promise<void>((r) => {
      reached = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let blocked = false;
    const projection = trail('killed', 'victim', async (e) => {
      if (!blocked && e.version === 15) {
        blocked = true;
        reached();
        await released;
      }
    });
    await tick(db.sql, 'killed-a', 20);
    const runner = startProjectionRunner(runnerSql, [projection], {
      pollMs: 100,
      leaseMs: 5_000,
      batchSize: 50,
    });
    try {
      await atEvent;
      // The batch has written events 1-14 of its transaction; kill every connection of the runner.
      expect((await trailOf(db.sql, 'killed')).length).toBe(0);
      await db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                   where application_name = 'projection-victim' and datname = current_database()`;
      release();
      await tick(db.sql, 'killed-b', 10);
      const last = await tick(db.sql, 'killed-a', 10);
      expect(await waitForPosition(db.sql, 'killed', last, 10_000)).toBe(true);
      expectExactlyOnceInOrder(await trailOf(db.sql, 'killed'), 40);
    } finally {
      await runner.stop();
      await runnerSql.end({ timeout: 1 });
    }
  });

  it('ignores events at or below the version it already applied (replays are harmless)', async () => {
    const projection = trail('replayed', 'direct');
    await db.sql`insert into subscription_checkpoints (name) values ('replayed')`;
    await tick(db.sql, 'replayed-a', 5);
    await belowHorizon(db.sql);
    while ((await applyNextBatch(db.sql, projection, null, 3)) > 0) {}
    expect(await trailOf(db.sql, 'replayed')).toHaveLength(5);
    // Lose the checkpoint: everything is delivered again and nothing is applied twice.
    await db.sql`update subscription_checkpoints set transaction_id = '0', global_position = 0 where name = 'replayed'`;
    await tick(db.sql, 'replayed-a', 2);
    await belowHorizon(db.sql);
    while ((await applyNextBatch(db.sql, projection, null, 3)) > 0) {}
    expectExactlyOnceInOrder(await trailOf(db.sql, 'replayed'), 7);
  });

  it('runs on one runner at a time, and another takes over within the lease time when it stops', async () => {
    const LEASE = 1_000;
    const a = connect(db.url, { max: 3 });
    const b = connect(db.url, { max: 3 });
    const runnerA = startProjectionRunner(a, [trail('leased', 'a')], {
      holderId: 'host-a',
      leaseMs: LEASE,
      pollMs: 50,
    });
    await until(
      async () =>
        (await db.sql`select 1 from projection_leases where name = 'leased' and holder = 'host-a'`).length ===
        1,
      5_000,
      'host-a to take the lease',
    );
    const runnerB = startProjectionRunner(b, [trail('leased', 'b')], {
      holderId: 'host-b',
      leaseMs: LEASE,
      pollMs: 50,
    });
    try {
      let last = await tick(db.sql, 'leased-a', 20);
      expect(await waitForPosition(db.sql, 'leased', last, 5_000)).toBe(true);
      // Several lease renewals pass; B keeps waiting.
      await new Promise((r) => setTimeout(r, LEASE * 1.5));
      last = await tick(db.sql, 'leased-a', 5);
      expect(await waitForPosition(db.sql, 'leased', last, 5_000)).toBe(true);
      const before = await trailOf(db.sql, 'leased');
      expect(before.map((r) => r.applied_by)).toEqual(Array(25).fill('a'));

      // A crashes: it stops renewing without freeing the lease.
      await runnerA.abandon();
      const crashedAt = Date.now();
      const [held] = await db.sql<
        { expires_at: Date }[]
      >`select expires_at from projection_leases where name = 'leased'`;
      last = await tick(db.sql, 'leased-a', 5);
      expect(await waitForPosition(db.sql, 'leased', last, 5_000)).toBe(true);
      expect(Date.now() - crashedAt).toBeLessThan(LEASE + 1_000);
      const after = await trailOf(db.sql, 'leased');
      expectExactlyOnceInOrder(after, 30);
      expect(after.slice(25).map((r) => r.applied_by)).toEqual(Array(5).fill('b'));
      // On the database's clock: B took the lease once A's had expired, not before, and promptly.
      const [lease] = await db.sql<{ holder: string; acquired_at: Date }[]>`
        select holder, acquired_at from projection_leases where name = 'leased'`;
      expect(lease!.holder).toBe('host-b');
      const afterExpiry = lease!.acquired_at.getTime() - held!.expires_at.getTime();
      expect(afterExpiry).toBeGreaterThanOrEqual(0);
      expect(afterExpiry).toBeLessThan(300);
      expect(held!.expires_at.getTime() - crashedAt).toBeLessThanOrEqual(LEASE + 50);
      const status = (await getSubscriptionStatus(db.sql)).find((s) => s.name === 'leased');
      expect(status).toMatchObject({ holder: 'host-b', leaseActive: true, lagEvents: 0, lagSeconds: 0 });
    } finally {
      await runnerB.stop();
      await a.end({ timeout: 1 });
      await b.end({ timeout: 1 });
    }
  });

  it('rebuilds into fresh tables the same model as incremental projection, never serving a half-built one', async () => {
    const slots = defineProjection({
      name: 'slots',
      tables: ['slot_view'],
      init: (tx) => tx`create table if not exists slot_view (
        slot_id text primary key, seats int not null, changes int not null, last_version bigint not null)`,
      handlers: {
        SeatsReserved: async (tx, e) => {
          const { n } = e.data as { n: number };
          await tx`insert into slot_view (slot_id, seats, changes, last_version) values (${e.streamId}, ${n}, 1, ${e.version})
                   on conflict (slot_id) do update set seats = slot_view.seats + ${n}, changes = slot_view.changes + 1,
                   last_version = ${e.version}`;
        },
        SeatsReleased: async (tx, e) => {
          const { n } = e.data as { n: number };
          await tx`update slot_view set seats = seats - ${n}, changes = changes + 1, last_version = ${e.version}
                   where slot_id = ${e.streamId}`;
        },
      },
    });
    const book = async (count: number): Promise<Position> => {
      let last: Position | null = null;
      for (let i = 0; i < count; i++) {
        const slot = `timeslot-${i % 7}`;
        const type = i % 5 === 4 ? 'SeatsReleased' : 'SeatsReserved';
        last = (
          await append(
            db.sql,
            [
              { streamId: slot, expectedVersion: 'any', events: [{ type, data: { n: 1 + (i % 3) } }] },
              {
                streamId: `registration-${randomUUID()}`,
                expectedVersion: 'no_stream',
                events: [{ type: 'Booked', data: {} }],
              },
            ],
            meta,
          )
        ).position;
      }
      return last!;
    };
    const snapshot = () => db.sql`select * from slot_view order by slot_id`;

    const runnerSql = connect(db.url, { max: 3 });
    const runner = startProjectionRunner(runnerSql, [slots], { pollMs: 50, leaseMs: 5_000 });
    try {
      let last = await book(120);
      expect(await waitForPosition(db.sql, 'slots', last, 5_000)).toBe(true);
      const incremental = await snapshot();
      expect(incremental).toHaveLength(7);

      // Readers during the rebuild see the whole old model or the whole new one.
      let reading = true;
      const observed: number[] = [];
      const reader = (async () => {
        while (reading) {
          const [r] = await db.sql<{ n: number; total: number }[]>`
            select count(*)::int as n, coalesce(sum(changes), 0)::int as total from slot_view`;
          observed.push(r!.total);
          expect(r!.n).toBe(7);
        }
      })();
      const result = await rebuildProjection(db.sql, slots, { batchSize: 25 });
      reading = false;
      await reader;
      const total = incremental.reduce((sum, r) => sum + (r.changes as number), 0);
      expect(observed.length).toBeGreaterThan(0);
      expect(Math.min(...observed)).toBe(total);
      expect(Math.max(...observed)).toBe(total);
      expect(result.events).toBe(120);
      expect(await snapshot()).toEqual(incremental);
      const leftovers =
        await db.sql`select 1 from information_schema.schemata where schema_name = 'rebuild_slots'`;
      expect(leftovers).toHaveLength(0);

      // The live runner carries on from the swapped-in tables.
      last = await book(30);
      expect(await waitForPosition(db.sql, 'slots', last, 5_000)).toBe(true);
      const live = await snapshot();
      await rebuildProjection(db.sql, slots);
      expect(await snapshot()).toEqual(live);
    } finally {
      await runner.stop();
      await runnerSql.end({ timeout: 1 });
    }
  });

  it('rebuilds tables made by a migration (no init) and keeps their index names', async () => {
    await db.sql`create table visits (stream_id text primary key, visits int not null)`;
    await db.sql`create index visits_by_count on visits (visits)`;
    await db.sql`insert into subscription_checkpoints (name) values ('visits')`;
    const visits = defineProjection({
      name: 'visits',
      tables: ['visits'],
      handlers: {
        Visit: async (tx, e) => {
          await tx`insert into visits (stream_id, visits) values (${e.streamId}, 1)
                   on conflict (stream_id) do update set visits = visits.visits + 1`;
        },
      },
    });
    for (let i = 0; i < 5; i++) {
      await append(
        db.sql,
        { streamId: `visits-${i % 2}`, expectedVersion: 'any', events: [{ type: 'Visit', data: {} }] },
        meta,
      );
    }
    await belowHorizon(db.sql);
    while ((await applyNextBatch(db.sql, visits, null)) > 0) {}
    const rows = () => db.sql`select * from visits order by stream_id`;
    const incremental = await rows();
    expect(incremental.map((r) => r.visits)).toEqual([3, 2]);
    await rebuildProjection(db.sql, visits);
    expect(await rows()).toEqual(incremental);
    const indexes =
      await db.sql`select indexname from pg_indexes where tablename = 'visits' order by indexname`;
    expect(indexes.map((r) => r.indexname)).toEqual(['visits_by_count', 'visits_pkey']);
  });

  it('reports checkpoint, lag in events and seconds, and lease holder', async () => {
    const projection = trail('lagging', 'x');
    await db.sql`insert into subscription_checkpoints (name) values ('lagging')`;
    const last = await tick(db.sql, 'lagging-a', 3);
    const before = (await getSubscriptionStatus(db.sql)).find((s) => s.name === 'lagging')!;
    expect(before.lagEvents).toBeGreaterThanOrEqual(3);
    expect(before.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(before.holder).toBeNull();
    expect(await waitForPosition(db.sql, 'lagging', last, 50)).toBe(false);
    await belowHorizon(db.sql);
    while ((await applyNextBatch(db.sql, projection, null)) > 0) {}
    expect(await waitForPosition(db.sql, 'lagging', last, 50)).toBe(true);
    const after = (await getSubscriptionStatus(db.sql)).find((s) => s.name === 'lagging')!;
    expect(after).toMatchObject({ lagEvents: 0, lagSeconds: 0 });
    expect(after.checkpoint).toMatch(/^\d+\.\d+$/);
  });
});
