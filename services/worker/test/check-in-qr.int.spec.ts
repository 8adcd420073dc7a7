/**
 * The check-in QR round trip (issue 23): the worker's real confirmation email and its PDF carry a
 * QR code; a decoder in the test reads it back from both, the front desk's check-in command takes it,
 * and a second scan records nothing and names the first check-in's time and staff member.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkIn, registrationOfCode, singaporeClock } from '@hs/commands';
import { singaporeInstant } from '@hs/domain';
import { countEvents } from '@hs/eventstore';
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, type TestSmtp, book, pay, seedCatalogue, startSmtp } from './helpers';

/** The text of the first QR code in a PNG image. */
function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The QR code on a PDF's first page, rasterized by poppler's pdftoppm. */
async function decodePdf(pdf: Buffer): Promise<string | null> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hs-qr-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    await promisify(execFile)('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', 'doc.pdf', 'page'], {
      cwd: dir,
    });
    return decodePng(await readFile(path.join(dir, 'page-1.png')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('check-in QR round trip', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  let worker: RunningWorker;

  beforeAll(async () => {
    db = await testDatabase();
    smtp = await startSmtp();
    cat = await seedCatalogue(db.sql, 0);
    const config = readWorkerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.HS_TEST_REDIS_URL!,
      BULLMQ_PREFIX: testRedis().prefix,
      SMTP_URL: smtp.url,
      JOB_ATTEMPTS: '3',
      JOB_BACKOFF_MS: '100',
      WORKER_SHUTDOWN_GRACE_MS: '2000',
    });
    worker = await startWorker(config, { reactorRetryMaxMs: 500 });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp.close();
    await db.drop();
  });

  it('decodes the code from the email and the PDF, checks the party in once, and a second scan names the first', async () => {
    const b = await book(db.sql, cat, 'qr@example.com');
    await pay(db.sql, b, 13_952, 'TXN-QR-1');
    // the confirmation is the email with the inline QR image (the receipt has none)
    const confirmationOf = () =>
      smtp.received.find(
        (m) => m.to.includes(b.email) && m.attachments.some((a) => a.contentType === 'image/png'),
      );
    await expect.poll(confirmationOf, { timeout: 15_000, interval: 50 }).toBeDefined();
    const confirmation = confirmationOf()!;

    const image = confirmation.attachments.find((a) => a.contentType === 'image/png')!;
    const pdf = confirmation.attachments.find((a) => a.contentType === 'application/pdf')!;
    const fromEmail = decodePng(image.content);
    const fromPdf = await decodePdf(pdf.content);
    expect(fromEmail).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fromPdf).toBe(fromEmail);
    // opaque: nothing of the order in the code
    expect(fromEmail).not.toContain(b.referenceNumber);
    expect(fromEmail).not.toContain('S1234567D');

    const registrationId = await registrationOfCode(db.sql, fromEmail!);
    expect(registrationId).toBe(b.registrationId);
    const onTheDay = singaporeInstant(cat.day, '09:02');
    const first = await checkIn(
      db.sql,
      registrationId,
      undefined,
      { username: 'desk1', actor: 'admin:desk1' },
      onTheDay,
      'Paid by the employer',
    );
    expect(first.alreadyCheckedIn).toBe(false);
    expect(first.message).toBe('Checked in 1 person');
    expect(Object.values(first.state.checkIns)).toEqual([{ at: onTheDay.toISOString(), by: 'desk1' }]);

    const again = await checkIn(
      db.sql,
      await registrationOfCode(db.sql, fromPdf!),
      undefined,
      { username: 'desk2', actor: 'admin:desk2' },
      new Date(onTheDay.getTime() + 60_000),
    );
    expect(again.alreadyCheckedIn).toBe(true);
    expect(again.message).toBe(`Already checked in at ${singaporeClock(onTheDay.toISOString())} by desk1`);
    expect(again.message).toBe('Already checked in at 09:02 by desk1');
    expect(
      await countEvents(db.sql, {
        streamId: `registration-${b.registrationId}`,
        type: 'ParticipantsCheckedIn',
      }),
    ).toBe(1);
  });
});
