import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpectedVersion, append, readStream } from '../src';
import { prepareAppend } from '../src/append';

/**
 * eventstore_append_batch (migration 023): the set-based path writes a clean batch in a few
 * statements; anything it cannot answer exactly (a conflict, a unique violation, a stream in two
 * items) it undoes and leaves to the item-by-item path. Both must give the same answers.
 */

const meta = { actor: 'public', requestId: 'req-batch' };

interface ItemRow {
  r_item: number;
  r_stream_ids: string[] | null;
  r_versions: string[] | null;
  r_transaction_id: string | null;
  r_last_position: string | null;
  r_error_code: string | null;
  r_error_detail: string | null;
}

/** An item exactly as the group commit sends it: prepareAppend's streams (sorted by id) and events. */
function item(
  streams: { id: string; expected: ExpectedVersion; events: { type: string; data?: unknown }[] }[],
) {
  return prepareAppend(
    streams.map((x) => ({
      streamId: x.id,
      expectedVersion: x.expected,
      events: x.events.map((e) => ({ type: e.type, data: e.data ?? {} })),
    })),
    meta,
  );
}

const counter = () => `counter-${randomUUID()}`;

describe('eventstore_append_batch', () => {
  let db: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    db = await testDatabase({ max: 10 });
    sql = db.sql;
  });
  afterAll(async () => {
    await db.drop();
  });

  const batch = (items: unknown[], fn = 'eventstore_append_batch') =>
    sql.unsafe<ItemRow[]>(`select * from ${fn}($1::text::jsonb, false)`, [JSON.stringify(items)]);

  /** A batch's answers with each position replaced by its rank, and the transaction ids by whether all agree. */
  const shape = (rows: ItemRow[]) => {
    const ranks = rows.map((r) => Number(r.r_last_position ?? -1));
    const sorted = [...ranks].sort((a, b) => a - b);
    return {
      oneTransaction: new Set(rows.filter((r) => !r.r_error_code).map((r) => r.r_transaction_id)).size === 1,
      rows: rows.map((r, i) => ({
        item: r.r_item,
        streams: r.r_stream_ids?.map((id) => id.split('-')[0]) ?? null,
        versions: r.r_versions?.map(Number) ?? null,
        rank: r.r_error_code ? null : sorted.indexOf(ranks[i] as number),
        error: r.r_error_code,
      })),
    };
  };

  it('writes a clean batch set-based: the same answers as item by item, the events in item order', async () => {
    const made = async (fn: string) => {
      const a = counter();
      const b = counter();
      const shared = counter();
      await append(
        sql,
        { streamId: shared, expectedVersion: 'no_stream', events: [{ type: 'Counted', data: {} }] },
        meta,
      );
      await append(
        sql,
        { streamId: b, expectedVersion: 'no_stream', events: [{ type: 'Counted', data: {} }] },
        meta,
      );
      const items = [
        item([
          {
            id: a,
            expected: 'no_stream',
            events: [
              { type: 'Counted', data: { n: 1 } },
              { type: 'Counted', data: { n: 2 } },
            ],
          },
        ]),
        item([
          { id: b, expected: 1, events: [{ type: 'Counted', data: { n: 3 } }] },
          { id: shared, expected: 1, events: [{ type: 'Counted', data: { n: 4 } }] },
        ]),
        item([{ id: counter(), expected: 'no_stream', events: [{ type: 'Counted', data: { n: 5 } }] }]),
      ];
      return { rows: await batch(items, fn), a, b, shared };
    };
    const set = await made('eventstore_append_batch');
    const one = await made('eventstore_append_items');
    expect(shape(set.rows)).toEqual(shape(one.rows));
    expect(shape(set.rows)).toEqual({
      oneTransaction: true,
      rows: [
        { item: 0, streams: ['counter'], versions: [2], rank: 0, error: null },
        { item: 1, streams: ['counter', 'counter'], versions: [2, 2], rank: 1, error: null },
        { item: 2, streams: ['counter'], versions: [1], rank: 2, error: null },
      ],
    });
    // The log holds each event once, at the versions answered, in item order, each item's in its order.
    const a = await readStream(sql, set.a);
    expect(a.map((e) => [e.version, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
    expect((await readStream(sql, set.b)).map((e) => e.version)).toEqual([1, 2]);
    const shared = await readStream(sql, set.shared);
    expect(shared.map((e) => [e.version, e.data])).toEqual([
      [1, {}],
      [2, { n: 4 }],
    ]);
    expect(Number(set.rows[0]!.r_last_position)).toBe(a[1]!.globalPosition);
    expect(a[0]!.globalPosition).toBeLessThan(shared[1]!.globalPosition);
    const streams = await sql<
      { version: string }[]
    >`select version from streams where stream_id = ${set.shared}`;
    expect(Number(streams[0]!.version)).toBe(2);
  });

  it('takes the set-based path for a clean batch and refuses (writing nothing) what it cannot answer', async () => {
    const clean = [item([{ id: counter(), expected: 'no_stream', events: [{ type: 'Counted' }] }])];
    const [done] = await sql.unsafe<{ o_stream_ids: string[] }[]>(
      'select * from eventstore_append_set($1::text::jsonb)',
      [JSON.stringify(clean)],
    );
    expect(done!.o_stream_ids).toEqual([clean[0]!.streams[0]!.id]);

    const existing = counter();
    await append(
      sql,
      { streamId: existing, expectedVersion: 'no_stream', events: [{ type: 'Counted', data: {} }] },
      meta,
    );
    const fresh = counter();
    const refusals = [
      // a wrong expected version
      [
        item([{ id: fresh, expected: 'no_stream', events: [{ type: 'Counted' }] }]),
        item([{ id: existing, expected: 5, events: [{ type: 'Counted' }] }]),
      ],
      // a stream in two items
      [
        item([{ id: fresh, expected: 'no_stream', events: [{ type: 'Counted' }] }]),
        item([{ id: fresh, expected: 'no_stream', events: [{ type: 'Counted' }] }]),
      ],
      // an item that expects any version
      [item([{ id: fresh, expected: 'any', events: [{ type: 'Counted' }] }])],
    ];
    for (const items of refusals) {
      await expect(
        sql.begin((tx) =>
          tx.unsafe('select * from eventstore_append_set($1::text::jsonb)', [JSON.stringify(items)]),
        ),
      ).rejects.toMatchObject({ code: 'HSSET' });
    }
    expect(await readStream(sql, fresh)).toHaveLength(0);
    expect(await readStream(sql, existing)).toHaveLength(1);
  });

  it('falls back item by item: a stream in two items commits once and refuses the second', async () => {
    const s = counter();
    const other = counter();
    const rows = await batch([
      item([{ id: s, expected: 'no_stream', events: [{ type: 'Counted', data: { who: 'first' } }] }]),
      item([{ id: s, expected: 'no_stream', events: [{ type: 'Counted', data: { who: 'second' } }] }]),
      item([{ id: other, expected: 'no_stream', events: [{ type: 'Counted' }] }]),
    ]);
    expect(rows.map((r) => r.r_error_code)).toEqual([null, 'HS409', null]);
    expect(JSON.parse(rows[1]!.r_error_detail!)).toEqual({ streamId: s, expected: -1, actual: 1 });
    expect((await readStream(sql, s)).map((e) => e.data)).toEqual([{ who: 'first' }]);
    expect(await readStream(sql, other)).toHaveLength(1);
  });

  it('two batches racing over the same streams in opposite orders: no lost update, no deadlock (run many times)', async () => {
    const streams = Array.from({ length: 6 }, counter);
    for (const id of streams) {
      await append(
        sql,
        { streamId: id, expectedVersion: 'no_stream', events: [{ type: 'Counted', data: {} }] },
        meta,
      );
    }
    const written = new Map(streams.map((id) => [id, 1]));
    for (let round = 0; round < 30; round++) {
      // Both read the same versions; each batch has one item per stream, in opposite orders.
      const read = new Map(written);
      const itemsFor = (order: string[], who: string) =>
        order.map((id) =>
          item([{ id, expected: read.get(id) as number, events: [{ type: 'Counted', data: { who } }] }]),
        );
      const [left, right] = await Promise.all([
        batch(itemsFor(streams, 'left')),
        batch(itemsFor([...streams].reverse(), 'right')),
      ]);
      const answers = [
        ...left.map((r, i) => [streams[i], r] as const),
        ...right.map((r, i) => [streams[streams.length - 1 - i], r] as const),
      ];
      for (const id of streams) {
        const mine = answers.filter(([s]) => s === id).map(([, r]) => r);
        // Exactly one of the two appends of each stream commits; the other is told its version was stale.
        expect(mine.filter((r) => r.r_error_code === null)).toHaveLength(1);
        expect(mine.filter((r) => r.r_error_code !== null).map((r) => r.r_error_code)).toEqual(['HS409']);
        written.set(id, (written.get(id) as number) + 1);
      }
    }
    for (const id of streams) {
      const events = await readStream(sql, id);
      expect(events.map((e) => e.version)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
      const [row] = await sql<{ version: string }[]>`select version from streams where stream_id = ${id}`;
      expect(Number(row!.version)).toBe(31);
    }
  });
});
