/**
 * Issue 43: any string the log can hold. Bookings appended straight through the registration decider
 * (as an old build's log holds them, sealed where Postgres never saw them) carry NUL, controls, lone
 * surrogates, bidi overrides, a 5,000-character string, emoji, Chinese, Tamil, Arabic, SQL and HTML in
 * every text field; the projections go on past them, the emails, PDFs and SMS go out, and nothing the
 * read models keep or the documents show holds what no person types.
 */
import { joinWaitlist } from '@hs/commands';
import { isCleanText, singaporeDay, singaporeInstant } from '@hs/domain';
import { findEvents } from '@hs/eventstore';
import { type FakeSmsServer, startFakeSmsServer } from '@hs/gateways';
import { readInsights, readOrder, readOrderTimeline, selectWaitlist } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import {
  type Booking,
  type Catalogue,
  type TestSmtp,
  book,
  pay,
  pdfText,
  seedCatalogue,
  startSmtp,
} from './helpers';

const SHORT: Record<string, string> = {
  nul: 'nul\u0000byte',
  c0: 'c0\u0001\u0007\u0008\u000B\u000C\u001B\u001Fend',
  c1: 'c1\u007F\u0080\u0085\u009B\u009Fend',
  surrogates: 'lone\uD800high\uDC00low\uDBFF',
  bidi: '\u202Eevil\u202C \u2066iso\u2069 \u202Bemb\u202A \u202Dlro\u2067rli\u2068fsi',
  emoji: 'Zoë 👩🏽‍⚕️🏥 e\u0301 Z\u0351\u0362a\u0489l\u0334g\u0337o',
  chinese: '陈美玲',
  tamil: 'தமிழ்செல்வி',
  arabic: 'مريم العربية',
  sql: "Robert'); DROP TABLE orders;-- ' OR '1'='1",
  html: '<script>alert(1)</script><img src=x onerror=alert(2)>&amp;"</p>',
};
const CORPUS: Record<string, string> = {
  ...SHORT,
  long: 'Ab'.repeat(2_500),
  everything: Object.values(SHORT).join(' '),
};
/** What an address's local part may hold in the log and still name a mailbox once cleaned. */
const INVISIBLE = '\u0000\u0007\u0085\uD800\u202E\u2066';
/**
 * What no email, PDF, SMS or read model may show: controls but tab and line breaks, C1, bidi overrides
 * and isolates, lone surrogates, and U+FFFD (what a lone surrogate becomes in UTF-8).
 */
const unsafeIn = (s: string) =>
  [...s]
    .map((c) => c.codePointAt(0)!)
    .filter(
      (n) =>
        (n < 0x20 && ![0x09, 0x0a, 0x0d].includes(n)) ||
        (n >= 0x7f && n <= 0x9f) ||
        (n >= 0x202a && n <= 0x202e) ||
        (n >= 0x2066 && n <= 0x2069) ||
        (n >= 0xd800 && n <= 0xdfff) ||
        n === 0xfffd,
    )
    .map((n) => `U+${n.toString(16).toUpperCase().padStart(4, '0')}`);
const SECRET = 'hostile-strings-waitlist-secret-000000';

/** Every string in a value (deep), with its path. */
const stringsOf = (v: unknown, path = '$'): [string, string][] =>
  typeof v === 'string'
    ? [[path, v]]
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => stringsOf(x, `${path}.${k}`))
      : [];
const unclean = (v: unknown) => stringsOf(v).filter(([, s]) => !isCleanText(s));

