/**
 * Issue 47: what an operator can scrape. The api (injected) and the built worker (a real process with
 * its metrics listener) are scraped in the Prometheus text format and parsed with an independent parser
 * (parse-prometheus-text-format); a booking and its payment move the api's series, and the worker's
 * once it sent the emails. Also: the token rule, load shedding, and /readyz with migrations behind.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connect, findMigrationsDir, migrate } from '@hs/db';
import {
  type TestSmtp,
  createDatabase,
  dropDatabase,
  laneAdminUrl,
  randomName,
  startSmtp,
  testRedis,
  withDatabase,
} from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';
import { parseScrape, sampleValue } from './metrics-scrape';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** Prometheus's own tool (Debian's `prometheus` package; .ci/run installs it). */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));
const WORKER_DIR = fileURLToPath(new URL('../../worker/', import.meta.url));
const poll = { timeout: 30_000, interval: 200 };

describe('metrics: the api and the worker scraped and parsed (issue 47)', () => {
  let api: TestApi;
  let smtp: TestSmtp;
  let worker: ChildProcess | undefined;
  let workerOut = '';
  let workerUrl = '';
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  let smallSlotId: number;

  const scrapeApi = async () => {
    const res = await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseScrape(res.body);
  };
  const scrapeWorker = async () => {
    const res = await fetch(workerUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parseScrape(await res.text());
  };
  const book = (slot: number, i: number) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slot, ...person(i) },
    });

  beforeAll(async () => {
    const { prefix } = testRedis();
    smtp = await startSmtp();
    api = await startTestApi({
      metricsToken: TOKEN,
      bullmqPrefix: prefix,
      rateLimits: { ...testApiConfig().rateLimits, enabled: false },
    });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    packageId = (await admin('/api/admin/packages', { name: 'Basic Health', price: '100' })).json().data.id;
    eventId = (
      await admin('/api/admin/events', { name: 'Metrics Day', slug: 'metrics-day', packageIds: [packageId] })
    ).json().data.id;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const slot = async (time: string, maxAttendees: number) =>
      (await admin(`/api/admin/events/${eventId}/timeslots`, { date, time, maxAttendees })).json().data.id;
    timeslotId = await slot('09:00', 50);
    smallSlotId = await slot('10:00', 1);

    // The worker as it is deployed: its bundle, run with its environment only. Its log line names the
    // listener's address (WORKER_METRICS_PORT=0: a free port). Another test file may be writing the same
    // bundle at that moment (services/worker/test/notifications.int.spec.ts builds it too): a worker that
    // exits before listening is built and started once more.
    const listening = /"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/;
    for (let attempt = 1; !listening.test(workerOut); attempt++) {
      await promisify(execFile)(process.execPath, ['../../scripts/build-service.mjs'], { cwd: WORKER_DIR });
      const child = spawn(process.execPath, [join(WORKER_DIR, 'dist', 'main.js')], {
        cwd: join(WORKER_DIR, '../..'),
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: api.db.url,
          REDIS_URL: process.env.HS_TEST_REDIS_URL!,
          BULLMQ_PREFIX: prefix,
          SMTP_URL: smtp.url,
          METRICS_TOKEN: TOKEN,
          WORKER_METRICS_PORT: '0',
          WORKER_METRICS_HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker = child;
      const collect = (c: Buffer) => {
        workerOut += c.toString();
      };
      child.stdout!.on('data', collect);
      child.stderr!.on('data', collect);
      for (const deadline = Date.now() + 60_000; !listening.test(workerOut); ) {
        if (child.exitCode !== null && attempt < 2) break;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`the worker's metrics listener did not start; its output:\n${workerOut}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    workerUrl = listening.exec(workerOut)![1]!;
  }, 120_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const gone = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await gone;
    }
    await smtp?.close();
    await api?.close();
  });

  it('answers only the bearer METRICS_TOKEN: 401 without it or with another, on the api and the worker', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`]) {
      const res = await api.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'A valid metrics token is required' });
      const w = await fetch(workerUrl, { headers: authorization ? { authorization } : {} });
      expect(w.status).toBe(401);
    }
    expect((await fetch(workerUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('a booking, its payment and its emails move the series of both processes', async () => {
    const route = { method: 'POST', route: '/api/registrations', status_code: '201' };
    const before = await scrapeApi();
    const workerBefore = await scrapeWorker();

    const booked = await book(timeslotId, 1);
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().data as { id: number; balanceDue: string; referenceNumber: string };
    const paid = await api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: order.id, nonce: 'fake-valid-nonce', amount: order.balanceDue },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const after = await scrapeApi();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('http_requests_total', route)).toBe(1);
    expect(after.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(moved('hs_bookings_accepted_total')).toBe(1);
    expect(moved('hs_payments_total', { outcome: 'succeeded' })).toBe(1);
    expect(after.get('hs_gateway_call_duration_seconds')?.type).toBe('HISTOGRAM');
    // The log and the queues, read at scrape time.
    expect(sampleValue(after, 'hs_ready')).toBe(1);
    expect(sampleValue(after, 'hs_metrics_collector_up', { collector: 'log' })).toBe(1);
    expect(sampleValue(after, 'hs_metrics_collector_up', { collector: 'queues' })).toBe(1);
    expect(after.get('hs_subscription_lag_events')?.metrics.length).toBeGreaterThan(0);
    expect(after.get('hs_queue_oldest_waiting_seconds')?.metrics.map((m) => m.labels?.queue)).toContain(
      'confirmation-email',
    );
    // Process CPU, memory and event-loop lag: prom-client's default set.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(after.has(name), name).toBe(true);

    // The worker projects the booking, enqueues its emails and sends them: its counters move, and the
    // api sees the jobs completed in the queues.
    await expect
      .poll(async () => {
        const now = await scrapeWorker();
        return (
          sampleValue(now, 'hs_email_deliveries_total', { outcome: 'sent' }) -
          sampleValue(workerBefore, 'hs_email_deliveries_total', { outcome: 'sent' })
        );
      }, poll)
      .toBeGreaterThanOrEqual(2); // the confirmation and the receipt
    // A job counts as completed once BullMQ moved it, a moment after its email went out.
    await expect
      .poll(
        async () =>
          sampleValue(await scrapeWorker(), 'hs_jobs_total', {
            queue: 'confirmation-email',
            outcome: 'completed',
          }),
        poll,
      )
      .toBeGreaterThanOrEqual(1);
    const workerAfter = await scrapeWorker();
    expect(workerAfter.get('hs_gateway_call_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(workerAfter.has('process_cpu_seconds_total')).toBe(true);
    await expect
      .poll(
        async () =>
          sampleValue(await scrapeApi(), 'hs_queue_jobs', {
            queue: 'confirmation-email',
            state: 'completed',
          }),
        poll,
      )
      .toBeGreaterThanOrEqual(1);
    expect(smtp.received.filter((m) => m.to.includes(person(1).email)).length).toBeGreaterThanOrEqual(2);
  });

  it.skipIf(!promtool)(
    "both processes' text passes promtool check metrics (Prometheus's linter: format, names, units, help)",
    async () => {
      for (const text of [
        (await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body,
        await (await fetch(workerUrl, { headers: { authorization: `Bearer ${TOKEN}` } })).text(),
      ]) {
        const lint = spawnSync(promtool!, ['check', 'metrics'], { input: text, encoding: 'utf8' });
        expect(lint.error).toBeUndefined();
        // prom-client's default set names three gauges *_total (nodejs_active_handles_total, ...): its
        // names, kept as every Node dashboard knows them. Every other line would be ours.
        const problems = `${lint.stdout}${lint.stderr}`
          .split('\n')
          .filter(
            (l) => l.trim() && !/^nodejs_active_(handles|requests|resources)_total non-counter/.test(l),
          );
        expect(problems).toEqual([]);
      }
    },
  );

  it('a refused booking counts under its reason', async () => {
    const first = await book(smallSlotId, 2);
    expect(first.statusCode, first.body).toBe(201);
    const before = await scrapeApi();
    const refused = await book(smallSlotId, 3);
    expect(refused.statusCode).toBe(409);
    const after = await scrapeApi();
    const reasons = after
      .get('hs_bookings_refused_total')!
      .metrics.filter(
        (m) => Number(m.value) > sampleValue(before, 'hs_bookings_refused_total', m.labels ?? {}),
      );
    expect(reasons.map((m) => m.labels?.reason)).toEqual(['SLOT_FULL']);
    expect(sampleValue(after, 'hs_bookings_accepted_total')).toBe(
      sampleValue(before, 'hs_bookings_accepted_total'),
    );
  });
});

describe('metrics off, overload and readiness (issue 47)', () => {
  it('without METRICS_TOKEN there is no /metrics (404)', async () => {
    const api = await startTestApi();
    try {
      const res = await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    } finally {
      await api.close();
    }
  });

  it('over its heap threshold the api sheds requests with 503, Retry-After and the error envelope; /healthz and /metrics still answer', async () => {
    const api = await startTestApi({
      metricsToken: TOKEN,
      overload: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1024 * 1024, retryAfterSeconds: 7 },
    });
    try {
      // the heap is sampled once a second
      await expect
        .poll(async () => (await api.app.inject('/api/events')).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(503);
      const shed = await api.app.inject('/api/events');
      expect(shed.headers['retry-after']).toBe('7');
      expect(shed.json()).toEqual({
        success: false,
        message: 'The service is overloaded. Please try again shortly.',
      });
      expect((await api.app.inject('/healthz')).statusCode).toBe(200);
      const scrape = await api.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.statusCode).toBe(200);
      expect(
        sampleValue(parseScrape(scrape.body), 'http_requests_total', { status_code: '503' }),
      ).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });

  it('a blocked event loop sheds requests with 503 until it runs freely again', async () => {
    // A threshold well above what a loaded test machine makes of a free loop, and a block well above it.
    const api = await startTestApi({
      overload: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: 0, retryAfterSeconds: 3 },
    });
    try {
      await expect
        .poll(async () => (await api.app.inject('/api/events')).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(200);
      // Hold the loop for 2.5 s across the next once-a-second sample, which then fires that late.
      const until = Date.now() + 2500;
      while (Date.now() < until) {}
      await expect
        .poll(async () => (await api.app.inject('/api/events')).statusCode, { timeout: 5_000, interval: 20 })
        .toBe(503);
      expect((await api.app.inject('/healthz')).statusCode).toBe(200);
      // The next sample finds the loop on time again.
      await expect
        .poll(async () => (await api.app.inject('/api/events')).statusCode, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(200);
    } finally {
      await api.close();
    }
  });

  it('/readyz answers 503 while the database is behind the release’s migrations, 200 once they are applied', async () => {
    const adminUrl = laneAdminUrl();
    const all = findMigrationsDir();
    const files = readdirSync(all).filter((f) => /^\d+_.*\.sql$/.test(f));
    // A folder with every migration but the last: the database as the previous release left it.
    const older = mkdtempSync(join(tmpdir(), 'hs-migrations-'));
    const last = files
      .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
      .at(-1)!;
    for (const f of files) if (f !== last) symlinkSync(join(all, f), join(older, f));
    const name = randomName('hs_readyz');
    await createDatabase(adminUrl, name);
    const url = withDatabase(adminUrl, name);
    const sql = connect(url, { max: 3 });
    try {
      await migrate(sql, older);
      const app = await buildApp(
        {
          ...testApiConfig({}, { DATABASE_URL: url, REDIS_URL: process.env.HS_TEST_REDIS_URL! }),
          logLevel: 'silent',
        },
        { sql },
      );
      try {
        const behind = await app.inject('/readyz');
        expect(behind.statusCode).toBe(503);
        expect(behind.json()).toMatchObject({
          status: 'unavailable',
          postgres: { ok: true },
          migrations: { ok: false, pending: [last] },
        });
        await migrate(sql, all);
        const atHead = await app.inject('/readyz');
        expect(atHead.statusCode).toBe(200);
        expect(atHead.json()).toMatchObject({ migrations: { ok: true, pending: [] } });
      } finally {
        await app.close();
      }
    } finally {
      await sql.end({ timeout: 5 });
      await dropDatabase(adminUrl, name);
      rmSync(older, { recursive: true, force: true });
    }
  });
});
