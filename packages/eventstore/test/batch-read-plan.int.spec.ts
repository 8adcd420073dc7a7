import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, type Position } from '../src';
import { readCursorBatch } from '../src/subscription';

const EVENTS = 8_000;
const PER_APPEND = 400;

/** Sequential scans of `table` so far, as the statistics system has them (flushed by `conn` first). */
async function seqScans(sql: Sql, conn: Sql, table: string): Promise<number> {
  await conn`select pg_stat_force_next_flush()`;
  await conn`select 1`;
  const [row] = await sql<{ n: number }[]>`
    select coalesce(seq_scan, 0)::int as n from pg_stat_user_tables where relname = ${table}`;
  await sql`select pg_stat_clear_snapshot()`;
  return row?.n ?? 0;
}

/**
 * Every subscriber reads a batch many times a second, as a prepared statement whose plan Postgres
 * soon makes generic. A part of that statement that reads the whole log (or every stream version)
 * costs time in proportion to the log's length, on every read: it was the largest cost of a booking
 * (docs/performance.md). With the log and the versions table large and analysed, a batch read must
 * use the indexes only, caught up or behind, with or without per-stream versions.
 */
describe('batch reads use the indexes, whatever the size of the log', () => {
  let db: TestDatabase;
  let conn: Sql & { release: () => void };
  let last: Position;

  beforeAll(async () => {
    db = await testDatabase();
    for (let i = 0; i < EVENTS / PER_APPEND; i++) {
      const r = await append(
        db.sql,
        {
          streamId: `tick-${i}`,
          expectedVersion: 'any',
          events: Array.from({ length: PER_APPEND }, () => ({ type: 'Tick', data: {} })),
        },
        { actor: 'public' },
      );
      last = r.position;
    }
    await db.sql`
      insert into projection_stream_versions (projection, stream_id, version)
      select 'plan-test', 'other-' || n, 1 from generate_series(1, ${EVENTS}) n`;
    await db.sql`analyze events`;
    await db.sql`analyze projection_stream_versions`;
    conn = (await db.sql.reserve()) as typeof conn;
    await conn`set plan_cache_mode = force_generic_plan`;
  });
  afterAll(async () => {
    conn?.release();
    await db.drop();
  });

  it('reads caught up, behind, and with versions without a sequential scan of events or versions', async () => {
    const before = {
      events: await seqScans(db.sql, conn, 'events'),
      versions: await seqScans(db.sql, conn, 'projection_stream_versions'),
    };
    const caughtUp = await readCursorBatch(conn, last, { batchSize: 100 });
    expect(caughtUp.events).toHaveLength(0);
    const behind = await readCursorBatch(
      conn,
      { transactionId: '0', globalPosition: 0 },
      { batchSize: 100, versionsOf: ['plan-test'] },
    );
    expect(behind.events).toHaveLength(100);
    const typed = await readCursorBatch(conn, last, {
      batchSize: 100,
      types: ['Tick'],
      versionsOf: ['plan-test'],
    });
    expect(typed.events).toHaveLength(0);
    expect(await seqScans(db.sql, conn, 'events')).toBe(before.events);
    expect(await seqScans(db.sql, conn, 'projection_stream_versions')).toBe(before.versions);
  });
});
