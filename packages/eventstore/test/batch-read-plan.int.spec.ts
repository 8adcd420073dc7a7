import { type Sql, type TransactionSql, connect } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, type Position } from '../src';
import { readCursorBatch, startBatchTransaction } from '../src/subscription';

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

/**
 * The subscribers read their batches with generic plans (issue 27: planned again on every call, each
 * read cost more to plan than to run). The setting is the transaction's own: the pooled connection goes
 * back to planning as before for whatever it runs next.
 */
describe('startBatchTransaction', () => {
  let db: TestDatabase;
  let one: Sql;
  const settings = async (q: Sql | TransactionSql) =>
    (
      await q<{ plans: string; commit: string; pid: number }[]>`
        select current_setting('plan_cache_mode') as plans,
               current_setting('synchronous_commit') as commit, pg_backend_pid() as pid`
    )[0]!;

  beforeAll(async () => {
    db = await testDatabase();
    one = connect(db.url, { max: 1 });
  });
  afterAll(async () => {
    await one?.end({ timeout: 5 });
    await db?.drop();
  });

  it('sets generic plans, and with relaxedCommit an unflushed commit, for its own transaction only', async () => {
    const outside = await settings(one);
    expect(outside.plans).toBe('auto');
    expect(outside.commit).toBe('on');
    const relaxed = await one.begin(async (tx) => {
      await startBatchTransaction(tx, { relaxedCommit: true });
      return settings(tx);
    });
    expect(relaxed).toEqual({ plans: 'force_generic_plan', commit: 'off', pid: outside.pid });
    const plain = await one.begin(async (tx) => {
      await startBatchTransaction(tx);
      return settings(tx);
    });
    expect(plain).toEqual({ plans: 'force_generic_plan', commit: 'on', pid: outside.pid });
    expect(await settings(one)).toEqual(outside);
  });
});
