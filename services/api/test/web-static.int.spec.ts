import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, testApiConfig } from '../src';

describe('the built web app', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'hs-web-'));
  const js = `export const page = ${JSON.stringify('x'.repeat(5000))};\n`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));
    db = await testDatabase();
    app = await buildApp(
      testApiConfig({ webDist: dist }, { DATABASE_URL: db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! }),
      { sql: db.sql },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the pre-compressed asset the browser accepts, and the plain one otherwise, cached for good', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers index.html for client routes and a JSON 404 for a missing asset', async () => {
    const page = await app.inject({ url: '/events/some-event' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
    // issue 46: a path the app has no page for is still the app (its not-found page), with status 404
    for (const url of ['/no-such-page', '/events', '/admin/nope', '/booking/confirmation']) {
      const unknown = await app.inject({ url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.body, url).toContain('id="root"');
    }
    for (const url of ['/', '/admin/', '/booking/confirmation/HS2611-0101-1234?lang=zh', '/wc']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
    const missing = await app.inject({ url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Asset not found' });
  });
});
