/**
 * Issue 24: the address an email went to (the *EmailSent facts) and the customer on the issued invoice
 * (InvoiceIssued on the invoice sequence) are encrypted in the event log under the primary
 * participant's data key: read back through the codec before erasure, '' after it, never clear at rest.
 */
import { erasePersonalData } from '@hs/commands';
import { readStream } from '@hs/eventstore';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, type TestSmtp, book, pay, seedCatalogue, startSmtp } from './helpers';

describe('worker: email addresses and invoice customers at rest', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const poll = { timeout: 15_000, interval: 50 };
  const EMAIL = `ursula.at-rest.${Date.now()}@example.com`;

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 3);
    const { prefix } = testRedis();
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.HS_TEST_REDIS_URL!,
      BULLMQ_PREFIX: prefix,
      SMTP_URL: smtp.url,
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      WORKER_SHUTDOWN_GRACE_MS: '2000',
    });
    running.push(await startWorker(config, { reactorRetryMaxMs: 500 }));
  });
  afterAll(async () => {
    for (const w of running.splice(0)) await w.stop();
    await smtp.close();
    await db.drop();
  });

  const eventsText = async () =>
    (await db.sql<{ t: string }[]>`select coalesce(string_agg(data::text, ' '), '') as t from events`)[0]!.t;

  it('the log keeps the address and the invoiced customer encrypted; erasure leaves them empty', async () => {
    const order = await book(db.sql, cat, EMAIL);
    await pay(db.sql, order, 13_952, 'TXN-AT-REST-1');
    const stream = `registration-${order.registrationId}`;
    const sentTypes = ['ConfirmationEmailSent', 'ReceiptEmailSent'];
    // both emails recorded (the confirmation issues the invoice first)
    await expect
      .poll(async () => {
        const types = (await readStream(db.sql, stream)).map((e) => e.type);
        return sentTypes.every((t) => types.includes(t)) && types.includes('DocumentIssued');
      }, poll)
      .toBe(true);
    expect(smtp.received.some((m) => m.to.includes(EMAIL))).toBe(true);

    // read through the codec, as the worker and the api do
    const sent = (await readStream(db.sql, stream)).filter((e) => sentTypes.includes(e.type));
    for (const e of sent) expect((e.data as { to: string }).to).toBe(EMAIL);
    const [invoiceEvent] = await db.sql<{ stream_id: string }[]>`
      select stream_id from events where type = 'InvoiceIssued'`;
    const issued = (await readStream(db.sql, invoiceEvent!.stream_id)).find(
      (e) => e.type === 'InvoiceIssued',
    )!;
    const snapshot = issued.data as {
      customer: { name: string; address: string };
      lines: { person: string }[];
    };
    expect(snapshot.customer.name).toBe(`Mei Ling ${order.registrationId}`);
    expect(snapshot.customer.address).toContain('1 Orchard Road');
    expect(snapshot.lines[0]!.person).toBe(`Mei Ling ${order.registrationId}`);

    // at rest: none of it in clear
    const atRest = await eventsText();
    for (const value of [EMAIL, `Ling ${order.registrationId}`, '1 Orchard Road']) {
      expect(atRest).not.toContain(value);
    }

    await erasePersonalData(db.sql, order.registrationId, { actor: 'test', username: 'admin' }, 'request');
    const after = (await readStream(db.sql, stream)).filter((e) => sentTypes.includes(e.type));
    expect(after.map((e) => (e.data as { to: string }).to)).toEqual(sent.map(() => ''));
    const erased = (await readStream(db.sql, invoiceEvent!.stream_id)).find(
      (e) => e.type === 'InvoiceIssued',
    )!;
    const gone = erased.data as { customer: { name: string; address: string }; lines: { person: string }[] };
    expect(gone.customer).toEqual({ name: '', address: '' });
    expect(gone.lines[0]!.person).toBe('');
    expect(await eventsText()).not.toContain(EMAIL);
  });
});
