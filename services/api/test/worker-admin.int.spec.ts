/** Issue 9, api side: template safety at save, the new-tab previews, the admin queue view. */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATE_VARIABLES } from '@hs/domain';
import { EMAIL_TYPES, sampleVariables } from '@hs/notifications';
import { testRedis } from '@hs/testing';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

describe('email templates, previews and the queue view', () => {
  let api: TestApi;
  let outbox: string;
  const redis = testRedis();

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'hs-outbox-'));
    api = await startTestApi({ bullmqPrefix: redis.prefix, mailOutboxDir: outbox, smtpUrl: undefined });
  });
  afterAll(async () => {
    await api.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('refuses templates that reach beyond their variables, at create and at update', async () => {
    for (const configValue of [
      '<%= process.env.JWT_SECRET %>',
      "<%= this.constructor.constructor('return process')().env %>",
    ]) {
      const res = await api.asAdmin({
        method: 'POST',
        url: '/api/admin/email-configs',
        payload: { configKey: 'EMAIL_CONFIRMATION_TEMPLATE', configValue },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/process|this|constructor/i);
    }
    const ok = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/email-configs',
      payload: { configKey: 'EMAIL_CONFIRMATION_TEMPLATE', configValue: '<p>Hello <%= firstName %></p>' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await api.asAdmin({
      method: 'PATCH',
      url: `/api/admin/email-configs/${ok.json().data.id}`,
      payload: { configValue: '<%- require("fs").readFileSync("/etc/passwd") %>' },
    });
    expect(bad.statusCode).toBe(400);
    // not a template key: stored as given
    const plain = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/email-configs',
      payload: { configKey: 'SUPPORT_PHONE', configValue: '<%= 1 %>' },
    });
    expect(plain.statusCode).toBe(201);
  });

  it('serves previews to a bearer admin or a short-lived preview cookie, and to no one else', async () => {
    expect((await api.app.inject({ url: '/api/test-pdf?type=invoice' })).statusCode).toBe(401);
    expect(
      (await api.app.inject({ url: '/api/test-pdf', cookies: { hs_preview: 'forged' } })).statusCode,
    ).toBe(401);
    const session = await api.asAdmin({ method: 'POST', url: '/api/admin/previews/session' });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toEqual({ success: true, data: { expiresIn: 60 } });
    expect(session.body).not.toContain('hs_preview');
    // httpOnly, short-lived, and sent only to the two preview paths (no Secure over plain http)
    const cookies = session.cookies as Array<{ name: string; value: string } & Record<string, unknown>>;
    expect(cookies.map((c) => [c.name, c.path]).sort()).toEqual([
      ['hs_preview', '/api/test-email'],
      ['hs_preview', '/api/test-pdf'],
    ]);
    for (const c of cookies) {
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 60 });
      expect(c.secure).toBeFalsy();
    }
    const value = cookies[0]!.value;

    const pdf = await api.app.inject({ url: '/api/test-pdf?type=invoice', cookies: { hs_preview: value } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.asAdmin({ url: '/api/test-pdf' })).statusCode).toBe(200);

    const html = await api.app.inject({
      url: '/api/test-email?type=confirmation&render=1',
      cookies: { hs_preview: value },
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Hello Tan'); // the template saved in the previous test

    // The credential is not accepted in the URL (it would end up in logs and browser history).
    expect((await api.app.inject({ url: `/api/test-pdf?token=${value}` })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: '/api/admin/previews/token' })).statusCode).toBe(404);

    // the preview credential is not an admin token
    const asBearer = await api.app.inject({
      url: '/api/admin/email-configs',
      headers: { authorization: `Bearer ${value}` },
    });
    expect(asBearer.statusCode).toBe(403);
    // and it expires with the cookie
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await api.app.inject({ url: '/api/test-pdf', cookies: { hs_preview: value } });
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe('The preview has expired. Open it again from the admin page.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a preview cookie stops at once when its admin is deactivated or demoted, like a bearer token (issue 23)', async () => {
    await createUser(api.db.sql, { username: 'previewer', password: 'previewer password 1', role: 'admin' });
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'previewer', password: 'previewer password 1' },
    });
    const cookieOf = async () => {
      const session = await api.app.inject({
        method: 'POST',
        url: '/api/admin/previews/session',
        headers: { authorization: `Bearer ${login.json().data.token}` },
      });
      expect(session.statusCode, session.body).toBe(200);
      return (session.cookies as { value: string }[])[0]!.value;
    };
    const preview = (value: string) =>
      api.app.inject({ url: '/api/test-pdf', cookies: { hs_preview: value } });
    const [row] = await api.db.sql<{ id: number }[]>`select id from users where username = 'previewer'`;
    const id = row!.id;
    const value = await cookieOf();
    expect((await preview(value)).statusCode).toBe(200);

    await api.asAdmin({ method: 'PUT', url: `/api/admin/users/${id}`, payload: { role: 'finance' } });
    const demoted = await preview(value);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toBe('The finance role does not allow this');

    await api.asAdmin({ method: 'PUT', url: `/api/admin/users/${id}`, payload: { role: 'admin' } });
    expect((await preview(value)).statusCode).toBe(200);
    await api.asAdmin({ method: 'PUT', url: `/api/admin/users/${id}`, payload: { active: false } });
    const deactivated = await preview(value);
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json().message).toBe('This account has been deactivated');
  });

  it('marks the preview cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const behindTls = await startTestApi({ trustProxy: true });
    try {
      const session = await behindTls.asAdmin({
        method: 'POST',
        url: '/api/admin/previews/session',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(session.statusCode, session.body).toBe(200);
      for (const c of session.cookies as Array<Record<string, unknown>>) expect(c.secure).toBe(true);
    } finally {
      await behindTls.close();
    }
  });

  it('sends a test email with sample data (to the .eml outbox without SMTP_URL)', async () => {
    const res = await api.asAdmin({ url: '/api/test-email?type=receipt&email=ops%40example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Test receipt email sent to ops@example.com' });
    expect((await readdir(outbox)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect((await api.asAdmin({ url: '/api/test-email?type=receipt' })).statusCode).toBe(400);
    // An unknown type: one error naming the types, not one "must be equal to constant" per type.
    const bogus = await api.asAdmin({ url: '/api/test-email?type=bogus&email=ops%40example.com' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().errors).toEqual([
      { field: 'type', message: expect.stringMatching(/^must be one of: confirmation, .*receipt/) },
    ]);
    expect(bogus.json().message).toBe(`Invalid querystring: type ${bogus.json().errors[0].message}`);
  });

  it('previews every email type with sample data and no recipient (render=1), issue 45', async () => {
    const session = await api.asAdmin({ method: 'POST', url: '/api/admin/previews/session' });
    const cookie = (session.cookies as Array<{ name: string; value: string }>).find(
      (c) => c.name === 'hs_preview',
    )!.value;
    const before = (await readdir(outbox)).length;
    // What each type's preview shows of its own sample data (besides the name every email greets).
    const own: Partial<Record<(typeof EMAIL_TYPES)[number], string[]>> = {
      // issue 46: the reminder names its day (any reminder's offset), in the branded layout
      reminder: ['This is a reminder of your health screening appointment on', 'Saturday, 7 June 2025'],
      cancellation: ['has been cancelled'],
      receipt: ['TXN-SAMPLE-0001', 'S$465.98'],
      invoice: ['HS-2025-000123', 'Welcome 10% off'],
      expiry: [
        '7 May 2025, 2:45 PM',
        'https://healthscreening.example.sg/events/community-health-screening-2025',
      ],
      refund: ['S$100.00', 'HS-CN-2025-000045', 'S$8.26', 'One attendee can no longer come'],
      rescheduled: ['Friday, 6 June 2025', '2:00 PM - 3:00 PM', 'Saturday, 7 June 2025'],
      waitlist_joined: [
        'position <strong>3</strong>',
        'https://healthscreening.example.sg/waitlist/sample-token',
      ],
      waitlist_offer: ['6 June 2025, 4:00 PM', 'https://healthscreening.example.sg/waitlist/sample-token'],
      waitlist_expired: ['Saturday, 7 June 2025', 'https://healthscreening.example.sg/waitlist/sample-token'],
      waitlist_left: ['no longer on the waiting list'],
    };
    for (const type of EMAIL_TYPES) {
      for (const auth of ['bearer', 'cookie'] as const) {
        const url = `/api/test-email?type=${type}&render=1`;
        const res =
          auth === 'bearer'
            ? await api.asAdmin({ url })
            : await api.app.inject({ url, cookies: { hs_preview: cookie } });
        expect(res.statusCode, `${type} (${auth}): ${res.body}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-store');
        const html = res.body;
        expect(html, type).toMatch(/^<!doctype html>/i);
        expect(html, type).toContain('Tan');
        for (const text of own[type] ?? []) expect(html, `${type}: ${text}`).toContain(text);
        // nothing left unrendered, nothing empty where a value goes
        expect(html, type).not.toMatch(/\{\{|\}\}|<%|%>/);
        expect(html, type).not.toMatch(/undefined|null|\[object Object\]|NaN/);
        expect(html, type).not.toMatch(/<td[^>]*>\s*(<strong>\s*<\/strong>)?\s*<\/td>|\(\s*\)/);
      }
      // the sample a template of this type sees: every variable has a value (cancelledAt only once cancelled)
      const vars = sampleVariables(type) as Record<string, unknown>;
      for (const { name, kind } of TEMPLATE_VARIABLES) {
        if (name === 'cancelledAt' && type !== 'cancellation') continue;
        if (kind === 'list') expect((vars[name] as unknown[]).length, `${type}: ${name}`).toBeGreaterThan(0);
        else expect(vars[name], `${type}: ${name}`).toEqual(expect.stringMatching(/\S/));
      }
    }
    expect(sampleVariables('cancellation')).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
    });
    // a preview sends nothing
    expect((await readdir(outbox)).length).toBe(before);

    // a recipient given to a preview is shown, not mailed; a bad one is still refused
    const withEmail = await api.asAdmin({
      url: '/api/test-email?type=refund&render=1&email=ops%40example.com',
    });
    expect(withEmail.statusCode).toBe(200);
    expect((await readdir(outbox)).length).toBe(before);
    expect((await api.asAdmin({ url: '/api/test-email?type=refund&render=1&email=' })).statusCode).toBe(200);
    const badEmail = await api.asAdmin({ url: '/api/test-email?type=refund&render=1&email=nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ success: false, message: 'Please enter a valid email address' });

    // an unknown or empty type: 400 naming the types, never a 500
    for (const type of ['bogus', '', 'CONFIRMATION', 'waitlist', '__proto__']) {
      const res = await api.asAdmin({ url: `/api/test-email?type=${encodeURIComponent(type)}&render=1` });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors).toEqual([
        { field: 'type', message: expect.stringContaining(EMAIL_TYPES.join(', ')) },
      ]);
    }
    // no type: the confirmation
    expect((await api.asAdmin({ url: '/api/test-email?render=1' })).statusCode).toBe(200);
    // not a preview and no recipient: refused in words
    const noTo = await api.asAdmin({ url: '/api/test-email?type=reminder&render=0' });
    expect(noTo.statusCode).toBe(400);
    expect(noTo.json().message).toBe('Give an email address to send the test email to');
    expect((await api.asAdmin({ url: '/api/test-email?type=receipt&email=' })).statusCode).toBe(400);
  });

  it("keeps the spec's contract (email + confirmation, invoice or receipt sends) and sends every other type", async () => {
    const emls = async () => (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
    for (const type of ['confirmation', 'invoice', 'receipt']) {
      const before = await emls();
      const res = await api.asAdmin({ url: `/api/test-email?email=ops%40example.com&type=${type}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Test ${type} email sent to ops@example.com` });
      const added = (await emls()).filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      const eml = await readFile(path.join(outbox, added[0]!), 'utf8');
      expect(eml).toMatch(/^To: ops@example\.com/m);
      expect(eml).toContain(`sample-${type}.pdf`);
    }
    for (const type of EMAIL_TYPES.filter((t) => !['confirmation', 'invoice', 'receipt'].includes(t))) {
      const before = await emls();
      const res = await api.asAdmin({ url: `/api/test-email?email=ops%40example.com&type=${type}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Test ${type} email sent to ops@example.com` });
      const added = (await emls()).filter((f) => !before.includes(f));
      expect(added, type).toHaveLength(1);
      const eml = await readFile(path.join(outbox, added[0]!), 'utf8');
      if (type === 'refund') expect(eml).toContain('sample-credit-note.pdf');
      else expect(eml, type).not.toContain('.pdf');
    }
  });

  it('shows queue counts and failed jobs, and retries a failed job', async () => {
    const connection = { url: process.env.HS_TEST_REDIS_URL! } as never;
    const queue = new Queue('partner-confirmation', { connection, prefix: redis.prefix });
    await queue.add('confirm-partner', { registrationId: 7, causeEventId: 'e1' }, { jobId: 'job-7' });
    const worker = new Worker(
      'partner-confirmation',
      async () => {
        throw new UnrecoverableError('Partner refused the request (HTTP 404)');
      },
      { connection, prefix: redis.prefix },
    );
    await expect.poll(() => queue.getFailedCount(), { timeout: 5000 }).toBe(1);
    await worker.close();

    const res = await api.asAdmin({ url: '/api/admin/queues' });
    expect(res.statusCode, res.body).toBe(200);
    const partner = res.json().data.queues.find((q: { name: string }) => q.name === 'partner-confirmation');
    expect(partner.counts).toMatchObject({ failed: 1, waiting: 0 });
    expect(partner.failedJobs[0]).toMatchObject({
      id: 'job-7',
      failedReason: 'Partner refused the request (HTTP 404)',
    });
    expect(res.json().data.subscriptions).toBeInstanceOf(Array);

    const retry = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/queues/partner-confirmation/jobs/job-7/retry',
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await queue.getJobCounts('failed', 'waiting')).toEqual({ failed: 0, waiting: 1 });
    const again = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/queues/partner-confirmation/jobs/job-7/retry',
    });
    expect(again.statusCode).toBe(409);
    const missing = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/queues/partner-confirmation/jobs/nope/retry',
    });
    expect(missing.statusCode).toBe(404);
    expect((await api.app.inject({ url: '/api/admin/queues' })).statusCode).toBe(401);
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('documents the calls in OpenAPI', async () => {
    const doc = (await api.app.inject({ url: '/api/docs/json' })).json();
    for (const p of [
      '/api/test-email',
      '/api/test-pdf',
      '/api/admin/previews/session',
      '/api/admin/queues',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect(doc.paths['/api/test-pdf'].get.tags).toEqual(['admin']);
    const testEmail = doc.paths['/api/test-email'].get;
    expect(testEmail.summary).toMatch(/no recipient needed/);
    expect(testEmail.description).toMatch(/render=1.*`email` is optional/s);
    expect(testEmail.description).toContain(EMAIL_TYPES.join(', '));
    expect(testEmail.description).toMatch(/preview cookie/);
    expect(testEmail.security).toContainEqual({ previewCookie: [] });
    const type = testEmail.parameters.find((p: { name: string }) => p.name === 'type');
    expect(type.schema.anyOf.map((s: { const?: string; enum?: string[] }) => s.const ?? s.enum?.[0])).toEqual(
      [...EMAIL_TYPES],
    );
    expect(doc.paths['/api/test-pdf'].get.security).toContainEqual({ previewCookie: [] });
    expect(doc.components.securitySchemes.previewCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'hs_preview',
    });
    expect(doc.paths['/api/admin/previews/session'].post.tags).toEqual(['admin']);
    expect(doc.paths['/api/admin/queues/{queue}/jobs/{id}/retry'].post.tags).toEqual(['admin']);
  });

  it('answers 503 at once when Redis is down', async () => {
    const down = await startTestApi({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const res = await down.asAdmin({ url: '/api/admin/queues' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/Redis/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await down.close();
    }
  });
});
