/**
 * Sweepers at rest (issue 47), against real Postgres: with a safety net of ten minutes, a payment hold
 * booked after the sweeper went to sleep still expires when it runs out (the append's NOTIFY makes
 * the sweeper look at the earliest hold again, then it sleeps until then), and so is a reminder
 * enqueued when it falls due. One LISTEN serves every sweeper.
 */
import { registrationStream } from '@hs/domain';
import { type Runner, findEvents, listenForAppends, startProjectionRunner } from '@hs/eventstore';
import { singaporeInstant } from '@hs/domain';
import { projections } from '@hs/read-models';
import { type TestDatabase, testDatabase } from '@hs/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHoldSweeper } from '../src/hold-sweeper';
import { reminderCandidates, startReminderSweeper } from '../src/reminders';
import { type Catalogue, book, seedCatalogue } from './helpers';

const log = pino({ level: 'silent' });
const TEN_MINUTES = 600_000;

describe('sweepers sleep until due and wake on NOTIFY', () => {
  let db: TestDatabase;
  let cat: Catalogue;
  let runner: Runner;
  let appends: ReturnType<typeof listenForAppends>;

  beforeAll(async () => {
    db = await testDatabase();
    cat = await seedCatalogue(db.sql, 6);
    // The projector too is woken by NOTIFY only: its poll is as slow as the sweepers' safety net.
    runner = startProjectionRunner(db.sql, projections, { pollMs: TEN_MINUTES });
    appends = listenForAppends(db.sql, () => {});
  });
  afterAll(async () => {
    await appends.close();
    await runner.stop();
    await db.drop();
  });

  it('a hold booked while the hold sweeper sleeps expires when it runs out, not before', async () => {
    const sweeper = startHoldSweeper({
      sql: db.sql,
      everyMs: TEN_MINUTES,
      clock: () => new Date(),
      log,
      wake: appends,
    });
    try {
      await new Promise((r) => setTimeout(r, 300)); // its first sweep found nothing: asleep
      const later = await book(db.sql, cat, 'later@example.com', { holdSeconds: 4 });
      const sooner = await book(db.sql, cat, 'sooner@example.com', { holdSeconds: 2 });
      for (const b of [sooner, later]) {
        await expect
          .poll(() => findEvents(db.sql, { streamId: registrationStream(b.registrationId).id }), {
            timeout: 20_000,
            interval: 100,
          })
          .toContainEqual(expect.objectContaining({ type: 'RegistrationExpired' }));
        const events = await findEvents(db.sql, { streamId: registrationStream(b.registrationId).id });
        const booked = events.find((e) => e.type === 'RegistrationBooked')!;
        const expired = events.find((e) => e.type === 'RegistrationExpired')!;
        const holdUntil = Date.parse((booked.data as { holdUntil: string }).holdUntil);
        expect(Date.parse((expired.data as { at: string }).at)).toBeGreaterThanOrEqual(holdUntil);
      }
    } finally {
      await sweeper.stop();
    }
  });

  it('a reminder of an order booked while the reminder sweeper sleeps is enqueued when it falls due', async () => {
    await db.sql`update screening_events set reminders = ${db.sql.json([
      { offsetHours: 24, channel: 'email' },
    ] as never)} where id = ${cat.eventId}`;
    // The workers' clock runs at the real pace, set so that the 24 h reminder falls due 3 s from now.
    const dueAt = singaporeInstant(cat.day, '09:30').getTime() - 24 * 3_600_000;
    const offset = dueAt - (Date.now() + 3_000);
    const clock = () => new Date(Date.now() + offset);
    const jobs: { jobId: string; at: number }[] = [];
    const reminder = {
      addBulk: async (list: { opts: { jobId: string } }[]) => {
        for (const j of list) jobs.push({ jobId: j.opts.jobId, at: clock().getTime() });
        return [];
      },
    };
    const sweeper = startReminderSweeper({
      sql: db.sql,
      producers: { reminder } as never,
      everyMs: TEN_MINUTES,
      clock,
      log,
      wake: appends,
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      const b = await book(db.sql, cat, 'reminded@example.com', { free: true });
      const mine = () => jobs.filter((j) => j.jobId.startsWith(`reminder-${b.registrationId}-`));
      await expect.poll(() => mine().length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
      expect(mine()[0]!.at).toBeGreaterThanOrEqual(dueAt);
      // Enqueued again by a later look (BullMQ keeps the one job under its id), but not polled for.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(new Set(mine().map((j) => j.jobId)).size).toBe(1);
      expect(mine().length).toBeLessThanOrEqual(3);
      // An incremental sweep reads only the reminders due since the last one began.
      expect(await reminderCandidates(db.sql, clock(), 500, new Date(dueAt - 1))).toContain(b.registrationId);
      expect(await reminderCandidates(db.sql, clock(), 500, new Date(dueAt))).not.toContain(b.registrationId);
      expect(await reminderCandidates(db.sql, clock())).toContain(b.registrationId);
    } finally {
      await sweeper.stop();
    }
  });
});
