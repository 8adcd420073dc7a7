import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Migration 021 (issue 27): the large values a booking writes are compressed with lz4, not pglz.
describe('TOAST compression', () => {
  let db: TestDatabase;
  let lz4: boolean;
  beforeAll(async () => {
    db = await testDatabase();
    lz4 = await db.sql
      .begin(async (tx) => tx`set local default_toast_compression = lz4`)
      .then(
        () => true,
        () => false,
      );
  });
  afterAll(async () => {
    await db.drop();
  });

  it('every compressible column of the booking tables compresses with lz4 (when the server has it)', async (ctx) => {
    if (!lz4) ctx.skip();
    const columns = await db.sql<{ table: string; column: string; compression: string }[]>`
      select c.relname as table, a.attname as column, a.attcompression as compression
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in ('events', 'orders') and a.attnum > 0 and not a.attisdropped
        and a.atttypid in ('jsonb'::regtype, 'text'::regtype)`;
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining(['events.data', 'orders.participants']),
    );
    expect(columns.filter((c) => c.compression !== 'l')).toEqual([]);
  });

  it('a value over the TOAST threshold is stored lz4-compressed and reads back whole', async (ctx) => {
    if (!lz4) ctx.skip();
    const data = { fields: Array.from({ length: 40 }, (_, i) => `pd1.field-${i}-${'x'.repeat(60)}`) };
    await db.sql`
      insert into events (event_id, stream_id, version, type, data, metadata)
      values (gen_random_uuid(), 'toast-test', 1, 'ToastTested', ${JSON.stringify(data)}::text::jsonb, '{}')`;
    const [row] = await db.sql<{ compression: string | null; back: typeof data }[]>`
      select pg_column_compression(data) as compression, data as back from events where stream_id = 'toast-test'`;
    expect(row!.compression).toBe('lz4');
    expect(row!.back).toEqual(data);
  });
});