describe('worker: hostile strings in the log (issue 43)', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let sms: FakeSmsServer;
  let cat: Catalogue;
  let worker: RunningWorker;
  const poll = { timeout: 20_000, interval: 50 };
  const hostile: { name: string; value: string; booking: Booking; mailbox: string }[] = [];
  let texted: Booking;
  let normal: Booking;
  const joined: { id: string; mailbox: string }[] = [];
  let normalEntry: string;

  const hostileBooking = (value: string, mailbox: string, mobile = value) => {
    const email = mailbox.replace('@', `${INVISIBLE}@`);
    const person = {
      firstName: value,
      lastName: value,
      email,
      mobileNumber: mobile,
      identificationNumber: value,
    };
    return book(db.sql, cat, email, {
      seats: true,
      contact: { ...person, address: value, unitNumber: value, postalCode: value, medicalConditions: value },
      participant: person,
    });
  };
  const mailsTo = (mailbox: string, subject: string) =>
    smtp.received.filter((m) => m.to.includes(mailbox) && m.subject.startsWith(subject));

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    sms = await startFakeSmsServer({ accountSid: 'ACtest', authToken: 'token' });
    cat = await seedCatalogue(db.sql, 6);
    // one SMS reminder 72 h before; the workers' clock stands just past it
    await db.sql`update screening_events set reminders = ${db.sql.json([{ offsetHours: 72, channel: 'sms' }] as never)}
                 where id = ${cat.eventId}`;
    await db.sql`insert into email_configs (config_key, config_value)
                 values ('EMAIL_CONFIRMATION_SUBJECT', 'Booking <%= referenceNumber %> confirmed for <%= firstName %>')`;
    const [pkg] = await db.sql<
      { id: number }[]
    >`insert into packages (name, price) values ('Basic Health', 128) returning id`;
    const now = singaporeInstant(cat.day, '09:30').getTime() - 72 * 3_600_000 + 60_000;
    const { prefix, url } = testRedis();
    worker = await startWorker(
      readWorkerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: db.url,
        REDIS_URL: url,
        BULLMQ_PREFIX: prefix,
        SMTP_URL: smtp.url,
        SMS_PROVIDER_URL: sms.url,
        SMS_ACCOUNT_SID: 'ACtest',
        SMS_AUTH_TOKEN: 'token',
        SMS_SENDER_ID: 'HealthScr',
        WAITLIST_TOKEN_SECRET: SECRET,
        WAITLIST_SWEEP_MS: '3600000',
        REMINDER_SWEEP_MS: '100',
        JOB_ATTEMPTS: '2',
        JOB_BACKOFF_MS: '50',
        WORKER_SHUTDOWN_GRACE_MS: '2000',
      }),
      { reactorRetryMaxMs: 500, clock: () => new Date(now) },
    );
    // The worker installed the key ring: what the test appends now is sealed, as the api's was.
    for (const [i, [name, value]] of Object.entries(CORPUS).entries()) {
      const mailbox = `hostile-${i}@example.com`;
      const booking = await hostileBooking(value, mailbox);
      await pay(db.sql, booking, 13_952);
      hostile.push({ name, value, booking, mailbox });
      const entry = await joinWaitlist(
        db.sql,
        {
          eventId: cat.eventId,
          packageId: Number(pkg!.id),
          postalCode: '560123',
          firstName: value,
          lastName: value,
          email: `waiting-${i}${INVISIBLE}@example.com`,
          mobileNumber: value,
          seats: 1,
          preferredDates: ['2099-01-01'], // no slot that day: no offer moves the slot's seats
        },
        { actor: 'public', tokenSecret: SECRET },
      );
      joined.push({ id: entry.id, mailbox: `waiting-${i}@example.com` });
    }
    // A Singapore mobile wrapped in an override, a NUL inside: one number once cleaned.
    texted = await hostileBooking(CORPUS.everything!, 'texted@example.com', '\u202D+65 9123\u00004567\u202C');
    await pay(db.sql, texted, 13_952);
    normal = await book(db.sql, cat, 'normal@example.com', { seats: true, free: true });
    normalEntry = (
      await joinWaitlist(
        db.sql,
        {
          eventId: cat.eventId,
          packageId: Number(pkg!.id),
          postalCode: '560123',
          firstName: 'Mei',
          lastName: 'Ling',
          email: 'normal-waiting@example.com',
          mobileNumber: '91234567',
          seats: 1,
          preferredDates: ['2099-01-01'],
        },
        { actor: 'public', tokenSecret: SECRET },
      )
    ).id;
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await sms?.close();
    await smtp?.close();
    await db?.drop();
  });

  it('every projection goes past the hostile events: orders, seats, waiting list, reports and the history', async () => {
    await expect
      .poll(async () => (await readOrder(db.sql, { id: normal.registrationId }))?.status, poll)
      .toBe('confirmed');
    const booked = hostile.length + 2;
    await expect
      .poll(async () => {
        const [row] = await db.sql<{ n: number }[]>`
          select current_attendees as n from slot_availability where timeslot_id = ${cat.timeslotId}`;
        return row?.n;
      }, poll)
      .toBe(booked);
    await expect
      .poll(async () => (await selectWaitlist(db.sql, cat.eventId)).map((e) => e.id), poll)
      .toEqual(expect.arrayContaining([normalEntry, ...joined.map((j) => j.id)]));
    const day = singaporeDay(new Date());
    const range = { eventId: cat.eventId, from: singaporeDay(new Date(Date.now() - 86_400_000)), to: day };
    await expect
      .poll(async () => (await readInsights(db.sql, range)).bookings.reduce((n, d) => n + d.booked, 0), poll)
      .toBe(booked);
    await expect
      .poll(async () => (await readInsights(db.sql, range)).waitlist.reduce((n, w) => n + w.joined, 0), poll)
      .toBe(joined.length + 1);
    for (const { booking } of [...hostile, { booking: texted }]) {
      const timeline = await readOrderTimeline(db.sql, booking.registrationId);
      expect(timeline.map((l) => l.type)).toEqual(
        expect.arrayContaining(['RegistrationBooked', 'PaymentRecorded']),
      );
      expect(unclean(timeline)).toEqual([]);
    }
  });

  it('what the orders and waiting-list read models keep is clean, and keeps what a person typed', async () => {
    for (const { name, value, booking } of hostile) {
      const order = await readOrder(db.sql, { id: booking.registrationId });
      expect(order, name).toBeDefined();
      expect(unclean(order), name).toEqual([]);
      if (/chinese|tamil|arabic|sql|html|long/.test(name)) {
        for (const field of [
          'firstName',
          'lastName',
          'address',
          'medicalConditions',
          'identificationNumber',
        ] as const)
          expect(order![field], `${name} ${field}`).toBe(value);
        expect(order!.participants[0]!.firstName).toBe(value);
      }
    }
    const entries = await selectWaitlist(db.sql, cat.eventId);
    expect(unclean(entries)).toEqual([]);
    expect(entries.find((e) => e.id === joined[0]!.id)!.email).toBe(joined[0]!.mailbox);
  });

  it('the confirmation and receipt of each hostile booking arrive, their PDFs readable with the reference', async () => {
    for (const { name, booking, mailbox } of hostile) {
      await expect
        .poll(() => [mailsTo(mailbox, 'Booking').length, mailsTo(mailbox, 'Payment receipt').length], poll)
        .toEqual([1, 1]);
      const mails = [...mailsTo(mailbox, 'Booking'), ...mailsTo(mailbox, 'Payment receipt')];
      for (const mail of mails) {
        expect(mail.subject, name).toContain(booking.referenceNumber);
        for (const part of [mail.subject, mail.html, mail.text])
          expect(unsafeIn(part), `${name}: ${mail.subject}`).toEqual([]);
        expect(mail.html).not.toContain('<script>');
        const pdfs = mail.attachments.filter((a) => a.contentType === 'application/pdf');
        expect(pdfs.length, name).toBeGreaterThan(0);
        const texts = await Promise.all(pdfs.map((a) => pdfText(a.content)));
        expect(texts[0], name).toContain(booking.referenceNumber);
        // (pdftotext ends each page with a form feed)
        for (const text of texts) expect(unsafeIn(text.replaceAll('\f', '')), name).toEqual([]);
      }
    }
    for (const { mailbox } of joined) {
      await expect.poll(() => mailsTo(mailbox, 'You are on the waiting list').length, poll).toBe(1);
      const [mail] = mailsTo(mailbox, 'You are on the waiting list');
      for (const part of [mail!.subject, mail!.html, mail!.text]) expect(unsafeIn(part)).toEqual([]);
    }
  });

  it('the SMS reminder of a hostile booking is sent, in E.164, with a clean body', async () => {
    await expect
      .poll(() => sms.messages.filter((m) => m.body.includes(texted.referenceNumber)).length, poll)
      .toBe(1);
    const [text] = sms.messages.filter((m) => m.body.includes(texted.referenceNumber));
    expect(text!.to).toBe('+6591234567');
    expect(unsafeIn(text!.body)).toEqual([]);
    await expect
      .poll(async () => {
        const events = await findEvents(db.sql, { streamId: `registration-${texted.registrationId}` });
        return events.filter((e) => e.type.startsWith('Reminder')).map((e) => e.type);
      }, poll)
      .toEqual(['ReminderSent']);
  });
});
