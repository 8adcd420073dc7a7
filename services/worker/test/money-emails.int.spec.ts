/**
 * The emails of money after the booking (issue 21), end to end against real Postgres, Redis and an
 * in-process SMTP server: an expired reservation's email with its link back to the event, and a
 * refund's email with its credit note PDF, each sent once per expiry or refund.
 */
import { countEvents, findEvents } from '@hs/eventstore';
import { readOrderTimeline } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { formatSingaporeDate } from '../src/order';
import {
  type Booking,
  type Catalogue,
  type TestSmtp,
  book,
  pay,
  pdfText,
  runCommand,
  seedCatalogue,
  startSmtp,
} from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;
const PUBLIC_BASE_URL = 'https://book.example.sg';

describe('worker: expiry and refund emails', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  let slug: string;
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
      PUBLIC_BASE_URL,
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      WORKER_SHUTDOWN_GRACE_MS: '2000',
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500 });
    running.push(w);
    return w;
  };
  const queue = (prefix: string, name: 'expiry-email' | 'refund-email') => {
    const q = new Queue(name, { prefix, connection: { url: REDIS_URL() } as never });
    inspectors.push(q);
    return q;
  };
  const mailsTo = (b: Booking, subject: string) =>
    smtp.received.filter((m) => m.to.includes(b.email) && m.subject.startsWith(subject));
  const facts = (b: Booking, type: string) =>
    countEvents(db.sql, { streamId: `registration-${b.registrationId}`, type });
  const poll = { timeout: 15_000, interval: 50 };

  const expire = (b: Booking, at: Date) =>
    runCommand(db.sql, b.registrationId, { type: 'ExpireHold', at: at.toISOString() });
  const refund = (b: Booking, refundId: string, amountCents: number, reason: string, at = new Date()) =>
    runCommand(db.sql, b.registrationId, {
      type: 'RecordRefund',
      refundId,
      amountCents,
      kind: 'refund',
      gatewayTransactionId: `GW-${refundId}`,
      reason,
      at: at.toISOString(),
    });

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    const [event] = await db.sql<
      { slug: string }[]
    >`select slug from screening_events where id = ${cat.eventId}`;
    slug = event!.slug;
  });
  afterEach(async () => {
    for (const w of running.splice(0)) await w.stop();
  });
  afterAll(async () => {
    for (const q of inspectors) await q.close();
    await smtp.close();
    await db.drop();
  });

  it('an expired reservation gets one expiry email with a link back to the event, also when its job runs twice', async () => {
    const { prefix } = testRedis();
    await start(prefix);
    const expiries = queue(prefix, 'expiry-email');
    const b = await book(db.sql, cat, 'expired@example.com', { holdSeconds: 60 });
    await expire(b, new Date(Date.now() + 61_000));

    await expect.poll(() => mailsTo(b, 'Your reservation').length, poll).toBe(1);
    const [mail] = mailsTo(b, 'Your reservation');
    expect(mail!.subject).toBe(`Your reservation ${b.referenceNumber} has expired`);
    expect(mail!.text).toContain('the reservation has expired and its seats have been released');
    expect(mail!.html).toContain(`href="${PUBLIC_BASE_URL}/events/${slug}"`);
    // issue 46: a button in the HTML; the plain text gives its address after its words
    expect(mail!.html.replace(/<[^>]+>/g, ' ')).not.toContain(`${PUBLIC_BASE_URL}/events/${slug}`);
    expect(mail!.text).toContain(`Book again: ${PUBLIC_BASE_URL}/events/${slug}`);
    expect(mail!.attachments).toHaveLength(0);
    await expect.poll(() => facts(b, 'ExpiryEmailSent'), poll).toBe(1);

    // the same job again (a retry after a crash, a second job for the message): nothing more is sent
    // BullMQ marks the job completed just after the fact is recorded: wait for that too.
    await expect.poll(() => expiries.getCompletedCount(), poll).toBe(1);
    const [first] = await expiries.getCompleted();
    await expiries.add(first!.name, first!.data, { jobId: `again-${b.registrationId}` });
    await expect.poll(() => expiries.getCompletedCount(), poll).toBe(2);
    const again = await expiries.getJob(`again-${b.registrationId}`);
    expect(again!.returnvalue).toEqual({ skipped: 'expiry email already sent' });
    expect(mailsTo(b, 'Your reservation')).toHaveLength(1);
    expect(await facts(b, 'ExpiryEmailSent')).toBe(1);
    await expect
      .poll(async () => {
        const lines = await readOrderTimeline(db.sql, b.registrationId);
        return lines.find((l) => l.type === 'ExpiryEmailSent')?.summary;
      }, poll)
      .toBe('Expiry email sent');
  });

  it('each refund gets one refund email with its own issued credit note PDF (issue 25: HS-CN-{year}-{n})', async () => {
    const { prefix } = testRedis();
    await start(prefix);
    // a GST-registered supplier: the credit note shows its GST part
    await db.sql`
      insert into system_settings (setting_key, setting_value, description, last_updated_by)
      values ('company_settings', ${JSON.stringify({
        companyName: 'Demo Clinic Pte Ltd',
        address: '1 Demo Street, Singapore 123456',
        uen: '201912345K',
        gstRegistrationNumber: 'M90000000A',
        invoicePrefix: 'HS',
      })}, 'test', 'test')
      on conflict (setting_key) do update set setting_value = excluded.setting_value`;
    const refunds = queue(prefix, 'refund-email');
    const b = await book(db.sql, cat, 'refunded@example.com');
    await pay(db.sql, b, 13_952, `TXN-REFUND-${b.registrationId}`);
    const at = new Date();
    await refund(b, `R1-${b.registrationId}`, 5_000, 'Customer cannot attend', at);

    await expect.poll(() => mailsTo(b, 'Refund of').length, poll).toBe(1);
    const [mail] = mailsTo(b, 'Refund of');
    expect(mail!.subject).toBe(`Refund of S$50.00 for ${b.referenceNumber}`);
    const notes = async () =>
      await db.sql<{ number: string; original: string }[]>`
          select number, original_number as original from invoices
          where registration_id = ${b.registrationId} and kind = 'credit-note' order by sequence`;
    const [cn1] = await notes();
    expect(cn1!.number).toMatch(/^HS-CN-\d{4}-\d{6}$/);
    expect(mail!.text).toContain(cn1!.number);
    expect(mail!.text).toContain('Customer cannot attend');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toBe(`${cn1!.number}.pdf`);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    const note = (await pdfText(mail!.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(note).toContain('Credit Note');
    expect(note).toContain(`Credit note number ${cn1!.number}`);
    expect(note).toContain(`Credit note date ${formatSingaporeDate(at)}`);
    expect(note).toContain(`Original invoice ${cn1!.original}`);
    expect(cn1!.original).toMatch(/^HS-\d{4}-\d{6}$/);
    // issue 46: the email names the same tax invoice as its credit note, never another number
    expect(mail!.text).toContain(cn1!.original);
    expect(mail!.text).not.toMatch(/INV-/);
    expect(note).toContain('Mei Ling');
    expect(note).toContain('GST 9% S$4.13'); // 50.00 x 9/109 = 4.128...
    expect(note).toContain('Total credited (SGD) S$50.00');

    // a second refund: the next credit note number, and the total refunded so far
    // recorded with a time of its own (a minute back; the demo seed's month goes back days): the
    // credit note is dated when the refund happened, not when the worker got to it. Days back would
    // move it to last year's sequence in early January.
    const refundedAt = new Date(Date.now() - 60_000);
    await refund(b, `R2-${b.registrationId}`, 2_000, 'Goodwill', refundedAt);
    await expect.poll(() => mailsTo(b, 'Refund of').length, poll).toBe(2);
    const second = mailsTo(b, 'Refund of').find((m) => m.subject.startsWith('Refund of S$20.00'))!;
    const [, cn2] = await notes();
    // the next number of the credit notes' own sequence, against the same invoice
    expect(Number(cn2!.number.slice(-6))).toBe(Number(cn1!.number.slice(-6)) + 1);
    expect(cn2!.original).toBe(cn1!.original);
    expect(second.attachments[0]!.filename).toBe(`${cn2!.number}.pdf`);
    const secondText = (await pdfText(second.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(secondText).toContain(cn2!.number);
    expect(secondText).toContain(`Credit note date ${formatSingaporeDate(refundedAt)}`);
    const [issued] = await db.sql<{ issuedAt: Date }[]>`
      select issued_at as "issuedAt" from invoices where number = ${cn2!.number}`;
    expect(issued!.issuedAt.toISOString()).toBe(refundedAt.toISOString());
    expect(second.text).toContain('S$70.00');

    await expect.poll(() => facts(b, 'RefundEmailSent'), poll).toBe(2);
    const pdfs = await findEvents<{ document: string; fileName: string }>(db.sql, {
      streamId: `registration-${b.registrationId}`,
      type: 'PdfGenerated',
    });
    expect(
      pdfs
        .filter((e) => e.data.document === 'credit-note')
        .map((e) => e.data.fileName)
        .sort(),
    ).toEqual([`${cn1!.number}.pdf`, `${cn2!.number}.pdf`]);

    // the first refund's job again: skipped, no third email
    const done = await refunds.getCompleted();
    const firstJob = done.find((j) => j.data.refundId === `R1-${b.registrationId}`)!;
    await refunds.add(firstJob.name, firstJob.data, { jobId: `again-${b.registrationId}` });
    await expect.poll(() => refunds.getCompletedCount(), poll).toBe(3);
    expect((await refunds.getJob(`again-${b.registrationId}`))!.returnvalue).toEqual({
      skipped: 'refund email already sent',
    });
    expect(mailsTo(b, 'Refund of')).toHaveLength(2);
    expect(await facts(b, 'RefundEmailSent')).toBe(2);
    await expect
      .poll(
        async () =>
          (await readOrderTimeline(db.sql, b.registrationId))
            .filter((l) => l.type === 'RefundEmailSent')
            .map((l) => l.summary),
        poll,
      )
      .toEqual([
        `Refund email sent with credit note ${cn1!.number}`,
        `Refund email sent with credit note ${cn2!.number}`,
      ]);
  });
});
