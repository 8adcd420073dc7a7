import { Writable } from 'node:stream';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, testApiConfig } from '../src';

describe('api foundation', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await testDatabase();
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(
      testApiConfig(
        { logLevel: 'info' },
        { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! },
      ),
      { sql: db.sql, logStream },
    );
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    app.post('/api/test/echo', async (req) => ({ success: true, data: req.body }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', postgres: { ok: true }, redis: { ok: true } });
  });

  it('hides the details of a 5xx but logs them', async () => {
    const res = await app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Internal server error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(logs.join('')).toContain('secret internal detail');
  });

  it('logs a staff invite or waiting-list link without its token (issue 23)', async () => {
    const secret = 'Fj32lKvNdQ30OZ6BsS1aRxLq6zOvZv69m4_XoXD42P8';
    const before = logs.length;
    await app.inject(`/api/staff-invites/${secret}`);
    await app.inject({ method: 'POST', url: `/api/staff-invites/${secret}`, payload: { password: 'x' } });
    await app.inject(`/api/waitlist/${secret}?x=1`);
    const lines = logs.slice(before).join('');
    expect(lines).toContain('"url":"/api/staff-invites/[redacted]"');
    expect(lines).toContain('"url":"/api/waitlist/[redacted]?x=1"');
    expect(lines).not.toContain(secret);
  });

  it('censors personal data in log lines and child loggers', async () => {
    const before = logs.length;
    app.log.warn({ order: { email: 'tan@example.sg', id: 1 }, identificationNumber: 'S1234567A' }, 'line');
    app.log
      .child({ mobileNumber: '91234567' })
      .warn({ participants: [{ dateOfBirth: '1980-01-01' }] }, 'child');
    const lines = logs.slice(before).join('');
    expect(lines).toContain('"email":"[redacted]"');
    expect(lines).toContain('"id":1');
    for (const secret of ['tan@example.sg', 'S1234567A', '91234567', '1980-01-01']) {
      expect(lines).not.toContain(secret);
    }
  });

  it('answers unknown api paths with a JSON 404', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /api/nope not found' });
  });

  it('answers malformed JSON with a 400 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(/JSON/i);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('Health Screening Booking API');
    const adminPaths = Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[]; security?: unknown }>>,
    ).filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login');
    expect(adminPaths.length).toBeGreaterThan(15);
    for (const [path, ops] of adminPaths) {
      for (const op of Object.values(ops)) {
        expect(op.tags, path).toContain('admin');
        expect(op.security, path).toEqual([{ bearerAuth: [] }]);
      }
    }
  });

  it('sends security headers and no x-powered-by', async () => {
    const res = await app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
