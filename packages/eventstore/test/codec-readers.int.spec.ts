import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type EventCodec,
  type RecordedEvent,
  append,
  applyNextBatch,
  defineProjection,
  readBatch,
  setEventCodec,
  START,
} from '../src';

// Issue 27: a reader that never looks at personal fields skips the codec's decode (a key query and a
// decryption per field); every other reader still gets them decoded.
const codec: EventCodec & { decoded: number } = {
  decoded: 0,
  writes: () => false,
  encode: async (events) =>
    events.map((e) => ({ ...(e.data as object), secret: `enc:${(e.data as { secret: string }).secret}` })),
  async decode(events) {
    codec.decoded += events.length;
    for (const e of events) {
      const d = e.data as { secret: string };
      d.secret = d.secret.replace(/^enc:/, '');
    }
  },
};

describe('decoding per reader', () => {
  let db: TestDatabase;
  let sql: Sql;
  beforeAll(async () => {
    db = await testDatabase({ max: 4 });
    sql = db.sql;
    setEventCodec(codec);
  });
  afterEach(() => {
    codec.decoded = 0;
  });
  afterAll(async () => {
    setEventCodec(null);
    await db.drop();
  });

  it('decodes for a reader that asks (the default) and not for one that says decode: false', async () => {
    const id = `person-${randomUUID()}`;
    await append(
      sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: [{ type: 'Told', data: { secret: 'S1234567D' } }],
      },
      { actor: 'test' },
    );
    const [stored] = await sql<
      { data: { secret: string } }[]
    >`select data from events where stream_id = ${id}`;
    expect(stored!.data.secret).toBe('enc:S1234567D');
    const plain = await readBatch(sql, START, { batchSize: 1000, types: ['Told'] });
    expect(plain.events.find((e) => e.streamId === id)!.data).toEqual({ secret: 'S1234567D' });
    expect(codec.decoded).toBeGreaterThan(0);
    codec.decoded = 0;
    const raw = await readBatch(sql, START, { batchSize: 1000, types: ['Told'], decode: false });
    expect(raw.events.find((e) => e.streamId === id)!.data).toEqual({ secret: 'enc:S1234567D' });
    expect(codec.decoded).toBe(0);
  });

  it('dataFields: only the named top-level fields of each event are read, absent ones stay absent', async () => {
    const id = `person-${randomUUID()}`;
    await append(
      sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: [
          {
            type: 'Told',
            data: { secret: 'S7777777D', status: 'paid', partner: null, big: 'x'.repeat(3000) },
          },
        ],
      },
      { actor: 'test' },
    );
    const slim = await readBatch(sql, START, {
      batchSize: 1000,
      types: ['Told'],
      decode: false,
      dataFields: ['status', 'partner', 'missing'],
    });
    expect(slim.events.find((e) => e.streamId === id)!.data).toEqual({ status: 'paid', partner: null });
    const none = await readBatch(sql, START, {
      batchSize: 1000,
      types: ['Told'],
      decode: false,
      dataFields: [],
    });
    expect(none.events.find((e) => e.streamId === id)!.data).toEqual({});
  });

  it('a projection with personalData: false is handed its events undecoded', async () => {
    const seen: Record<string, RecordedEvent[]> = { yes: [], no: [] };
    const projection = (name: string, personalData: boolean) =>
      defineProjection({
        name: `codec_${name}`,
        personalData,
        handlers: {
          Told: async (_tx, event) => {
            seen[name]!.push(event);
          },
        },
      });
    for (const name of ['yes', 'no'])
      await sql`insert into subscription_checkpoints (name) values (${`codec_${name}`})`;
    const id = `person-${randomUUID()}`;
    await append(
      sql,
      {
        streamId: id,
        expectedVersion: 'no_stream',
        events: [{ type: 'Told', data: { secret: 'T7654321Z' } }],
      },
      { actor: 'test' },
    );
    while ((await applyNextBatch(sql, projection('yes', true), null)) > 0) {}
    while ((await applyNextBatch(sql, projection('no', false), null)) > 0) {}
    expect(seen.yes!.find((e) => e.streamId === id)!.data).toEqual({ secret: 'T7654321Z' });
    expect(seen.no!.find((e) => e.streamId === id)!.data).toEqual({ secret: 'enc:T7654321Z' });
  });
});
