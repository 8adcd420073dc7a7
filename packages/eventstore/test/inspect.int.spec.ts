import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireLease,
  allEventsBelowHorizon,
  append,
  checkpointProgress,
  countEvents,
  ensureCheckpoint,
  findEvents,
  headPosition,
  listCheckpoints,
  listLeases,
  maxGlobalPosition,
  START,
  storedTransactionIds,
} from '../src';

const meta = { actor: 'admin:test' };

describe('inspecting the store (tests, benches, operations)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db.drop());

  it('answers for an empty store', async () => {
    expect(await findEvents(db.sql)).toEqual([]);
    expect(await countEvents(db.sql, { type: 'Booked' })).toBe(0);
    expect(await headPosition(db.sql)).toBeNull();
    expect(await maxGlobalPosition(db.sql)).toBe(0);
    expect(await allEventsBelowHorizon(db.sql)).toBe(true);
    expect(await listCheckpoints(db.sql)).toEqual([]);
    expect(await listLeases(db.sql)).toEqual([]);
    expect((await storedTransactionIds(db.sql)).storedMax).toBeNull();
  });

  it('finds and counts events by type, stream and stream prefix, in subscriber order', async () => {
    const first = await append(
      db.sql,
      [
        {
          streamId: 'order-1',
          expectedVersion: 'no_stream',
          events: [{ type: 'Booked', data: { seats: 2 } }],
        },
        {
          streamId: 'slot-1',
          expectedVersion: 'no_stream',
          events: [{ type: 'Reserved', data: { seats: 2 } }],
        },
      ],
      meta,
    );
    const second = await append(
      db.sql,
      {
        streamId: 'order-2',
        expectedVersion: 'no_stream',
        events: [
          { type: 'Booked', data: { seats: 1 } },
          { type: 'Paid', data: {} },
        ],
      },
      { actor: 'partner:7' },
    );
    const all = await findEvents(db.sql);
    expect(all.map((e) => `${e.streamId}/${e.version}/${e.type}`)).toEqual([
      'order-1/1/Booked',
      'slot-1/1/Reserved',
      'order-2/1/Booked',
      'order-2/2/Paid',
    ]);
    expect(all[3]).toMatchObject({
      metadata: { actor: 'partner:7' },
      transactionId: second.position.transactionId,
    });

    const booked = await findEvents<{ seats: number }>(db.sql, { type: 'Booked' });
    expect(booked.map((e) => e.data.seats)).toEqual([2, 1]);
    expect(await countEvents(db.sql, { type: ['Booked', 'Reserved'] })).toBe(3);
    expect(await countEvents(db.sql, { streamId: 'order-2' })).toBe(2);
    expect(await countEvents(db.sql, { streamId: ['order-1', 'slot-1'], type: 'Booked' })).toBe(1);
    expect(await countEvents(db.sql, { streamIdPrefix: 'order-' })).toBe(3);
    // A prefix is matched literally: `_` is no wildcard.
    expect(await countEvents(db.sql, { streamIdPrefix: 'order_' })).toBe(0);
    expect(await countEvents(db.sql)).toBe(4);

    expect(await headPosition(db.sql)).toEqual(second.position);
    expect(await maxGlobalPosition(db.sql)).toBe(second.position.globalPosition);
    expect(BigInt(first.position.transactionId)).toBeLessThan(BigInt(second.position.transactionId));
    expect((await storedTransactionIds(db.sql)).storedMax).toBe(second.position.transactionId);
  });

  it('reports each checkpoint, what it has handled and what waits for it', async () => {
    const head = (await headPosition(db.sql))!;
    await ensureCheckpoint(db.sql, 'behind');
    await ensureCheckpoint(db.sql, 'caught-up', head);
    await ensureCheckpoint(db.sql, 'behind', head); // exists: left where it is
    expect((await listCheckpoints(db.sql)).map((c) => [c.name, c.position])).toEqual([
      ['behind', START],
      ['caught-up', head],
    ]);
    expect((await listCheckpoints(db.sql, ['caught-up'])).map((c) => c.name)).toEqual(['caught-up']);
    await expect.poll(() => allEventsBelowHorizon(db.sql)).toBe(true);
    expect(await checkpointProgress(db.sql)).toEqual([
      { name: 'behind', handled: 0, waiting: 4 },
      { name: 'caught-up', handled: 4, waiting: 0 },
    ]);
  });

  it('lists leases, expired ones marked inactive', async () => {
    await acquireLease(db.sql, 'orders', 'host-a', 60_000);
    await acquireLease(db.sql, 'notifications', 'host-b', 1);
    await new Promise((r) => setTimeout(r, 20));
    const leases = await listLeases(db.sql);
    expect(leases.map((l) => [l.name, l.holder, l.active])).toEqual([
      ['notifications', 'host-b', false],
      ['orders', 'host-a', true],
    ]);
    expect(leases[1]!.expiresAt.getTime()).toBeGreaterThan(leases[1]!.acquiredAt.getTime());
  });
});
