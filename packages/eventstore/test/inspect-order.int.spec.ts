import { randomUUID } from 'node:crypto';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEvents, headPosition } from '../src';

/**
 * Transaction ids are compared as numbers, not as the text the queries select: once ids pass a power
 * of ten (99999 -> 100000) a text order would put later events first.
 */
describe('inspecting the store across a transaction id with more digits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db.drop());

  it('finds events and the head in transaction order, not text order', async () => {
    for (const [version, xid] of [
      [1, '99998'],
      [2, '99999'],
      [3, '100000'],
    ] as const) {
      await db.sql`
        insert into events (event_id, stream_id, version, type, data, metadata, transaction_id)
        values (${randomUUID()}, 'slot-1', ${version}, 'Seen', '{}', '{}', ${xid}::xid8)`;
    }
    const found = await findEvents(db.sql, { streamId: 'slot-1' });
    expect(found.map((e) => [e.version, e.transactionId])).toEqual([
      [1, '99998'],
      [2, '99999'],
      [3, '100000'],
    ]);
    expect((await headPosition(db.sql))?.transactionId).toBe('100000');
  });
});
