/**
 * Issue 26: a booking made in Chinese gets its confirmation email in Chinese; one without a language
 * (or in English) gets the English email configs.
 */
import { type TestDatabase, testDatabase, testRedis } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, readWorkerConfig, startWorker } from '../src';
import { type Catalogue, type TestSmtp, book, pay, pdfText, seedCatalogue, startSmtp } from './helpers';

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

  it("issue 46: a zh booking's payment email is in Chinese and carries its tax invoice by its real number; each email carries what its purpose needs", async () => {
    const b = await book(db.sql, cat, 'zh-pay@example.com', {
      language: 'zh',
      contact: { firstName: 'Ah Kow', lastName: 'Lee' },
    });
    await pay(db.sql, b, 13_952, 'TXN-ZH-PAY-1');
    await expect.poll(() => mailsTo('zh-pay@example.com').length, poll).toBe(2);
    const [issued] = await db.sql<{ number: string }[]>`
      select number from invoices where registration_id = ${b.registrationId} and kind = 'invoice'`;
    expect(issued!.number).toMatch(/^HS-\d{4}-\d{6}$/);
    const flat = (s: string) => s.replace(/\s+/g, '');

    const payment = mailsTo('zh-pay@example.com').find((m) => flat(m.subject).includes('付款'))!;
    expect(flat(payment.subject)).toBe(
      flat(`已收到 ${b.referenceNumber} 的付款：税务发票 ${issued!.number}`),
    );
    expect(payment.html).toContain('<html lang="zh-SG">');
    expect(flat(payment.text)).toContain(flat(`您的税务发票 ${issued!.number} 已作为 PDF 附上。`));
    expect(flat(payment.text)).toContain('LeeAhKow，您好');
    expect(payment.text).toContain('Lee Ah Kow，您好');
    expect(payment.text).not.toContain('LeeAh Kow');
    // the date in Chinese, the one format: 2026年12月2日 星期三
    expect(payment.text).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 星期./);
    expect(payment.text).not.toMatch(/Dear|attached|Reference number/);
    expect(payment.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${issued!.number}.pdf`, 'application/pdf'],
    ]);
    expect(await pdfText(payment.attachments[0]!.content)).toContain(issued!.number);

    const confirmation = mailsTo('zh-pay@example.com').find((m) => m !== payment)!;
    expect(flat(confirmation.subject)).toBe(flat(`您的健康检查预约已确认：${b.referenceNumber}`));
    expect(confirmation.html).toContain('您的签到码');
    expect(confirmation.attachments.map((a) => a.filename).sort()).toEqual(
      ['appointment.ics', 'check-in-qr.png', `confirmation-${b.referenceNumber}.pdf`].sort(),
    );
    // the manage link, as a button
    expect(confirmation.html).toMatch(
      /<a href="[^"]*\/manage-appointment\?ref=[^"]+"[^>]*>管理我的预约<\/a>/,
    );
  });

  it("issue 46: names the event and package as staff translated them for the booking's language", async () => {
    await db.sql`update screening_events
      set translations = ${db.sql.json({ zh: { name: '社区健康检查' } } as never)} where id = ${cat.eventId}`;
    await db.sql`
      insert into packages (id, name, price, translations) overriding system value
      values (1, 'Basic Health', 128, ${db.sql.json({ zh: { name: '基本健康检查' } } as never)})
      on conflict (id) do update set translations = excluded.translations`;
    const zh = await book(db.sql, cat, 'zh-names@example.com', { language: 'zh' });
    const en = await book(db.sql, cat, 'en-names@example.com');
    await pay(db.sql, zh, 13_952, 'TXN-ZH-NAMES');
    await pay(db.sql, en, 13_952, 'TXN-EN-NAMES');
    const confirmation = (email: string) =>
      mailsTo(email).find((m) => m.attachments.some((a) => a.filename === 'appointment.ics'));
    await expect.poll(() => confirmation('zh-names@example.com') !== undefined, poll).toBe(true);
    await expect.poll(() => confirmation('en-names@example.com') !== undefined, poll).toBe(true);
    const chinese = confirmation('zh-names@example.com')!.text;
    expect(chinese).toContain('社区健康检查');
    expect(chinese).toContain('基本健康检查');
    expect(chinese).not.toContain('Community Health Screening');
    const english = confirmation('en-names@example.com')!.text;
    expect(english).toContain('Community Health Screening');
    expect(english).not.toContain('社区健康检查');
  });
});
