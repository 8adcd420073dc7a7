import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  append,
  handle,
  type LatestRow,
  latestOfTypesQuery,
  latestOfTypesRead,
  readLatestOfTypes,
  readStreams,
} from '../src';

describe('reading the latest event of each kind', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db.drop());

  const groups = [['Reserved', 'Released'], ['Blocked', 'Unblocked'], ['Resized']];
  const ev = (type: string, n: number) => ({ type, data: { n } });

  it('answers the version and the latest event per group, in version order, and nothing for a new stream', async () => {
    const id = `slot-latest-${Date.now()}`;
    expect(await readLatestOfTypes(db.sql, id, groups)).toEqual({ version: 0, events: [] });
    await append(
      db.sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: [
          ev('Reserved', 1),
          ev('Blocked', 2),
          ev('Reserved', 3),
          ev('Unblocked', 4),
          ev('Released', 5),
          ev('Reserved', 6),
          ev('Other', 7),
        ],
      },
      { actor: 'test' },
    );
    const read = await readLatestOfTypes<{ n: number }>(db.sql, id, groups);
    expect(read.version).toBe(7);
    expect(read.events.map((e) => [e.type, e.version, e.data.n])).toEqual([
      ['Unblocked', 4, 4],
      ['Reserved', 6, 6],
    ]);
    // The same version a full read reports: the append's expected version.
    expect((await readStreams(db.sql, [id]))[id]!.version).toBe(7);
  });

  it("handle with a reader still refuses an append when the stream moved after the reader's read", async () => {
    const id = `slot-race-${Date.now()}`;
    await append(
      db.sql,
      { streamId: id, expectedVersion: 'no_stream', events: [ev('Reserved', 1)] },
      { actor: 'test' },
    );
    let raced = false;
    const attempt = handle(
      db.sql,
      [id],
      async (read) => {
        if (!raced) {
          raced = true;
          // Someone else appends between our read and our append.
          await append(
            db.sql,
            { streamId: id, expectedVersion: 'any', events: [ev('Reserved', 2)] },
            { actor: 'other' },
          );
        }
        return {
          append: [{ streamId: id, events: [ev('Reserved', read[id]!.version + 1)] }],
          result: read[id]!.version,
        };
      },
      {
        metadata: { actor: 'test' },
        maxAttempts: 2,
        readers: { [id]: (sql) => readLatestOfTypes(sql, id, groups) },
      },
    );
    // The first attempt lost the race and retried on a fresh read.
    const { result } = await attempt;
    expect(result).toBe(2);
    const all = (await readStreams(db.sql, [id]))[id]!;
    expect(all.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('nested in another statement as JSON, decodes to the same read as readLatestOfTypes', async () => {
    const id = `slot-nested-${Date.now()}`;
    await append(
      db.sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: [ev('Reserved', 1), ev('Resized', 2), ev('Reserved', 3), ev('Other', 4)],
      },
      { actor: 'test' },
    );
    const [row] = await db.sql<{ one: number; latest: LatestRow[] }[]>`
      select 1 as one, (select coalesce(json_agg(l), '[]'::json) from (${latestOfTypesQuery(db.sql, id, groups)}) l) as latest`;
    const nested = latestOfTypesRead(row!.latest);
    const direct = await readLatestOfTypes(db.sql, id, groups);
    expect(nested).toEqual(direct);
    expect(nested.version).toBe(4);
    expect(nested.events.map((e) => [e.type, e.version])).toEqual([
      ['Resized', 2],
      ['Reserved', 3],
    ]);
    expect(nested.events[0]!.recordedAt).toBeInstanceOf(Date);

    const [none] = await db.sql<{ latest: LatestRow[] }[]>`
      select (select coalesce(json_agg(l), '[]'::json) from (${latestOfTypesQuery(db.sql, `${id}-none`, groups)}) l) as latest`;
    expect(latestOfTypesRead(none!.latest)).toEqual({ version: 0, events: [] });
  });

  it('handle uses a read given for the first attempt, and reads afresh when that read was stale', async () => {
    const id = `slot-given-${Date.now()}`;
    await append(
      db.sql,
      { streamId: id, expectedVersion: 'no_stream', events: [ev('Reserved', 1)] },
      { actor: 'test' },
    );
    const earlier = await readLatestOfTypes(db.sql, id, groups);
    let readerCalls = 0;
    const reader = (sql: Parameters<typeof readLatestOfTypes>[0]) => {
      readerCalls++;
      return readLatestOfTypes(sql, id, groups);
    };
    const decide = (read: Record<string, { version: number }>) => ({
      append: [{ streamId: id, events: [ev('Reserved', read[id]!.version + 1)] }],
      result: read[id]!.version,
    });
    // Fresh: no read of its own.
    const first = await handle(db.sql, [id], decide, {
      metadata: { actor: 'test' },
      readers: { [id]: reader },
      firstReads: { [id]: earlier },
    });
    expect(first.result).toBe(1);
    expect(readerCalls).toBe(0);
    // Stale now (the stream is at 2): the first attempt conflicts, the retry reads.
    const second = await handle(db.sql, [id], decide, {
      metadata: { actor: 'test' },
      maxAttempts: 2,
      readers: { [id]: reader },
      firstReads: { [id]: earlier },
    });
    expect(second.result).toBe(2);
    expect(readerCalls).toBe(1);
    const all = (await readStreams(db.sql, [id]))[id]!;
    expect(all.events.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
  });
});

/** Index entries read from `events` so far, as the statistics system has them (flushed by `conn` first). */
async function eventsTuplesRead(sql: Sql, conn: Sql): Promise<number> {
  await conn`select pg_stat_force_next_flush()`;
  await conn`select 1`;
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(idx_tup_read), 0)::int as n from pg_stat_user_indexes where relname = 'events'`;
  await sql`select pg_stat_clear_snapshot()`;
  return row?.n ?? 0;
}

describe("a long slot's latest events", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db.drop());

  const SLOT_KINDS = [
    ['SeatsReserved', 'SeatsReleased'],
    ['SlotBlocked', 'SlotUnblocked'],
    ['CapacityChanged'],
  ];

  it('are found without walking the stream, whether or not it was ever blocked or resized', async () => {
    const id = `timeslot-long-${Date.now()}`;
    await append(
      db.sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: Array.from({ length: 3000 }, (_, i) => ({
          type: 'SeatsReserved',
          data: { bookedAfter: i + 1 },
        })),
      },
      { actor: 'test' },
    );
    await db.sql`analyze events`;
    const conn = (await db.sql.reserve()) as unknown as Sql & { release: () => void };
    try {
      await conn`set plan_cache_mode = force_generic_plan`;
      const before = await eventsTuplesRead(db.sql, conn);
      const never = await readLatestOfTypes(conn, id, SLOT_KINDS);
      expect(never.version).toBe(3000);
      expect(never.events.map((e) => [e.type, e.version])).toEqual([['SeatsReserved', 3000]]);
      // Walking the stream backwards for the two kinds it never had read 6,000 entries.
      expect((await eventsTuplesRead(db.sql, conn)) - before).toBeLessThan(50);

      await append(
        db.sql,
        {
          streamId: id,
          expectedVersion: 3000,
          events: [{ type: 'SlotBlocked', data: {} }, ev2('SeatsReserved')],
        },
        { actor: 'test' },
      );
      const blocked = await readLatestOfTypes(conn, id, SLOT_KINDS);
      expect(blocked.events.map((e) => [e.type, e.version])).toEqual([
        ['SlotBlocked', 3001],
        ['SeatsReserved', 3002],
      ]);
    } finally {
      conn.release();
    }
  });

  it('refuses a type name that is not one', async () => {
    await expect(readLatestOfTypes(db.sql, 'x', [["A'; drop table events; --"]])).rejects.toThrow(TypeError);
  });
});

const ev2 = (type: string) => ({ type, data: {} });
