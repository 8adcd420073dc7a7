import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { append, ConcurrencyError, guardTransactionIds, readBatch, START } from '../src';

/**
 * A log restored into a cluster whose transaction counter is behind the one that wrote it looks,
 * to this cluster, like a log whose stored ids are far ahead. The tests write a log here, then add
 * a constant to every stored id (the relative order is what a restore keeps), which is exactly
 * that shape; tests/system/restore-drill.e2e.spec.ts does the real pg_dump/pg_restore between
 * clusters.
 */
const meta = { actor: 'worker:test' };
const AHEAD = '1000000000000'; // 10^12: far past this cluster's counter

async function shiftAhead(sql: Sql): Promise<void> {
  await sql`update events set transaction_id = (transaction_id::text::numeric + ${AHEAD}::numeric)::text::xid8`;
  await sql`update streams set last_transaction_id = (last_transaction_id::text::numeric + ${AHEAD}::numeric)::text::xid8`;
  await sql`update subscription_checkpoints set transaction_id = (transaction_id::text::numeric + ${AHEAD}::numeric)::text::xid8
            where transaction_id <> '0'`;
}

/** The log in subscriber order, as global positions. */
async function order(sql: Sql): Promise<number[]> {
  return (
    await sql<
      { p: number }[]
    >`select global_position as p from events order by transaction_id, global_position`
  ).map((r) => r.p);
}

/** Per checkpoint: the global positions of the events it covers. */
async function covered(sql: Sql): Promise<Record<string, number[]>> {
  const rows = await sql<{ name: string; ps: number[] | null }[]>`
    select c.name, (select array_agg(e.global_position order by e.transaction_id, e.global_position) from events e
                    where (e.transaction_id, e.global_position) <= (c.transaction_id, c.global_position)) as ps
    from subscription_checkpoints c order by c.name`;
  return Object.fromEntries(rows.map((r) => [r.name, (r.ps ?? []).map(Number)]));
}

/**
 * A log whose subscriber order differs from position order: transaction A takes its id first but
 * inserts last, so its event sorts before B's although B's position is lower. Several such pairs,
 * plus plain appends, and three checkpoints: at the start, in the middle, at the end.
 */
async function writeLog(sql: Sql): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await append(
      sql,
      { streamId: `plain-${i}`, expectedVersion: 'no_stream', events: [{ type: 'A', data: { i } }] },
      meta,
    );
  }
  for (let pair = 0; pair < 4; pair++) {
    const a = await sql.reserve();
    try {
      await a`begin`;
      await a`select pg_current_xact_id()`; // A's id now, before B's
      await append(
        sql,
        { streamId: `late-${pair}-b`, expectedVersion: 'no_stream', events: [{ type: 'B', data: {} }] },
        meta,
      );
      await a`select * from eventstore_append(${JSON.stringify([{ id: `late-${pair}-a`, type: 'late', expected: -1, count: 2 }])}::text::jsonb, ${JSON.stringify(
        [
          { s: 0, id: crypto.randomUUID(), type: 'A', data: {}, metadata: meta },
          { s: 0, id: crypto.randomUUID(), type: 'A', data: {}, metadata: meta },
        ],
      )}::text::jsonb, false)`;
      await a`commit`;
    } finally {
      a.release();
    }
    await append(
      sql,
      { streamId: 'plain-0', expectedVersion: 'any', events: [{ type: 'A', data: { pair } }] },
      meta,
    );
  }
  const log = await order(sql);
  const middle = log[Math.floor(log.length / 2)]!;
  await sql`insert into subscription_checkpoints (name, transaction_id, global_position)
            select 'middle', transaction_id, global_position from events where global_position = ${middle}`;
  await sql`insert into subscription_checkpoints (name, transaction_id, global_position)
            select 'end', transaction_id, global_position from events
            order by transaction_id desc, global_position desc limit 1`;
  await sql`insert into subscription_checkpoints (name) values ('start')`;
}

