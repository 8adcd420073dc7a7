import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchItemError,
  ConcurrencyError,
  append,
  createGroupCommit,
  disableGroupCommit,
  enableGroupCommit,
  handle,
  readStream,
} from '../src';

const meta = { actor: 'public', requestId: 'req-gc' };
const ev = (type: string, data: unknown = {}) => ({ type, data });
const stream = () => `counter-${randomUUID()}`;

describe('group commit', () => {
  let db: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    db = await testDatabase({ max: 10 });
    sql = db.sql;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('writes appends that arrive together in one transaction, each with its own versions', async () => {
    const group = createGroupCommit(sql);
    const ids = [stream(), stream(), stream(), stream()];
    const results = await Promise.all(
      ids.map((id, i) =>
        group.append(
          [{ streamId: id, expectedVersion: 'no_stream', events: [ev('Counted', { i }), ev('Counted')] }],
          meta,
        ),
      ),
    );
    expect(group.stats).toMatchObject({ batches: 1, appends: 4, largestBatch: 4, fallbacks: 0 });
    expect(new Set(results.map((r) => r.position.transactionId)).size).toBe(1);
    for (const [i, r] of results.entries()) expect(r.versions).toEqual({ [ids[i]!]: 2 });
    // Each answer's position is its own last event, in the order the appends arrived.
    const positions = results.map((r) => r.position.globalPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const [i, id] of ids.entries()) {
      const events = await readStream(sql, id);
      expect(events.map((e) => [e.version, e.type, e.data])).toEqual([
        [1, 'Counted', { i }],
        [2, 'Counted', {}],
      ]);
      expect(events[0]!.metadata).toMatchObject({ actor: 'public', requestId: 'req-gc' });
    }
  });

  it('fails only the append whose expected version is wrong; the others in its batch commit', async () => {
    const group = createGroupCommit(sql);
    const stale = stream();
    await append(sql, { streamId: stale, expectedVersion: 'no_stream', events: [ev('Counted')] }, meta);
    const fresh = [stream(), stream(), stream()];
    const answers = await Promise.allSettled([
      group.append([{ streamId: fresh[0]!, expectedVersion: 'no_stream', events: [ev('Counted')] }], meta),
      // Read at version 0, but the stream is at 1: someone else wrote it since.
      group.append(
        [
          { streamId: stale, expectedVersion: 'no_stream', events: [ev('Counted')] },
          { streamId: fresh[1]!, expectedVersion: 'no_stream', events: [ev('Counted')] },
        ],
        meta,
      ),
      group.append([{ streamId: fresh[2]!, expectedVersion: 'no_stream', events: [ev('Counted')] }], meta),
    ]);
    expect(group.stats.batches).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refused = (answers[1] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(ConcurrencyError);
    expect(refused).toMatchObject({ streamId: stale, actual: 1 });
    // The failed append wrote nothing, on either of its streams; the others are there.
    expect(await readStream(sql, stale)).toHaveLength(1);
    expect(await readStream(sql, fresh[1]!)).toHaveLength(0);
    expect(await readStream(sql, fresh[0]!)).toHaveLength(1);
    expect(await readStream(sql, fresh[2]!)).toHaveLength(1);
    const rows = await sql`select 1 from streams where stream_id = ${fresh[1]!}`;
    expect(rows).toHaveLength(0);
  });

  it('hands an item its own unique violation (a reference number already taken), with the constraint', async () => {
    const group = createGroupCommit(sql);
    const taken = `HS-${randomUUID().slice(0, 8)}`;
    await append(
      sql,
      {
        streamId: `registration-${randomUUID()}`,
        expectedVersion: 'no_stream',
        events: [ev('RegistrationBooked', { referenceNumber: taken })],
      },
      meta,
    );
    const booked = (referenceNumber: string) =>
      group.append(
        [
          {
            streamId: `registration-${randomUUID()}`,
            expectedVersion: 'no_stream',
            events: [ev('RegistrationBooked', { referenceNumber })],
          },
        ],
        meta,
      );
    const answers = await Promise.allSettled([
      booked(`HS-${randomUUID()}`),
      booked(taken),
      booked(`HS-${randomUUID()}`),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const err = (answers[1] as PromiseRejectedResult).reason as BatchItemError;
    expect(err).toBeInstanceOf(BatchItemError);
    expect(err).toMatchObject({ code: '23505', constraint_name: 'events_registration_reference' });
  });

  it('commands through `handle` on a pool with group commit: a shared stream loses no update (run many times)', async () => {
    enableGroupCommit(sql);
    try {
      for (let round = 0; round < 20; round++) {
        const shared = stream();
        const own = Array.from({ length: 12 }, stream);
        // Twelve commands at once, each writing its own stream and the shared one: in one batch the
        // first wins the shared stream and the rest conflict there, retry, and land in later batches.
        const results = await Promise.all(
          own.map((id, i) =>
            handle(
              sql,
              [shared, id],
              (read) => ({
                append: [
                  { streamId: shared, events: [ev('Counted', { by: i, after: read[shared]!.version })] },
                  { streamId: id, events: [ev('Counted')] },
                ],
                result: read[shared]!.version,
              }),
              { metadata: meta, maxAttempts: 40, baseDelayMs: 1 },
            ),
          ),
        );
        const events = await readStream(sql, shared);
        expect(events).toHaveLength(12);
        // Every command saw a different version of the shared stream: none overwrote another.
        expect(new Set(results.map((r) => r.result)).size).toBe(12);
        for (const [v, e] of events.entries()) expect((e.data as { after: number }).after).toBe(v);
        for (const id of own) expect(await readStream(sql, id)).toHaveLength(1);
      }
    } finally {
      await disableGroupCommit(sql);
    }
  });

  it('writes a lone append without a batch, and one whose stream expects any version alone', async () => {
    const group = createGroupCommit(sql);
    const id = stream();
    const alone = await group.append(
      [{ streamId: id, expectedVersion: 'no_stream', events: [ev('Counted')] }],
      meta,
    );
    expect(alone.versions[id]).toBe(1);
    const log = stream();
    const both = await Promise.all([
      group.append([{ streamId: log, expectedVersion: 'any', events: [ev('Logged')] }], meta),
      group.append([{ streamId: log, expectedVersion: 'any', events: [ev('Logged')] }], meta),
    ]);
    expect(both.map((r) => r.versions[log]).sort()).toEqual([1, 2]);
    expect(group.stats.batches).toBe(0);
  });
});

describe('uuidv7', () => {
  it('is a version-7 RFC 9562 id whose first 48 bits are the milliseconds, unique per call', async () => {
    const { uuidv7 } = await import('../src');
    const at = Date.UTC(2026, 10, 25, 8, 0, 0, 123);
    const ids = Array.from({ length: 2000 }, () => uuidv7(at));
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(at);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
