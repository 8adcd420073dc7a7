import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandDecider, CommandRefusedError, append, handleCommand, readStream } from '../src';

type Taken = { type: 'Taken'; data: { by: string; after: number } };
/** A counter of seats with a limit: enough of a decider to see read, fold, decide, append, retry. */
const seats = (limit: number): CommandDecider<number, { by: string }, Taken> => ({
  initialState: () => 0,
  evolve: (_n, e) => e.data.after,
  decide: (n, c) =>
    n >= limit
      ? { kind: 'DomainError', code: 'SLOT_FULL', message: 'Full' }
      : [{ type: 'Taken', data: { by: c.by, after: n + 1 } }],
});
const meta = { metadata: { actor: 'public' } };

describe('handleCommand', () => {
  let db: TestDatabase;
  let sql: Sql;
  beforeAll(async () => {
    db = await testDatabase({ max: 10 });
    sql = db.sql;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('folds the stream, decides, appends with its category, and throws a refusal', async () => {
    const stream = { id: `seats-${randomUUID()}`, category: 'seat-counter' };
    const first = await handleCommand(sql, stream, seats(1), { by: 'a' }, meta);
    expect(first.result).toMatchObject({ before: 0, after: 1, events: [{ type: 'Taken' }] });
    expect(first.versions).toEqual({ [stream.id]: 1 });
    const [row] = await sql`select stream_type from streams where stream_id = ${stream.id}`;
    expect(row).toEqual({ stream_type: 'seat-counter' });
    const refused = await handleCommand(sql, stream, seats(1), { by: 'b' }, meta).catch((e) => e);
    expect(refused).toBeInstanceOf(CommandRefusedError);
    expect(refused).toMatchObject({ code: 'SLOT_FULL', message: 'Full' });
  });

  it('retries a lost race with a fresh read, and decides on what the winner wrote', async () => {
    const stream = { id: `seats-${randomUUID()}`, category: 'seat-counter' };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => handleCommand(sql, stream, seats(3), { by: `r${i}` }, meta)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.every((r) => r.reason instanceof CommandRefusedError)).toBe(true);
    expect((await readStream(sql, stream.id)).map((e) => (e.data as Taken['data']).after)).toEqual([1, 2, 3]);
    // Written behind the handler's back: the next command folds it in.
    await append(
      sql,
      { streamId: stream.id, expectedVersion: 3, events: [{ type: 'Taken', data: { by: 'x', after: 0 } }] },
      meta.metadata,
    );
    await expect(handleCommand(sql, stream, seats(3), { by: 'y' }, meta)).resolves.toMatchObject({
      result: { before: 0, after: 1 },
    });
  });
});
