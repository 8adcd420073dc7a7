import { Writable } from 'node:stream';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, testApiConfig } from '../src';
import { createUser } from '../src/auth/users';

describe('security of the public surface', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await testDatabase();
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(
      testApiConfig(
        { logLevel: 'debug' },
        { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! },
      ),
      { sql: db.sql, logStream },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('rate-limits discount code guessing with Retry-After', async () => {
    let last = await app.inject({
      method: 'POST',
      url: '/api/discounts/validate',
      payload: { code: 'GUESS0', subtotal: 100 },
    });
    for (let i = 1; i <= 25 && last.statusCode !== 429; i++) {
      last = await app.inject({
        method: 'POST',
        url: '/api/discounts/validate',
        payload: { code: `GUESS${i}`, subtotal: 100 },
      });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().success).toBe(false);
  });

  it('rate-limits reference lookups', async () => {
    let last = await app.inject({
      url: '/api/registrations/lookup/HS0000-0000-0000',
      remoteAddress: '10.9.9.9',
    });
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await app.inject({
        url: `/api/registrations/lookup/HS0000-0000-${String(i).padStart(4, '0')}`,
        remoteAddress: '10.9.9.9',
      });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('keeps identification numbers, dates of birth, passwords and tokens out of the logs', async () => {
    await createUser(db.sql, { username: 'sec-admin', password: 'Sup3r-Secret-Pass' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'sec-admin', password: 'Sup3r-Secret-Pass' },
    });
    const token = login.json().data.token as string;
    await app.inject({ url: '/api/admin/user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({
      method: 'POST',
      url: '/api/verify-aia-healthshield',
      payload: { identificationNumber: 'S8012345J', dateOfBirth: '1980-05-14' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        eventId: 1,
        packageId: 1,
        timeslotId: 1,
        firstName: 'Log',
        lastName: 'Scan',
        email: 'scan@example.com',
        mobileNumber: '91234567',
        gender: 'male',
        identificationNumber: 'S9876543C',
        dateOfBirth: '1977-07-07',
        postalCode: '530001',
        address: 'x',
      },
    });
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of ['S8012345J', 'S9876543C', '1980-05-14', '1977-07-07', 'Sup3r-Secret-Pass', token]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('sends no x-powered-by and a restrictive CSP that admits the card drop-in', async () => {
    const res = await app.inject('/api/events');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.braintreegateway.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // helmet's whole set, on answers and on errors alike.
    for (const answer of [res, await app.inject('/api/no-such-route')]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('keeps CORS closed by default: no allow-origin for a foreign origin, preflight refused', async () => {
    const res = await app.inject({ url: '/api/events', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/registrations',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('opens CORS only to the configured origins', async () => {
    const open = await buildApp(
      testApiConfig(
        { corsOrigins: ['https://partner.example'] },
        { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! },
      ),
      { sql: db.sql },
    );
    try {
      const preflight = await open.inject({
        method: 'OPTIONS',
        url: '/api/registrations',
        headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
      const foreign = await open.inject({ url: '/api/events', headers: { origin: 'https://evil.example' } });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('sends HSTS only on answers to requests that came over TLS (behind a trusted proxy)', async () => {
    expect((await app.inject('/api/events')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildApp(
      testApiConfig(
        { trustProxy: true },
        { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! },
      ),
      { sql: db.sql },
    );
    try {
      const tls = await proxied.inject({ url: '/api/events', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ url: '/api/events', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
