/**
 * Scheduled reminders (issue 26) end to end against real Postgres, Redis, an in-process SMTP server
 * and the local fake SMS server. The workers run on a clock the test moves, so each offset comes due
 * when the test says; what the workers did is read back from the log and from what SMTP and the SMS
 * fake received, after stopping them (stop waits for jobs in flight).
 */
import { optOutOfSms } from '@hs/commands';
import {
  type ReminderMedium,
  formatAppointmentLong,
  reminderScheduleOrDefault,
  singaporeInstant,
} from '@hs/domain';
import { countEvents, findEvents } from '@hs/eventstore';
import { readOrderTimeline } from '@hs/read-models';
import { type FakeSmsServer, startFakeSmsServer } from '@hs/gateways';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { REMINDER_CATCH_UP_HOURS, owedReminders, reminderCandidates } from '../src/reminders';
import { loadRegistration } from '../src/registration';
import {
  type Booking,
  type Catalogue,
  type TestSmtp,
  book,
  cancel,
  runCommand,
  seedCatalogue,
  startSmtp,
} from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;
const H = 3_600_000;

describe('worker: scheduled reminders by email and SMS', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let sms: FakeSmsServer;
  let cat: Catalogue;
  let appointment: Date;
  /** The workers' clock: the test moves it. */
  let now = Date.now();
  const running: RunningWorker[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const poll = { timeout: 20_000, interval: 50 };

  const start = async (prefix: string, extra: Record<string, string> = {}) => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL(),
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: sms.url,
      SMS_ACCOUNT_SID: 'ACtest',
      SMS_AUTH_TOKEN: 'token',
      SMS_SENDER_ID: 'HealthScr',
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '50',
      REMINDER_SWEEP_MS: '100',
      WORKER_SHUTDOWN_GRACE_MS: '5000',
      ...extra,
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500, clock: () => new Date(now) });
    running.push(w);
    return w;
  };
  const stopAll = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  const stream = (b: Booking) => `registration-${b.registrationId}`;
  const outcomes = async (b: Booking) =>
    (await findEvents(db.sql, { streamId: stream(b) }))
      .filter((e) => e.type.startsWith('Reminder') && e.type !== 'ReminderEmailSent')
      .map((e) => {
        const d = e.data as {
          offsetHours: number;
          channel: ReminderMedium;
          appointmentAt: string;
          reason?: string;
        };
        return `${e.type}:${d.offsetHours}:${d.channel}:${d.appointmentAt}${d.reason ? `:${d.reason}` : ''}`;
      });
  const sent = (b: Booking) => countEvents(db.sql, { streamId: stream(b), type: 'ReminderSent' });
  const mailsTo = (b: Booking) =>
    smtp.received.filter((m) => m.to.includes(b.email) && m.subject.startsWith('Reminder'));
  const smsFor = (b: Booking) => sms.messages.filter((m) => m.body.includes(b.referenceNumber));
  const at = (hoursBefore: number, from = appointment) => from.getTime() - hoursBefore * H;

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    sms = await startFakeSmsServer({ accountSid: 'ACtest', authToken: 'token' });
    cat = await seedCatalogue(db.sql, 6);
    await db.sql`update screening_events set reminders = ${db.sql.json([
      { offsetHours: 72, channel: 'both' },
      { offsetHours: 24, channel: 'email' },
    ] as never)} where id = ${cat.eventId}`;
    appointment = singaporeInstant(cat.day, '09:30');
  });
  afterEach(async () => {
    await stopAll();
    now = Date.now();
  });
  afterAll(async () => {
    for (const c of closers) await c();
    await sms.close();
    await smtp.close();
    await db.drop();
  });

  it('the sweep reads only the due days: its candidates equal those of the fortnight scan it replaced, at every half hour around the appointments', async () => {
    const { prefix } = testRedis();
    // A second event without a schedule of its own (the default one), its slot late in the evening so
    // that a rule's due window spans two calendar days.
    const late = await seedCatalogue(db.sql, 5);
    await db.sql`update timeslots set time = '23:30', label = '11:30 PM' where id = ${late.timeslotId}`;
    const confirmed = await book(db.sql, cat, 'candidate-confirmed@example.com', { free: true });
    const pending = await book(db.sql, cat, 'candidate-pending@example.com');
    const dropped = await book(db.sql, cat, 'candidate-cancelled@example.com');
    const evening = await book(db.sql, late, 'candidate-evening@example.com', { free: true });
    await cancel(db.sql, dropped);
    now = at(400); // the workers only project: nothing is due yet
    await start(prefix);
    const ids = [confirmed, pending, dropped, evening].map((b) => b.registrationId);
    await expect
      .poll(
        async () =>
          (
            await db.sql<{ status: string }[]>`
              select status from orders where registration_id in ${db.sql(ids)} order by registration_id`
          ).map((r) => r.status),
        poll,
      )
      .toEqual(['confirmed', 'pending_payment', 'cancelled', 'confirmed']);
    await stopAll();
    // The query before issue 27's eighth round: every order of the coming fortnight, each rule tested.
    const fortnightScan = async (when: Date) =>
      (
        await db.sql<{ id: string }[]>`
          with o as (
            select o.registration_id, e.reminders,
              (o.timeslot_date::text || ' ' || o.timeslot_time)::timestamp at time zone 'Asia/Singapore' as at
            from orders o join screening_events e on e.id = o.event_id
            where o.status not in ('cancelled', 'expired') and o.timeslot_date is not null
              and o.timeslot_date between (${when}::timestamptz at time zone 'Asia/Singapore')::date - 1
                and (${when}::timestamptz at time zone 'Asia/Singapore')::date + 15
          )
          select distinct o.registration_id as id from o
          cross join lateral jsonb_array_elements(coalesce(o.reminders,
            ${db.sql.json(reminderScheduleOrDefault(null) as never)}::jsonb)) r
          where o.at > ${when}
            and o.at - make_interval(hours => (r->>'offsetHours')::int) <= ${when}
            and o.at - make_interval(hours => (r->>'offsetHours')::int) > ${when}::timestamptz - make_interval(hours => ${REMINDER_CATCH_UP_HOURS})
          order by 1`
      ).map((r) => Number(r.id));
    const eveningAt = singaporeInstant(late.day, '23:30');
    let seen = 0;
    const first = Math.min(appointment.getTime(), eveningAt.getTime()) - 80 * H;
    const last = Math.max(appointment.getTime(), eveningAt.getTime()) + H;
    for (let t = first; t <= last; t += H / 2) {
      const when = new Date(t);
      const expected = await fortnightScan(when);
      expect(await reminderCandidates(db.sql, when), when.toISOString()).toEqual(expected);
      seen += expected.length;
    }
    // The comparison saw candidates (each rule's window, both events), never the cancelled order.
    expect(seen).toBeGreaterThan(0);
    expect(await reminderCandidates(db.sql, new Date(at(72)))).toEqual(
      expect.arrayContaining([confirmed.registrationId, pending.registrationId]),
    );
    expect(await reminderCandidates(db.sql, new Date(at(72)))).not.toContain(dropped.registrationId);
    expect(await reminderCandidates(db.sql, new Date(at(24, eveningAt) + 11 * H))).toContain(
      evening.registrationId,
    );
    expect(await reminderCandidates(db.sql, new Date(at(24, eveningAt) + 12 * H))).not.toContain(
      evening.registrationId,
    );
  });

  it('each offset arrives once per channel at its time, with two workers, in E.164 with the prepared text', async () => {
    const { prefix } = testRedis();
    const b = await book(db.sql, cat, 'remind-me@example.com', { free: true });
    now = at(73);
    await start(prefix);
    await start(prefix);
    await expect
      .poll(() => countEvents(db.sql, { streamId: stream(b), type: 'ConfirmationEmailSent' }), poll)
      .toBe(1);
    // 73 h before: nothing is owed yet
    expect(
      await owedReminders(db.sql, await loadRegistration(db.sql, b.registrationId), new Date(now)),
    ).toEqual([]);

    now = at(72);
    await expect.poll(() => sent(b), poll).toBe(2);
    now = at(24);
    await expect.poll(() => sent(b), poll).toBe(3);
    await stopAll();

    const a = appointment.toISOString();
    expect((await outcomes(b)).sort()).toEqual(
      [`ReminderSent:24:email:${a}`, `ReminderSent:72:email:${a}`, `ReminderSent:72:sms:${a}`].sort(),
    );
    const texts = smsFor(b);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+6591234567');
    expect(texts[0]!.from).toBe('HealthScr');
    // issue 46: the one date and time format ('Sat, 28 Nov 2026, 9:30 AM')
    const when = formatAppointmentLong(appointment, 'en');
    expect(when).toMatch(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, 9:30 AM$/);
    expect(texts[0]!.body).toContain(when);
    expect(texts[0]!.body).toContain('Fast 8-10 hours before blood tests');
    expect(texts[0]!.body).toContain('bring your NRIC / identification card');
    expect(texts[0]!.body).toContain('arrive 15 minutes early');
    expect(texts[0]!.body).toContain('Orchard Community Club');
    expect(texts[0]!.body).toMatch(/Stop SMS: http:\/\/localhost:3000\/sms-opt-out\/\d+\.[A-Za-z0-9_-]{43}$/);
    const [sentSms] = await findEvents(db.sql, { streamId: stream(b), type: 'ReminderSent' }).then((es) =>
      es.filter((e) => (e.data as { channel: string }).channel === 'sms'),
    );
    expect((sentSms!.data as { providerId: string }).providerId).toBe(texts[0]!.sid);

    const mails = mailsTo(b);
    // issue 46: both reminders are the one reminder email, in the branded layout, links as anchors
    expect(mails.map((m) => m.subject)).toEqual([
      `Reminder: your health screening on ${when} (${b.referenceNumber})`,
      `Reminder: your health screening on ${when} (${b.referenceNumber})`,
    ]);
    for (const m of mails) {
      expect(m.html).toContain('<html lang="en-SG">');
      expect(m.html).toContain('font-family:Helvetica');
      expect(m.html).toContain('Fast for 8-10 hours before blood tests');
      expect(m.html).toMatch(/<a href="http:\/\/localhost:3000\/sms-opt-out\/[^"]+"[^>]*>Stop SMS reminders/);
      expect(m.html).toMatch(
        /<a href="http:\/\/localhost:3000\/manage-appointment\?[^"]+"[^>]*>Manage my booking<\/a>/,
      );
      // links as anchors in the HTML; the plain text names each with its address
      expect(m.html.replace(/<[^>]+>/g, ' ')).not.toContain('http://');
      expect(m.text).toMatch(/Manage my booking: http:\/\/localhost:3000\/manage-appointment\?\S+/);
    }
    // the order history shows them
    await start(prefix, { WORKER_ROLES: 'projector' });
    await expect
      .poll(
        async () =>
          (await readOrderTimeline(db.sql, b.registrationId))
            .filter((l) => l.type === 'ReminderSent')
            .map((r) => r.summary.replace(/, id .*\)/, ')'))
            .sort(),
        poll,
      )
      .toEqual([
        'Reminder SMS sent (72 h before)',
        'Reminder email sent (24 h before)',
        'Reminder email sent (72 h before)',
      ]);
  });

  it('a reschedule re-plans for the new time; a cancellation stops them', async () => {
    const { prefix } = testRedis();
    const moved = await book(db.sql, cat, 'moved-remind@example.com', { free: true });
    const dropped = await book(db.sql, cat, 'dropped-remind@example.com', { free: true });
    const day = new Date(appointment.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const [slot] = await db.sql<{ id: number }[]>`
      insert into timeslots (event_id, date, time, label, max_attendees)
      values (${cat.eventId}, ${day}, '14:00', '2:00 PM', 500) returning id`;
    const later = singaporeInstant(day, '14:00');
    now = at(72);
    await start(prefix);
    await expect.poll(() => Promise.all([sent(moved), sent(dropped)]), poll).toEqual([2, 2]);
    await runCommand(db.sql, moved.registrationId, {
      type: 'RescheduleRegistration',
      fromDate: cat.day,
      fromTime: '09:30',
      toTimeslotId: Number(slot!.id),
      toDate: day,
      toTime: '14:00',
      at: new Date(now).toISOString(),
    });
    await cancel(db.sql, dropped);
    // the old time's 24 h passes (nothing owed to either); then the new time's 72 h and 24 h come due
    now = at(24);
    now = at(24, later);
    await expect.poll(() => sent(moved), poll).toBe(5);
    await stopAll();
    const a = appointment.toISOString();
    const l = later.toISOString();
    expect((await outcomes(moved)).sort()).toEqual(
      [
        `ReminderSent:72:email:${a}`,
        `ReminderSent:72:sms:${a}`,
        `ReminderSent:72:email:${l}`,
        `ReminderSent:72:sms:${l}`,
        `ReminderSent:24:email:${l}`,
      ].sort(),
    );
    expect((await outcomes(dropped)).sort()).toEqual(
      [`ReminderSent:72:email:${a}`, `ReminderSent:72:sms:${a}`].sort(),
    );
    expect(smsFor(dropped)).toHaveLength(1);
    expect(smsFor(moved)).toHaveLength(2);
    expect(smsFor(moved)[1]!.body).toContain('2:00 PM');
  });

  it('a provider 500 is retried with backoff; past the last attempt it is recorded as failed', async () => {
    const { prefix } = testRedis();
    const retried = await book(db.sql, cat, 'retried@example.com', { free: true });
    now = at(72);
    sms.failNext(2, 500);
    await start(prefix);
    await expect.poll(() => sent(retried), poll).toBe(2);
    expect(smsFor(retried)).toHaveLength(1);
    await stopAll();

    const failing = await book(db.sql, cat, 'failing@example.com', { free: true });
    sms.failNext(3, 500);
    await start(prefix);
    await expect
      .poll(() => countEvents(db.sql, { streamId: stream(failing), type: 'ReminderFailed' }), poll)
      .toBe(1);
    await expect.poll(() => sent(failing), poll).toBe(1);
    await stopAll();
    const a = appointment.toISOString();
    expect((await outcomes(failing)).sort()).toEqual(
      [
        `ReminderFailed:72:sms:${a}:SMS provider answered 500: Internal Server Error`,
        `ReminderSent:72:email:${a}`,
      ].sort(),
    );
    expect(smsFor(failing)).toHaveLength(0);
  });

  it('Redis emptied with reminders waiting: the sweep plans them again from the log and each is sent once', async () => {
    const { prefix } = testRedis();
    const b = await book(db.sql, cat, 'redis-lost@example.com', { free: true });
    const q = new Queue('reminder', { prefix, connection: { url: REDIS_URL() } as never });
    closers.push(() => q.close());
    now = at(72);
    // no jobs role: the due reminders wait in Redis, unsent
    await start(prefix, { WORKER_ROLES: 'projector,reactor' });
    await expect.poll(() => q.getWaitingCount(), poll).toBe(2);
    await stopAll();
    // a new, empty Redis: the waiting jobs and their ids are gone
    const redis = new Redis(REDIS_URL());
    closers.push(() => redis.quit());
    await redis.del(...(await redis.keys(`${prefix}:*`)));
    expect(await q.getWaitingCount()).toBe(0);
    await start(prefix);
    await start(prefix);
    await expect.poll(() => sent(b), poll).toBe(2);
    now = at(24);
    await expect.poll(() => sent(b), poll).toBe(3);
    await stopAll();
    expect(smsFor(b)).toHaveLength(1);
    expect(mailsTo(b)).toHaveLength(2);
    // the log says they are done: a sweep after another loss of Redis owes nothing
    await redis.del(...(await redis.keys(`${prefix}:*`)));
    expect(
      await owedReminders(db.sql, await loadRegistration(db.sql, b.registrationId), new Date(now)),
    ).toEqual([]);
  });

  it('after opting out, no SMS is sent for the order (recorded as skipped); email still is', async () => {
    const { prefix } = testRedis();
    const b = await book(db.sql, cat, 'opted-out@example.com', { free: true });
    expect(await optOutOfSms(db.sql, b.registrationId, { actor: 'customer' })).toMatchObject({ found: true });
    // idempotent: a second opt-out records nothing more
    await optOutOfSms(db.sql, b.registrationId, { actor: 'customer' });
    expect(await countEvents(db.sql, { streamId: stream(b), type: 'SmsOptedOut' })).toBe(1);
    now = at(72);
    await start(prefix);
    await expect
      .poll(() => countEvents(db.sql, { streamId: stream(b), type: 'ReminderSkipped' }), poll)
      .toBe(1);
    await expect.poll(() => sent(b), poll).toBe(1);
    await stopAll();
    const a = appointment.toISOString();
    expect((await outcomes(b)).sort()).toEqual(
      [`ReminderSent:72:email:${a}`, `ReminderSkipped:72:sms:${a}:opted-out`].sort(),
    );
    expect(smsFor(b)).toHaveLength(0);
  });
});
