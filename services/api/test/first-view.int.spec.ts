import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type TestDatabase, testDatabase } from '@hs/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, testApiConfig } from '../src';
import { firstViewReads, scriptJson, withFirstView } from '../src/plugins/app/first-view';

const TEMPLATE =
  '<!doctype html><html><head><title>Health Screening Appointments</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/main-2.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-3.js">\n' +
  '  </head><body><div id="root"></div></body></html>';

describe('the first view (issue 50)', () => {
  it('puts the page and its answers in index.html, the answers escaped for a script element', () => {
    const data = { '/api/events': { name: '</script><script>alert(1)</script>\u2028&\u2029<!--' } };
    const page = withFirstView(TEMPLATE, '<title>Events | Health Screening</title><main>list</main>', data);
    expect(page).toContain('<title>Events | Health Screening</title>');
    // the app's files are asked for once the page is painted (web/src/boot.ts), not beside the page
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head>');
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain('Health Screening Appointments');
    expect(page).toContain('<div id="root" inert><main>list</main></div><script id="hs-first-data"');
    const json = /<script id="hs-first-data" type="application\/json">(.*)<\/script>/.exec(page)?.[1] ?? '';
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
    expect(scriptJson('$&$1')).toBe('"$\\u0026$1"');
  });

  it('reads what each public page first renders', () => {
    expect(firstViewReads('/')).toEqual(['/api/events', '/api/company-contact']);
    expect(firstViewReads('/events/a%20b')).toEqual(['/api/events/a%20b', '/api/company-contact']);
    expect(firstViewReads('/cancel-appointment')).toEqual(['/api/company-contact']);
    expect(firstViewReads('/events/%E0%A4%A')).toBeUndefined();
    expect(firstViewReads('/privacy')).toBeUndefined();
  });

  describe('served by the api', () => {
    let db: TestDatabase;
    let app: FastifyInstance;
    const dist = mkdtempSync(join(tmpdir(), 'hs-first-view-'));

    beforeAll(async () => {
      mkdirSync(join(dist, '.ssr'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), TEMPLATE);
      // stands in for the web build's server module: shows what it was given, fails on request
      writeFileSync(
        join(dist, '.ssr', 'first-view.js'),
        `export async function renderFirstView(path, fallback) {
          if (path === '/cancel-appointment') throw new Error('cannot render');
          return '<title>' + path + '</title><main data-keys="' + Object.keys(fallback).join(' ') + '">' + path + '</main>';
        }\n`,
      );
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

    it('renders `/` from the event list the api answers, compressed as the browser accepts', async () => {
      const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(res.rawPayload).toString();
      expect(html).toContain('<title>/</title>');
      expect(html).toMatch(/<main data-keys="\/api\/events[^"]*">\/<\/main>/);
      const json = /<script id="hs-first-data" type="application\/json">(.*)<\/script>/.exec(html)?.[1];
      const events = await app.inject({ url: '/api/events' });
      expect(JSON.parse(json ?? 'null')['/api/events']).toEqual(events.json());

      const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<main');
      expect((await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toContain(
        '<main',
      );
    });

    it('leaves the plain index.html when the page cannot be rendered', async () => {
      // an event the api does not know: the app shows its own not-found state
      const unknown = await app.inject({ url: '/events/no-such-event' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(TEMPLATE);
      // a render that fails
      expect((await app.inject({ url: '/cancel-appointment' })).body).toBe(TEMPLATE);
      // a page not rendered on the server, and a path that is no page
      expect((await app.inject({ url: '/privacy' })).body).toBe(TEMPLATE);
      expect((await app.inject({ url: '/no-such-page' })).statusCode).toBe(404);
      // the server module is not served
      expect((await app.inject({ url: '/.ssr/first-view.js' })).body).not.toContain('renderFirstView');
    });
  });
});
