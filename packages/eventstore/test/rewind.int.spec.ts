import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLease, append, loadCheckpoint, releaseLease, rewindSubscription, START } from '../src';

const meta = { actor: 'worker:test' };

describe('rewindSubscription: a reactor hands every event over again after Redis lost its jobs', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await testDatabase({ max: 4 });
  });
  afterEach(async () => {
    await db.drop();
  });

  it('moves the checkpoint back to the start; refuses while a runner holds the lease; says when there is none', async () => {
    const { position } = await append(
      db.sql,
      { streamId: 'rewind-1', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] },
      meta,
    );
    await db.sql`insert into subscription_checkpoints (name, transaction_id, global_position)
                 values ('reactor-x', ${position.transactionId}::xid8, ${position.globalPosition})`;

    const held = await acquireLease(db.sql, 'reactor-x', 'worker-1', 10_000);
    expect(held.held).toBe(true);
    await expect(rewindSubscription(db.sql, 'reactor-x')).rejects.toThrow(
      /reactor-x is running \(held by worker-1 until /,
    );
    expect(await loadCheckpoint(db.sql, 'reactor-x')).toEqual(position);

    await releaseLease(db.sql, 'reactor-x', 'worker-1');
    expect(await rewindSubscription(db.sql, 'reactor-x')).toEqual({
      from: `${position.transactionId}.${position.globalPosition}`,
    });
    expect(await loadCheckpoint(db.sql, 'reactor-x')).toEqual(START);
    expect(await rewindSubscription(db.sql, 'nobody')).toEqual({ from: null });
  });
});
