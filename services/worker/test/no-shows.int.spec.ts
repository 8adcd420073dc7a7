/**
 * No-shows (issue 23): once an appointment's Singapore day has ended, the sweep marks everyone booked
 * and not checked in, once per order, by the worker; checked-in, cancelled and far older orders are
 * left alone. Against real Postgres, the orders projection following the log.
 */
import { checkIn, markDueNoShows } from '@hs/commands';
import { addDaysToDay, singaporeInstant } from '@hs/domain';
import { type Runner, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections, readOrder } from '@hs/read-models';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalogue, book, runCommand, seedCatalogue } from './helpers';

describe('the no-show sweep', () => {
  let db: TestDatabase;
  let cat: Catalogue;
  let runner: Runner;

  beforeAll(async () => {
    db = await testDatabase();
    cat = await seedCatalogue(db.sql, 0);
    runner = startProjectionRunner(db.sql, projections, { pollMs: 50 });
  });
  afterAll(async () => {
    await runner.stop();
    await db.drop();
  });

  it('marks the people not checked in after the day ends, once, by the worker', async () => {
    const absent = await book(db.sql, cat, 'absent@example.com');
    const came = await book(db.sql, cat, 'came@example.com');
    const gone = await book(db.sql, cat, 'gone@example.com');
    await checkIn(
      db.sql,
      came.registrationId,
      undefined,
      { username: 'desk1', actor: 'admin:desk1' },
      singaporeInstant(cat.day, '09:40'),
      'Paid by the employer',
    );
    await runCommand(db.sql, gone.registrationId, {
      type: 'CancelRegistration',
      at: new Date().toISOString(),
    });
    const caughtUp = () => readOrder(db.sql, { id: gone.registrationId }).then((o) => o?.status);
    await expect.poll(caughtUp, { timeout: 10_000 }).toBe('cancelled');
    await expect
      .poll(
        async () => Object.keys((await readOrder(db.sql, { id: came.registrationId }))!.checkIns).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);

    // still the appointment day in Singapore (23:59): nothing yet
    const lateThatDay = () => singaporeInstant(cat.day, '23:59');
    expect(await markDueNoShows(db.sql, lateThatDay, { actor: 'worker:no-show' })).toEqual([]);

    const nextMorning = () => singaporeInstant(addDaysToDay(cat.day, 1), '00:05');
    expect(await markDueNoShows(db.sql, nextMorning, { actor: 'worker:no-show' })).toEqual([
      absent.registrationId,
    ]);
    const marks = await findEvents<{ participantIds: string[] }>(db.sql, {
      streamId: `registration-${absent.registrationId}`,
      type: 'MarkedNoShow',
    });
    expect(marks).toHaveLength(1);
    expect(marks[0]!.metadata.actor).toBe('worker:no-show');
    await expect
      .poll(async () => (await readOrder(db.sql, { id: absent.registrationId }))!.noShows.length, {
        timeout: 10_000,
      })
      .toBe(1);

    // a second sweep (or another worker's) marks nothing again
    expect(await markDueNoShows(db.sql, nextMorning, { actor: 'worker:no-show' })).toEqual([]);
    // an order of that day the sweeps never saw is left alone once the day is past the lookback
    const unseen = await book(db.sql, cat, 'unseen@example.com');
    await expect
      .poll(() => readOrder(db.sql, { id: unseen.registrationId }), { timeout: 10_000 })
      .toBeDefined();
    const muchLater = () => singaporeInstant(addDaysToDay(cat.day, 30), '12:00');
    expect(await markDueNoShows(db.sql, muchLater, { actor: 'worker:no-show' })).toEqual([]);
  });
});
