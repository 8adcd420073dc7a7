/**
 * The worker end to end against real Postgres, Redis and an in-process SMTP server: bookings appended
 * through the registration decider, the worker's projector, reactor and BullMQ processors doing the rest.
 */
import { QUEUE_NAMES, type QueueName } from '@hs/contracts';
import {
  countEvents,
  findEvents,
  loadCheckpoint,
  maxGlobalPosition,
  rewindSubscription,
} from '@hs/eventstore';
import { DEMO_PARTNER_BOOKINGS, createFakePartnerClient } from '@hs/gateways';
import { createMailer } from '@hs/notifications';
import { readOrderTimeline } from '@hs/read-models';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REACTOR_NAME, type RunningWorker, type WorkerDeps, readWorkerConfig, startWorker } from '../src';
import {
  type Catalogue,
  type ReceivedMail,
  type TestSmtp,
  book,
  buildWorker,
  cancel,
  pay,
  pdfText,
  redisProxy,
  seedCatalogue,
  spawnWorker,
  startSmtp,
  within,
} from './helpers';

const REDIS_URL = () => process.env.HS_TEST_REDIS_URL!;

describe('worker: emails, reminders and their facts', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const inspectors: Queue[] = [];

  const start = async (prefix: string, env: Record<string, string> = {}, deps: WorkerDeps = {}) => {
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
      ...env,
    });
    const w = await startWorker(config, { reactorRetryMaxMs: 500, ...deps });
    running.push(w);
    return w;
  };
  const stopAll = async () => {
    for (const w of running.splice(0)) await w.stop();
  };
  const queuesOf = (prefix: string) => {
    const out = {} as Record<QueueName, Queue>;
    for (const name of QUEUE_NAMES) {
      const q = new Queue(name, { prefix, connection: { url: REDIS_URL() } as never });
      inspectors.push(q);
      out[name] = q;
    }
    return out;
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const typesOf = async (registrationId: number) =>
    (await readOrderTimeline(db.sql, registrationId)).map((r) => `${r.type}:${r.actor}`);
  const poll = { timeout: 15_000, interval: 50 };

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    await db.sql`insert into email_configs (config_key, config_value)
                 values ('EMAIL_CONFIRMATION_SUBJECT', 'Booking <%= referenceNumber %> confirmed for <%= firstName %>')`;
  });
  afterEach(stopAll);
  afterAll(async () => {
    for (const q of inspectors) await q.close();
    await smtp.close();
    await db.drop();
  });

  it('a paid booking sends one confirmation (PDF attached) and one receipt, and records both; re-delivered events enqueue nothing', async () => {
    const { prefix } = testRedis();
    await start(prefix);
    const queues = queuesOf(prefix);
    const b = await book(db.sql, cat, 'first@example.com');
    await pay(db.sql, b, 13_952, 'TXN-FIRST-1');

    await expect.poll(() => mailsTo(b.email).length, poll).toBe(2);
    const confirmation = mailsTo(b.email).find((m) => m.subject.startsWith('Booking'))!;
    expect(confirmation.subject).toBe(`Booking ${b.referenceNumber} confirmed for Mei`);
    expect(confirmation.html).toContain(b.referenceNumber);
    expect(confirmation.text).toContain(b.referenceNumber);
    expect(confirmation.html).not.toContain('S1234567D');
    // the confirmation PDF and the calendar invite (SEQUENCE 0; a reschedule's invite updates it)
    // and the check-in QR code, an inline image of the HTML (issue 23)
    const qr = confirmation.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.filename).toBe('check-in-qr.png');
    expect(confirmation.html).toContain('cid:check-in-qr@health-screening');
    confirmation.attachments = confirmation.attachments.filter((a) => a !== qr);
    // issue 46: one purpose per email: the confirmation PDF and the calendar invite, no invoice
    expect(confirmation.attachments.map((a) => a.filename)).toEqual([
      `confirmation-${b.referenceNumber}.pdf`,
      'appointment.ics',
    ]);
    expect(confirmation.attachments[0]!.contentType).toBe('application/pdf');
    expect(confirmation.attachments[1]!.contentType).toBe('text/calendar');
    const text = await pdfText(confirmation.attachments[0]!.content);
    expect(text).toContain(b.referenceNumber);
    // the payment email carries the order's issued invoice (issue 25; no company settings here: a
    // plain 'Invoice'), named by its real number in the email, and no receipt PDF beside it
    const [issued] = await db.sql<{ number: string }[]>`
      select number from invoices where registration_id = ${b.registrationId} and kind = 'invoice'`;
    const receipt = mailsTo(b.email).find((m) => m.subject.startsWith('Payment receipt'))!;
    expect(receipt.subject).toBe(`Payment receipt for ${b.referenceNumber}: tax invoice ${issued!.number}`);
    expect(receipt.text).toContain(`Your tax invoice ${issued!.number} is attached`);
    expect(receipt.text).toContain('TXN-FIRST-1');
    expect(receipt.attachments.map((a) => a.filename)).toEqual([`${issued!.number}.pdf`]);
    const invoicePdf = await pdfText(receipt.attachments[0]!.content);
    expect(invoicePdf).toContain(issued!.number);
    expect(invoicePdf).toContain('S$139.52'); // 128.00 + 9% GST
    expect(invoicePdf).toContain(b.referenceNumber);

    await expect
      .poll(() => typesOf(b.registrationId), poll)
      .toEqual(
        expect.arrayContaining([
          'ConfirmationEmailSent:worker:confirmation-email',
          'PdfGenerated:worker:confirmation-email',
          'PdfGenerated:worker:receipt-email',
        ]),
      );
    // (the timeline lists only the types staff read; the stream holds the receipt's fact)
    const [receiptFact] = await findEvents<{ transactionId: string; to: string }>(db.sql, {
      streamId: `registration-${b.registrationId}`,
      type: 'ReceiptEmailSent',
    });
    expect(receiptFact!.data).toMatchObject({ transactionId: 'TXN-FIRST-1', to: b.email });
    const pdfFacts = await findEvents<{ document: string; fileName: string }>(db.sql, {
      streamId: `registration-${b.registrationId}`,
      type: 'PdfGenerated',
    });
    expect(pdfFacts.map((e) => e.data.document).sort()).toEqual(['confirmation', 'invoice']);
    expect(pdfFacts.find((e) => e.data.document === 'invoice')!.data.fileName).toBe(`${issued!.number}.pdf`);

    // (b) the reactor handles every event again: same job ids, nothing new, no second email
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          QUEUE_NAMES.map(async (q) => [
            q,
            await queues[q].getJobCountByTypes('completed', 'delayed', 'waiting', 'active', 'failed'),
          ]),
        ),
      );
    await expect
      .poll(async () => await queues['receipt-email'].getJobCountByTypes('completed'), poll)
      .toBe(1);
    const before = await counts();
    // reminders are planned by the sweeper from the log, not by the reactor (issue 26)
    expect(before['reminder-email']).toBe(0);
    expect(before['confirmation-email']).toBe(1);
    // as after a crash between enqueue and checkpoint: a new reactor starts from an older checkpoint
    await stopAll();
    await rewindSubscription(db.sql, REACTOR_NAME);
    await start(prefix);
    await expect
      .poll(async () => (await loadCheckpoint(db.sql, REACTOR_NAME)).globalPosition, poll)
      .toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts()).toEqual(before);
    expect(mailsTo(b.email)).toHaveLength(2);
    await stopAll();
  });

  it('Redis unreachable while 50 bookings commit, then back: 50 confirmations, no duplicates', async () => {
    const { prefix } = testRedis();
    const proxy = await redisProxy(REDIS_URL());
    await start(prefix, { REDIS_URL: proxy.url() });
    await proxy.stop();
    const bookings = [];
    for (let i = 0; i < 50; i++)
      bookings.push(await book(db.sql, cat, `outage-${i}@example.com`, { free: true }));
    await new Promise((r) => setTimeout(r, 1_000));
    const sentToOutage = () => smtp.received.filter((m) => m.to.some((t) => t.startsWith('outage-')));
    expect(sentToOutage()).toHaveLength(0);
    const status = await loadCheckpoint(db.sql, REACTOR_NAME);
    expect(status.globalPosition).toBeLessThan(await maxGlobalPosition(db.sql));

    await proxy.start();
    await expect.poll(() => sentToOutage().length, { ...poll, timeout: 30_000 }).toBe(50);
    await new Promise((r) => setTimeout(r, 500));
    const refs = sentToOutage().map((m) => m.subject);
    expect(new Set(refs).size).toBe(50);
    expect(refs.sort()).toEqual(bookings.map((b) => `Booking ${b.referenceNumber} confirmed for Mei`).sort());
    await stopAll();
    await proxy.stop();
  });

  it('a worker started while Redis is down starts anyway: projections run at once, mail goes out when Redis comes', async () => {
    const { prefix } = testRedis();
    const proxy = await redisProxy(REDIS_URL());
    await proxy.stop();
    await start(prefix, { REDIS_URL: proxy.url() });
    const b = await book(db.sql, cat, 'cold-start@example.com', { free: true });
    // Projections need only Postgres.
    await expect
      .poll(
        async () => (await db.sql`select 1 from orders where registration_id = ${b.registrationId}`).length,
        poll,
      )
      .toBe(1);
    expect(mailsTo('cold-start@example.com')).toHaveLength(0);
    await proxy.start();
    await expect.poll(() => mailsTo('cold-start@example.com').length, { ...poll, timeout: 30_000 }).toBe(1);
    await stopAll();
    await proxy.stop();
  });

  it('a 550 refusal records EmailDeliveryFailed and is not retried', async () => {
    const { prefix } = testRedis();
    await start(prefix);
    const queues = queuesOf(prefix);
    const b = await book(db.sql, cat, 'reject-me@example.com', { free: true });
    await expect
      .poll(() => typesOf(b.registrationId), poll)
      .toContain('EmailDeliveryFailed:worker:confirmation-email');
    // the fact is recorded a moment before BullMQ moves the job to failed: wait for the move
    await expect.poll(async () => (await queues['confirmation-email'].getFailed()).length, poll).toBe(1);
    const [failed] = await queues['confirmation-email'].getFailed();
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toMatch(/550/);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.rcptAttempts.get('reject-me@example.com')).toBe(1);
    const row = (await readOrderTimeline(db.sql, b.registrationId)).find(
      (l) => l.type === 'EmailDeliveryFailed',
    );
    expect(row!.data).toMatchObject({ emailType: 'confirmation', to: 'reject-me@example.com' });
    // issue 24: at rest the address (and the server's text quoting it) is encrypted under the recipient's key
    const [stored] = await db.sql<{ data: string }[]>`
      select data::text as data from events
      where stream_id = ${`registration-${b.registrationId}`} and type = 'EmailDeliveryFailed'`;
    expect(stored!.data).not.toContain('reject-me');
    await stopAll();
  });

  it('SMTP deferring (451) for a while, then accepting: retried with backoff, delivered once, no EmailDeliveryFailed', async () => {
    const { prefix } = testRedis();
    const email = 'deferred@example.com';
    const refusals = 3;
    const backoffMs = 200;
    smtp.defer.set(email, refusals);
    await start(prefix, { JOB_ATTEMPTS: '5', JOB_BACKOFF_MS: String(backoffMs) });
    const queues = queuesOf(prefix);
    const b = await book(db.sql, cat, email, { free: true });

    await expect.poll(() => queues['confirmation-email'].getCompletedCount(), poll).toBe(1);
    await expect
      .poll(() => typesOf(b.registrationId), poll)
      .toContain('ConfirmationEmailSent:worker:confirmation-email');
    const [job] = await queues['confirmation-email'].getCompleted();
    expect(job!.attemptsStarted).toBe(refusals + 1);
    expect(job!.returnvalue).toHaveProperty('messageId');
    expect(smtp.rcptAttempts.get(email)).toBe(refusals + 1);
    // exponential backoff with 50% jitter: retry n waits at least backoffMs * 2^(n-1) / 2 after the
    // refusal, which came after that attempt's RCPT TO
    const times = smtp.rcptTimes.get(email)!;
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toHaveLength(refusals);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual((backoffMs * 2 ** i) / 2);

    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]!.subject).toBe(`Booking ${b.referenceNumber} confirmed for Mei`);
    const types = await typesOf(b.registrationId);
    expect(types.filter((t) => t.startsWith('ConfirmationEmailSent'))).toHaveLength(1);
    expect(types.filter((t) => t.startsWith('EmailDeliveryFailed'))).toEqual([]);
    await stopAll();
  });

  it('a worker process killed (SIGKILL) mid-send: a second worker retries the job and the message arrives (at least once, at most twice)', async () => {
    const { prefix } = testRedis();
    const email = 'killed@example.com';
    // Short BullMQ locks and stalled checks (production: 30 s each), for both workers.
    const locks = { WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000' };
    const main = await buildWorker();
    // This process projects and enqueues only: the job can go to the child alone.
    await start(prefix, { WORKER_ROLES: 'projector,reactor' });
    const queues = queuesOf(prefix);

    // The SMTP server holds its reply to the child's DATA until the child's connection is gone: the
    // job is in flight when the kill comes, and the 250 never reaches the killed worker.
    let inFlight!: (mail: ReceivedMail) => void;
    const dataArrived = new Promise<ReceivedMail>((r) => {
      inFlight = r;
    });
    let connectionGone!: Promise<void>;
    smtp.holdReply = async (mail, gone) => {
      if (!mail.to.includes(email)) return;
      smtp.holdReply = null;
      connectionGone = gone;
      inFlight(mail);
      await gone;
    };
    const doomed = spawnWorker(main, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL(),
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      WORKER_ROLES: 'jobs',
      WORKER_ID: 'doomed',
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      ...locks,
    });
    try {
      const b = await book(db.sql, cat, email, { free: true });
      const held = await within(
        30_000,
        () => `the child worker's DATA at the SMTP server; its output:\n${doomed.output()}`,
        dataArrived,
      );
      const [active] = await queues['confirmation-email'].getActive();
      expect(active?.processedBy).toBe('doomed');
      expect(active?.data.registrationId).toBe(b.registrationId);

      doomed.child.kill('SIGKILL');
      expect(await within(30_000, 'the child worker to die', doomed.exited)).toBe('SIGKILL');
      await within(30_000, "the SMTP server to see the child's connection close", connectionGone);

      // Nothing recorded, nothing acknowledged: the job is still "active" under a lock no one renews.
      expect(await typesOf(b.registrationId)).not.toContain(
        'ConfirmationEmailSent:worker:confirmation-email',
      );
      expect(mailsTo(email)).toHaveLength(0);

      // The second worker's stalled-job check finds the lock lapsed and runs the job again.
      await start(prefix, { WORKER_ROLES: 'jobs', WORKER_ID: 'second', ...locks });
      await expect
        .poll(() => queues['confirmation-email'].getCompletedCount(), { ...poll, timeout: 30_000 })
        .toBe(1);
      const [done] = await queues['confirmation-email'].getCompleted();
      expect(done!.processedBy).toBe('second');
      expect(done!.stalledCounter).toBe(1);
      expect(done!.returnvalue).toHaveProperty('messageId');
      const sent = await countEvents(db.sql, {
        streamId: `registration-${b.registrationId}`,
        type: 'ConfirmationEmailSent',
      });
      expect(sent).toBe(1);
      expect(mailsTo(email)).toHaveLength(1); // acknowledged with 250: the second worker's send
      expect(mailsTo(email)[0]!.subject).toBe(held.subject);

      // At least once, at most twice. The duplicate window: the SMTP server has taken the message
      // (DATA complete, possibly queued for delivery) but the worker dies before it appends
      // ConfirmationEmailSent, here before the 250 even reached it. The retry finds no fact and sends
      // again, and SMTP has no idempotency key to let the server drop the second copy. One crash in
      // that window gives at most one extra copy; the fact, appended after the send that completes
      // the job, stops every later attempt. A crash before DATA completes leaves nothing behind: one
      // copy. This test lands in the window on purpose: the killed worker's body arrived in full, so
      // a real server may deliver both.
      const copies = smtp.arrived.filter((m) => m.to.includes(email));
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(copies.length).toBeLessThanOrEqual(2);
      expect(new Set(copies.map((m) => m.subject))).toEqual(new Set([held.subject]));
    } finally {
      smtp.holdReply = null;
      if (doomed.child.exitCode === null && doomed.child.signalCode === null) doomed.child.kill('SIGKILL');
      await within(30_000, 'the child worker to exit', doomed.exited);
      await stopAll();
    }
  });

  it('two workers at once: every email still sent once', async () => {
    const { prefix } = testRedis();
    await Promise.all([start(prefix, { WORKER_ID: 'one' }), start(prefix, { WORKER_ID: 'two' })]);
    const bookings = await Promise.all(
      Array.from({ length: 12 }, (_, i) => book(db.sql, cat, `pair-${i}@example.com`, { free: true })),
    );
    const sent = () => smtp.received.filter((m) => m.to.some((t) => t.startsWith('pair-')));
    await expect.poll(() => sent().length, poll).toBe(12);
    await new Promise((r) => setTimeout(r, 700));
    expect(sent()).toHaveLength(12);
    expect(new Set(sent().map((m: ReceivedMail) => m.to[0])).size).toBe(12);
    for (const b of bookings) {
      const facts = await countEvents(db.sql, {
        streamId: `registration-${b.registrationId}`,
        type: 'ConfirmationEmailSent',
      });
      expect(facts).toBe(1);
    }
    await stopAll();
  });

  it('confirms a paid partner booking to the partner once, and records a refusal as PartnerConfirmationFailed', async () => {
    const { prefix } = testRedis();
    const partner = createFakePartnerClient();
    await start(prefix, {}, { partner });
    const queues = queuesOf(prefix);
    const code = Object.keys(DEMO_PARTNER_BOOKINGS)[0]!;
    const ok = await book(db.sql, cat, 'partner-ok@example.com', {
      partner: { bookingCode: code, paidCents: 13_952, isPaid: true },
    });
    const refused = await book(db.sql, cat, 'partner-refused@example.com', {
      partner: { bookingCode: 'WCUNKNOWN1', paidCents: 13_952, isPaid: true },
    });
    await expect
      .poll(() => typesOf(ok.registrationId), poll)
      .toContain('PartnerConfirmed:worker:partner-confirmation');
    expect(partner.confirmations).toEqual([
      {
        code,
        referenceNumber: ok.referenceNumber,
        registrationId: String(ok.registrationId),
        paidCents: 13_952,
      },
    ]);
    await expect
      .poll(() => typesOf(refused.registrationId), poll)
      .toContain('PartnerConfirmationFailed:worker:partner-confirmation');
    const [failed] = await queues['partner-confirmation'].getFailed();
    expect(failed?.data.registrationId).toBe(refused.registrationId);
    expect(failed?.attemptsMade).toBe(1);
  });

  it('sends the partner a cancellation notice when a partner booking is cancelled', async () => {
    const { prefix } = testRedis();
    const partner = createFakePartnerClient();
    await start(prefix, {}, { partner });
    const code = Object.keys(DEMO_PARTNER_BOOKINGS)[1]!;
    const b = await book(db.sql, cat, 'partner-cancel@example.com', {
      partner: { bookingCode: code, paidCents: 5_000, isPaid: true },
    });
    await cancel(db.sql, b);
    await expect.poll(() => partner.cancellations.length, poll).toBe(1);
    expect(partner.cancellations).toEqual([
      { code, referenceNumber: b.referenceNumber, registrationId: String(b.registrationId) },
    ]);
  });

  it('on stop (SIGTERM) an active job finishes and records its fact before the worker exits', async () => {
    const { prefix } = testRedis();
    const real = createMailer({ smtpUrl: smtp.url });
    let sending!: () => void;
    const started = new Promise<void>((r) => {
      sending = r;
    });
    const slow = {
      send: async (m: Parameters<typeof real.send>[0]) => {
        sending();
        await new Promise((r) => setTimeout(r, 700));
        return real.send(m);
      },
      close: () => real.close(),
    };
    const w = await start(prefix, {}, { mailer: slow });
    const b = await book(db.sql, cat, 'shutdown@example.com', { free: true });
    await started;
    await w.stop();
    expect(mailsTo(b.email)).toHaveLength(1);
    const sent = await countEvents(db.sql, {
      streamId: `registration-${b.registrationId}`,
      type: 'ConfirmationEmailSent',
    });
    expect(sent).toBe(1);
  });
});