describe('guardTransactionIds: a log restored into a cluster whose counter is behind', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await testDatabase({ max: 4 });
  });
  afterEach(async () => {
    await db.drop();
  });

  it('does nothing on a log this cluster wrote', async () => {
    await writeLog(db.sql);
    const before = await db.sql`select global_position, transaction_id::text from events order by 1`;
    const result = await guardTransactionIds(db.sql);
    expect(result).toMatchObject({ renumbered: false, events: 0, burned: 0 });
    expect(await db.sql`select global_position, transaction_id::text from events order by 1`).toEqual(before);
  });

  it('without it, a restored log breaks: appends to its streams conflict, new events sort behind every checkpoint', async () => {
    await writeLog(db.sql);
    await shiftAhead(db.sql);
    await expect(
      append(db.sql, { streamId: 'late-0-a', expectedVersion: 2, events: [{ type: 'A', data: {} }] }, meta),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await append(
      db.sql,
      { streamId: 'fresh', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] },
      meta,
    );
    const [end] = await db.sql<{ t: string; p: number }[]>`
      select transaction_id::text as t, global_position as p from subscription_checkpoints where name = 'end'`;
    const batch = await readBatch(
      db.sql,
      { transactionId: end!.t, globalPosition: end!.p },
      { batchSize: 100 },
    );
    expect(batch.events, 'the new event is never delivered past the end checkpoint').toEqual([]);
  });

  it('renumbers in order: same subscriber order, same events under each checkpoint, appends and subscribers work after', async () => {
    await writeLog(db.sql);
    const log = await order(db.sql);
    expect(log, 'the log has commit order different from position order').not.toEqual(
      [...log].sort((a, b) => a - b),
    );
    const coveredBefore = await covered(db.sql);
    expect(coveredBefore.middle!.length).toBeGreaterThan(0);
    expect(coveredBefore.middle!.length).toBeLessThan(log.length);
    await shiftAhead(db.sql);
    expect(await order(db.sql)).toEqual(log);

    const told: unknown[] = [];
    const result = await guardTransactionIds(db.sql, { onRenumber: (i) => told.push(i) });
    expect(result).toMatchObject({ renumbered: true, events: log.length, checkpoints: 3, burned: 0 });
    expect(told).toHaveLength(1);
    // Far fewer ids than transactions: one per stretch of rising positions.
    expect(result.ids).toBeGreaterThan(1);
    expect(result.ids).toBeLessThan(log.length);

    expect(await order(db.sql), 'subscriber order unchanged').toEqual(log);
    expect(await covered(db.sql), 'each checkpoint covers the same events').toEqual(coveredBefore);
    const [{ ahead }] = await db.sql<[{ ahead: boolean }]>`
      select exists (select 1 from events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot()))
          or exists (select 1 from streams where last_transaction_id >= pg_snapshot_xmin(pg_current_snapshot()))
          as ahead`;
    expect(ahead, 'every stored id is below the horizon').toBe(false);
    const streamsBehind = await db.sql`
      select s.stream_id from streams s
      where s.last_transaction_id <> (select e.transaction_id from events e where e.stream_id = s.stream_id
                                      order by e.version desc limit 1)`;
    expect(streamsBehind).toEqual([]);

    // Appends to restored streams work, and new events come after everything restored.
    const appended = await append(
      db.sql,
      { streamId: 'late-0-a', expectedVersion: 2, events: [{ type: 'A', data: { after: true } }] },
      meta,
    );
    const [end] = await db.sql<{ t: string; p: number }[]>`
      select transaction_id::text as t, global_position as p from subscription_checkpoints where name = 'end'`;
    // The horizon is cluster-wide: other tests' open transactions may hold the new event back a moment.
    let fromEnd = await readBatch(
      db.sql,
      { transactionId: end!.t, globalPosition: end!.p },
      { batchSize: 100 },
    );
    for (const deadline = Date.now() + 20_000; fromEnd.events.length === 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      fromEnd = await readBatch(
        db.sql,
        { transactionId: end!.t, globalPosition: end!.p },
        { batchSize: 100 },
      );
    }
    expect(fromEnd.events.map((e) => e.globalPosition)).toEqual([appended.position.globalPosition]);
    const [middle] = await db.sql<{ t: string; p: number }[]>`
      select transaction_id::text as t, global_position as p from subscription_checkpoints where name = 'middle'`;
    const fromMiddle = await readBatch(
      db.sql,
      { transactionId: middle!.t, globalPosition: middle!.p },
      { batchSize: 100 },
    );
    expect(fromMiddle.events.map((e) => e.globalPosition)).toEqual([
      ...log.slice(coveredBefore.middle!.length),
      appended.position.globalPosition,
    ]);
    const fromStart = await readBatch(db.sql, START, { batchSize: 100 });
    expect(fromStart.events.map((e) => e.globalPosition)).toEqual([...log, appended.position.globalPosition]);

    // Once is enough.
    expect(await guardTransactionIds(db.sql)).toMatchObject({ renumbered: false });
  });

  it('advances the counter first when there is no room below it, and several processes starting at once renumber once', async () => {
    await writeLog(db.sql);
    const log = await order(db.sql);
    const coveredBefore = await covered(db.sql);
    await shiftAhead(db.sql);
    const [{ next }] = await db.sql<[{ next: string }]>`
      select pg_snapshot_xmax(pg_current_snapshot())::text as next`;
    // As if the counter were just below what the log needs: ids may not go under next + 2000.
    const floor = Number(next) + 2_000;
    const results = await Promise.all([1, 2, 3].map(() => guardTransactionIds(db.sql, { floor })));
    const done = results.filter((r) => r.renumbered);
    expect(done).toHaveLength(1);
    // Whoever got the lock first without room advanced the counter; the one that renumbered may be another.
    expect(results.reduce((n, r) => n + r.burned, 0)).toBeGreaterThanOrEqual(2_000);
    expect(await order(db.sql)).toEqual(log);
    expect(await covered(db.sql)).toEqual(coveredBefore);
    const [{ min }] = await db.sql<[{ min: string }]>`select min(transaction_id)::text as min from events`;
    expect(Number(min)).toBeGreaterThanOrEqual(floor);
  });
});
