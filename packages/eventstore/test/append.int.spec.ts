import { randomUUID } from 'node:crypto';
import { connect, type Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aggregateStream,
  append,
  CommandConflictError,
  ConcurrencyError,
  formatPosition,
  handle,
  parsePosition,
  readBatch,
  readStream,
  START,
} from '../src';

const meta = { actor: 'public', requestId: 'req-1' };
const ev = (type: string, data: unknown = {}) => ({ type, data });

describe('append and read', () => {
  let db: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    db = await testDatabase({ max: 10 });
    sql = db.sql;
    await sql`create table catalogue_rows (id text primary key)`;
  });
  afterAll(async () => {
    await db.drop();
  });

  it('appends with versions, metadata and a position token, and reads them back', async () => {
    const id = `registration-${randomUUID()}`;
    const first = await append(
      sql,
      { streamId: id, expectedVersion: 'no_stream', events: [ev('A', { n: 1 }), ev('B')] },
      meta,
    );
    expect(first.versions[id]).toBe(2);
    const second = await append(
      sql,
      { streamId: id, expectedVersion: 2, events: [ev('C', { n: 3 })] },
      {
        actor: 'admin:alice',
        correlationId: 'corr-1',
        causationId: 'cause-1',
      },
    );
    expect(second.versions[id]).toBe(3);
    expect(BigInt(second.position.transactionId)).toBeGreaterThan(BigInt(first.position.transactionId));
    expect(parsePosition(formatPosition(second.position))).toEqual(second.position);

    const events = await readStream(sql, id);
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
    expect(events[0]!.data).toEqual({ n: 1 });
    expect(events[0]!.metadata).toMatchObject({
      actor: 'public',
      requestId: 'req-1',
      correlationId: 'req-1',
    });
    expect(events[0]!.metadata.eventId).toBe(events[0]!.eventId);
    expect(events[2]!.metadata).toMatchObject({
      actor: 'admin:alice',
      correlationId: 'corr-1',
      causationId: 'cause-1',
    });
    expect(events[2]!.recordedAt).toBeInstanceOf(Date);
    expect(events[2]!.globalPosition).toBe(second.position.globalPosition);
    expect((await readStream(sql, id, { fromVersion: 3 })).map((e) => e.type)).toEqual(['C']);
    const [stream] = await sql`select stream_type, version from streams where stream_id = ${id}`;
    expect(stream).toEqual({ stream_type: 'registration', version: 3 });

    const sum = {
      initialState: () => 0,
      evolve: (n: number, e: { type: string; data: unknown }) => n + ((e.data as { n?: number }).n ?? 0),
    };
    const agg = await aggregateStream(sql, id, sum);
    expect({ state: agg.state, version: agg.version }).toEqual({ state: 4, version: 3 });
  });

  it("'any' appends without a check and 'no_stream' refuses an existing stream", async () => {
    const id = `timeslot-${randomUUID()}`;
    await append(sql, { streamId: id, expectedVersion: 'any', events: [ev('A')] }, meta);
    await append(sql, { streamId: id, expectedVersion: 'any', events: [ev('B')] }, meta);
    await expect(
      append(sql, { streamId: id, expectedVersion: 'no_stream', events: [ev('C')] }, meta),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: id, actual: 2 });
    expect((await readStream(sql, id)).map((e) => e.version)).toEqual([1, 2]);
  });

  it('writes several streams atomically, or none of them', async () => {
    const a = `registration-${randomUUID()}`;
    const b = `timeslot-${randomUUID()}`;
    await append(sql, { streamId: b, expectedVersion: 'no_stream', events: [ev('Created')] }, meta);
    const err = await append(
      sql,
      [
        { streamId: a, expectedVersion: 'no_stream', events: [ev('RegistrationBooked')] },
        { streamId: b, expectedVersion: 5, events: [ev('SeatsReserved')] },
      ],
      meta,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect(err).toMatchObject({ streamId: b, expected: 5, actual: 1 });
    expect(await readStream(sql, a)).toEqual([]);
    expect(await sql`select 1 from streams where stream_id = ${a}`).toHaveLength(0);

    const ok = await append(
      sql,
      [
        { streamId: a, expectedVersion: 'no_stream', events: [ev('RegistrationBooked')] },
        { streamId: b, expectedVersion: 1, events: [ev('SeatsReserved')] },
      ],
      meta,
    );
    expect(ok.versions).toEqual({ [a]: 1, [b]: 2 });
    const [ea] = await readStream(sql, a);
    const eb = (await readStream(sql, b))[1]!;
    expect(ea!.transactionId).toBe(eb.transactionId);
  });

  it('two writers racing on one stream: exactly one wins and nothing of the loser is in the log', async () => {
    const a = connect(db.url, { max: 1 });
    const b = connect(db.url, { max: 1 });
    try {
      for (let round = 0; round < 25; round++) {
        const shared = `timeslot-${randomUUID()}`;
        await append(sql, { streamId: shared, expectedVersion: 'no_stream', events: [ev('Created')] }, meta);
        const extras = [`registration-${randomUUID()}`, `registration-${randomUUID()}`];
        const results = await Promise.allSettled(
          [a, b].map((conn, i) =>
            append(
              conn,
              [
                {
                  streamId: extras[i]!,
                  expectedVersion: 'no_stream',
                  events: [ev('RegistrationBooked', { i })],
                },
                {
                  streamId: shared,
                  expectedVersion: 1,
                  events: [ev('SeatsReserved', { i }), ev('Note', { i })],
                },
              ],
              meta,
            ),
          ),
        );
        const won = results.findIndex((r) => r.status === 'fulfilled');
        const lost = results.findIndex((r) => r.status === 'rejected');
        expect(won).toBeGreaterThanOrEqual(0);
        expect(lost).toBeGreaterThanOrEqual(0);
        const reason = (results[lost] as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(ConcurrencyError);
        expect(reason.streamId).toBe(shared);
        const events = await readStream(sql, shared);
        expect(events.map((e) => [e.version, (e.data as { i?: number }).i])).toEqual([
          [1, undefined],
          [2, won],
          [3, won],
        ]);
        expect(await readStream(sql, extras[lost]!)).toEqual([]);
        expect(await sql`select 1 from streams where stream_id = ${extras[lost]!}`).toHaveLength(0);
        expect(await readStream(sql, extras[won]!)).toHaveLength(1);
      }
    } finally {
      await a.end();
      await b.end();
    }
  });

  it("appends inside a caller's transaction, atomically with its own rows", async () => {
    const id = `registration-${randomUUID()}`;
    const row = randomUUID();
    await sql.begin(async (tx) => {
      await tx`insert into catalogue_rows (id) values (${row})`;
      await append(
        tx,
        { streamId: id, expectedVersion: 'no_stream', events: [ev('RegistrationBooked')] },
        meta,
      );
    });
    expect(await readStream(sql, id)).toHaveLength(1);
    expect(await sql`select 1 from catalogue_rows where id = ${row}`).toHaveLength(1);

    const row2 = randomUUID();
    const failed = sql.begin(async (tx) => {
      await tx`insert into catalogue_rows (id) values (${row2})`;
      await append(tx, { streamId: id, expectedVersion: 'no_stream', events: [ev('Again')] }, meta);
    });
    await expect(failed).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await sql`select 1 from catalogue_rows where id = ${row2}`).toHaveLength(0);
    expect(await readStream(sql, id)).toHaveLength(1);
  });

  it('refuses to put a later version of a stream in an older transaction', async () => {
    // Transaction `old` gets its id first, then another append commits version 2 of the stream:
    // appending version 3 from `old` would sort before version 2 for subscribers.
    const id = `timeslot-${randomUUID()}`;
    await append(sql, { streamId: id, expectedVersion: 'no_stream', events: [ev('Created')] }, meta);
    const conn = connect(db.url, { max: 1 });
    try {
      const attempt = conn.begin(async (tx) => {
        await tx`select pg_current_xact_id()`;
        await append(sql, { streamId: id, expectedVersion: 'any', events: [ev('Newer')] }, meta);
        await append(tx, { streamId: id, expectedVersion: 'any', events: [ev('Older')] }, meta);
      });
      await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await readStream(sql, id)).map((e) => e.type)).toEqual(['Created', 'Newer']);
    } finally {
      await conn.end();
    }
  });

  it('handle: decides on fresh reads, retries lost races, then answers 409', async () => {
    const id = `discount-${randomUUID()}`;
    await append(
      sql,
      { streamId: id, expectedVersion: 'no_stream', events: [ev('DiscountCreated', { limit: 3 })] },
      meta,
    );
    // Ten concurrent redemptions of a code limited to 3: the limit holds because every decision
    // is checked against the version it read.
    const redeem = () =>
      handle(
        sql,
        [id],
        (streams) => {
          const s = streams[id]!;
          const used = s.events.filter((e) => e.type === 'Redeemed').length;
          if (used >= 3) return { append: [], result: 'exhausted' as const };
          return { append: [{ streamId: id, events: [ev('Redeemed')] }], result: 'ok' as const };
        },
        { metadata: meta, maxAttempts: 20 },
      );
    const results = await Promise.all(Array.from({ length: 10 }, redeem));
    expect(results.filter((r) => r.result === 'ok')).toHaveLength(3);
    expect(results.filter((r) => r.result === 'exhausted')).toHaveLength(7);
    expect((await readStream(sql, id)).filter((e) => e.type === 'Redeemed')).toHaveLength(3);

    // A decision that always loses (someone writes between its read and its append).
    let attempts = 0;
    const err = await handle(
      sql,
      [id],
      async (streams) => {
        attempts++;
        await append(sql, { streamId: id, expectedVersion: 'any', events: [ev('Interloper')] }, meta);
        return { append: [{ streamId: id, events: [ev('Never')] }], result: streams[id]!.version };
      },
      { metadata: meta, maxAttempts: 3 },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandConflictError);
    expect(err).toMatchObject({ statusCode: 409, streamId: id, attempts: 3 });
    expect(attempts).toBe(3);
    expect((await readStream(sql, id)).some((e) => e.type === 'Never')).toBe(false);
  });

  it('handle commits other rows with the events, and returns the position', async () => {
    const id = `registration-${randomUUID()}`;
    const row = randomUUID();
    const r = await handle(
      sql,
      [id],
      () => ({
        append: [{ streamId: id, events: [ev('RegistrationBooked')] }],
        alsoWrite: (tx) => tx`insert into catalogue_rows (id) values (${row})`,
        result: 'booked',
      }),
      { metadata: meta },
    );
    expect(r.result).toBe('booked');
    expect(r.versions).toEqual({ [id]: 1 });
    expect(r.position?.globalPosition).toBe((await readStream(sql, id))[0]!.globalPosition);
    expect(await sql`select 1 from catalogue_rows where id = ${row}`).toHaveLength(1);
  });

  it('a subscriber never reads past a transaction still running, even one with a smaller position', async () => {
    const open = connect(db.url, { max: 1 });
    try {
      const cp = (await readBatch(sql, START, { batchSize: 100_000 })).next;
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let appended!: () => void;
      const holding = new Promise<void>((r) => {
        appended = r;
      });
      // The slow transaction takes its position first and stays open; a later one commits.
      const slow = open.begin(async (tx) => {
        await append(
          tx,
          { streamId: `registration-${randomUUID()}`, expectedVersion: 'no_stream', events: [ev('Slow')] },
          meta,
        );
        appended();
        await gate;
      });
      await holding;
      await append(
        sql,
        { streamId: `registration-${randomUUID()}`, expectedVersion: 'no_stream', events: [ev('Fast')] },
        meta,
      );
      const before = await readBatch(sql, cp, { batchSize: 100 });
      release();
      await slow;
      expect(before.events.map((e) => e.type)).toEqual([]);
      expect(before.next).toEqual(cp);
      // The horizon is cluster-wide: a transaction of another test (another database) still open right now
      // holds it back too, so wait (bounded) for both to become visible rather than expecting them at once.
      let after = await readBatch(sql, cp, { batchSize: 100 });
      for (let i = 0; i < 200 && after.events.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await readBatch(sql, cp, { batchSize: 100 });
      }
      expect(after.events.map((e) => e.type)).toEqual(['Slow', 'Fast']);
      expect(after.events[0]!.globalPosition).toBeLessThan(after.events[1]!.globalPosition);
    } finally {
      await open.end({ timeout: 1 });
    }
  });
});
