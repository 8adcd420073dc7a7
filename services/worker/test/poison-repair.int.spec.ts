/**
 * Issue 43's repair: a database an old build left behind, whose log holds a booking with a NUL in its
 * name (sealed in the person's box, where Postgres never saw it) and whose projections stopped there,
 * catches up as soon as this build's worker starts: no migration, nothing parked, the poison booking
 * and every booking after it readable.
 */
import { listParkedEvents, loadCheckpoint } from '@hs/eventstore';
import { isCleanText } from '@hs/domain';
import { readOrder } from '@hs/read-models';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { book, seedCatalogue, within } from './helpers';

describe('a log holding the old build poison booking catches up (issue 43)', () => {
  let db: TestDatabase;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await worker?.stop();
    await db.drop();
  });

  it('projects the NUL booking cleaned and the bookings after it, parking nothing', async () => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.HS_TEST_REDIS_URL!,
      BULLMQ_PREFIX: `poison-${Date.now()}`,
      WORKER_ROLES: 'projector',
    });
    // Started and stopped once: it installs the personal-data codec (so the bookings below are sealed
    // as the api seals them) and creates the projections' checkpoints at the start of the log.
    await (await startWorker(config)).stop();
    const cat = await seedCatalogue(db.sql);
    const poison = await book(db.sql, cat, 'nul@example.com', {
      seats: true,
      contact: { firstName: 'nul\u0000byte', address: 'Blk 1\u0000\u202E#01' },
      participant: { firstName: 'nul\u0000byte', lastName: 'Tan\uD800' },
    });
    const after = await book(db.sql, cat, 'after@example.com', { seats: true });
    // As the old build left it: its projections had not got past the poison booking.
    expect((await loadCheckpoint(db.sql, 'orders')).globalPosition).toBe(0);

    worker = await startWorker(config);
    const found = await within(
      10_000,
      'both bookings in the orders read model',
      waitForOrders(db, [poison, after]),
    );
    const row = found[0]!;
    expect(row.firstName).toBe('nulbyte');
    expect(isCleanText(row.address ?? '')).toBe(true);
    const json = JSON.stringify(row);
    for (const bad of ['\u0000', '\u202E', '\\u0000', '\\ud800']) expect(json).not.toContain(bad);
    expect(await listParkedEvents(db.sql)).toEqual([]);
    const [slot] = await db.sql<{ booked: number }[]>`
      select current_attendees as booked from slot_availability where timeslot_id = ${cat.timeslotId}`;
    expect(slot?.booked).toBe(2);
  });
});

async function waitForOrders(db: TestDatabase, bookings: { registrationId: number }[]) {
  for (;;) {
    const rows = await Promise.all(bookings.map((b) => readOrder(db.sql, { id: b.registrationId })));
    if (rows.every((r) => r !== undefined)) return rows.map((r) => r!);
    await new Promise((r) => setTimeout(r, 50));
  }
}
