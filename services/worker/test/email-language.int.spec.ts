/**
 * Issue 26: a booking made in Chinese gets its confirmation email in Chinese; one without a language
 * (or in English) gets the English email configs.
 */
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, type TestSmtp, book, pay, seedCatalogue, startSmtp } from './helpers';

describe('worker: emails in the booking language', () => {
  let db: TestDatabase;
  let smtp: TestSmtp;
  let cat: Catalogue;
  const running: RunningWorker[] = [];
  const poll = { timeout: 15_000, interval: 50 };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

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

  it('a zh booking gets its confirmation in Chinese, an English one in English', async () => {
    const zh = await book(db.sql, cat, 'zh@example.com', { language: 'zh' });
    const en = await book(db.sql, cat, 'en@example.com');
    await pay(db.sql, zh, 13_952, 'TXN-ZH-1');
    await pay(db.sql, en, 13_952, 'TXN-EN-1');

    const confirmationOf = (email: string) =>
      mailsTo(email).find((m) => m.subject.includes('确') || m.subject.startsWith('Your health screening'));
    await expect.poll(() => confirmationOf('zh@example.com') !== undefined, poll).toBe(true);
    await expect.poll(() => confirmationOf('en@example.com') !== undefined, poll).toBe(true);

    const chinese = confirmationOf('zh@example.com')!;
    // a long non-ASCII subject travels as several encoded words; the test server joins them with a space
    expect(chinese.subject.replace(/\s+/g, '')).toBe(`您的健康检查预约已确认：${zh.referenceNumber}`);
    expect(chinese.text.replace(/\s+/g, '')).toContain('您的健康检查预约已确认。');
    expect(chinese.html).toContain('<html lang="zh-SG">');

    const english = confirmationOf('en@example.com')!;
    expect(english.subject).toBe(`Your health screening is confirmed: ${en.referenceNumber}`);
    expect(english.text).toContain('Your health screening appointment is confirmed.');
  });
});
