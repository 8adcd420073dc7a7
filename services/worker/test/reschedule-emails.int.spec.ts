/**
 * Rescheduling seen from the worker (issue 22), end to end against real Postgres, Redis and an
 * in-process SMTP server: the confirmation's calendar invite is updated by the rescheduled email's
 * (same UID, higher SEQUENCE, the new time), sent once per move; the reminder follows the new time.
 */
import { checkManageLinkToken } from '@hs/commands';
import { DEVELOPMENT_MANAGE_LINK_SECRET } from '@hs/config';
import { formatAppointmentDate, formatAppointmentTime, singaporeInstant } from '@hs/domain';
import { countEvents, findEvents, reactionJobId } from '@hs/eventstore';
import { type TestDatabase, parseIcs, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import {
  type Booking,
  type Catalogue,
  type TestSmtp,
  book,
  runCommand,
  seedCatalogue,
  startSmtp,
} from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('worker: rescheduled email and reminder', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  /** Another slot of the same event, 5 days ahead at 14:00. */
  let later: { id: number; day: string };
  const running: RunningWorker[] = [];
  const inspectors: Queue[] = [];

  const start = async (prefix: string) => {
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL(),
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      WORKER_SHUTDOWN_GRACE_MS: '2000',
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500 });
    running.push(w);
    return w;
  };
  const queue = (prefix: string, name: 'rescheduled-email' | 'reminder-email') => {
    const q = new Queue(name, { prefix, connection: { url: REDIS_URL() } as never });
    inspectors.push(q);
    return q;
  };
  const mailsTo = (b: Booking, subject: string) =>
    smtp.received.filter((m) => m.to.includes(b.email) && m.subject.startsWith(subject));
  const facts = (b: Booking, type: string) =>
    countEvents(db.sql, { streamId: `registration-${b.registrationId}`, type });
  const poll = { timeout: 15_000, interval: 50 };
  const icsOf = (mail: TestSmtp['received'][number]) => {
    const ics = mail.attachments.find((a) => a.filename === 'appointment.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const parsed = parseIcs(ics!.content.toString('utf8'));
    expect(parsed.calendar.METHOD).toBe('REQUEST');
    expect(parsed.events).toHaveLength(1);
    return parsed.events[0]!;
  };
  /** Moves the booking to `later` through the registration decider; the reschedule's event id. */
  const reschedule = async (b: Booking) => {
    await runCommand(db.sql, b.registrationId, {
      type: 'RescheduleRegistration',
      fromDate: cat.day,
      fromTime: '09:30',
      toTimeslotId: later.id,
      toDate: later.day,
      toTime: '14:00',
      at: new Date().toISOString(),
    });
    const [moved] = await findEvents(db.sql, {
      streamId: `registration-${b.registrationId}`,
      type: 'RegistrationRescheduled',
    });
    return moved!.eventId;
  };

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const [slot] = await db.sql<{ id: number }[]>`
      insert into timeslots (event_id, date, time, label, max_attendees)
      values (${cat.eventId}, ${day}, '14:00', '2:00 PM', 500) returning id`;
    later = { id: Number(slot!.id), day };
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  afterAll(async () => {
    for (const q of inspectors) await q.close();
    await smtp.close();
    await db.drop();
  });

  it('the rescheduled email carries the new time and an .ics updating the confirmation one, sent once', async () => {
    const { prefix } = testRedis();
    await start(prefix);
    const jobs = queue(prefix, 'rescheduled-email');
    const b = await book(db.sql, cat, 'moved@example.com', { free: true });
    await expect.poll(() => facts(b, 'ConfirmationEmailSent'), poll).toBe(1);
    const [confirmation] = smtp.received.filter((m) => m.to.includes(b.email));
    // the confirmation links the booking's Manage appointment page with its signed link (issue 46):
    // the reference and a token the api accepts until 30 days after the appointment's day
    const link = new RegExp(
      `<a href="http://localhost:3000/manage-appointment\\?ref=${b.referenceNumber}&amp;token=([0-9]+\\.[A-Za-z0-9_-]{43})"`,
    ).exec(confirmation!.html);
    expect(link, confirmation!.html).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(checkManageLinkToken(DEVELOPMENT_MANAGE_LINK_SECRET, b.referenceNumber, token)).toBe('valid');
    expect(checkManageLinkToken(DEVELOPMENT_MANAGE_LINK_SECRET, 'HS0000-0000-0000', token)).toBe('invalid');
    const booked = icsOf(confirmation!);
    expect(booked.UID).toBe(`registration-${b.registrationId}@healthscreening.example.sg`);
    expect(booked.SEQUENCE).toBe('0');
    expect(booked.DTSTART).toBe(utc(singaporeInstant(cat.day, '09:30')));

    const eventId = await reschedule(b);
    await expect.poll(() => mailsTo(b, `Your health screening ${b.referenceNumber}`).length, poll).toBe(1);
    const [mail] = mailsTo(b, `Your health screening ${b.referenceNumber}`);
    const newDate = formatAppointmentDate('en', later.day);
    expect(mail!.subject).toBe(`Your health screening ${b.referenceNumber} is now on ${newDate}, 2:00 PM`);
    expect(mail!.text).toContain(
      `has been moved from ${formatAppointmentDate('en', cat.day)}, ${formatAppointmentTime('en', '09:30')} to ${newDate}, 2:00 PM`,
    );
    const moved = icsOf(mail!);
    expect(moved.UID).toBe(booked.UID);
    expect(Number(moved.SEQUENCE)).toBeGreaterThan(Number(booked.SEQUENCE));
    expect(moved.SEQUENCE).toBe('1');
    // 14:00 in Singapore is 06:00 UTC, an hour long
    expect(moved.DTSTART).toBe(`${later.day.replace(/-/g, '')}T060000Z`);
    expect(moved.DTEND).toBe(`${later.day.replace(/-/g, '')}T070000Z`);
    expect(moved.SUMMARY).toBe('Community Health Screening');
    expect(moved.LOCATION).toBe('Orchard Community Club');
    await expect.poll(() => facts(b, 'RescheduledEmailSent'), poll).toBe(1);

    // the same job again (a retry after a crash, a second job for the message): nothing more is sent
    const first = await jobs.getJob(reactionJobId('rescheduled-email', eventId));
    expect(first!.data).toEqual({ registrationId: b.registrationId, causeEventId: eventId });
    await jobs.add(first!.name, first!.data, { jobId: `again-${b.registrationId}` });
    await expect.poll(() => jobs.getCompletedCount(), poll).toBe(2);
    expect((await jobs.getJob(`again-${b.registrationId}`))!.returnvalue).toEqual({
      skipped: 'rescheduled email already sent',
    });
    expect(mailsTo(b, `Your health screening ${b.referenceNumber}`)).toHaveLength(1);
    expect(await facts(b, 'RescheduledEmailSent')).toBe(1);
  });
});
