/**
 * Issue 47: one trace follows a booking. With tracing started (an in-memory exporter instead of OTLP),
 * the api and the worker in this process: the request span of POST /api/registrations, the event
 * store's append, and the confirmation email's job share one trace id; the projection batch that
 * applied the booking's events links to that trace. Events carry the trace context in their metadata.
 */
import { registrationStream } from '@hs/domain';
import { findEvents } from '@hs/eventstore';
import { type TestSmtp, startSmtp, testRedis } from '@hs/testing';
import { type Tracing, startTracing } from '@hs/tracing';
import { type RunningWorker, readWorkerConfig, startWorker } from '@hs/worker';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

describe('tracing: a booking in one trace', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;
  let api: TestApi;
  let smtp: TestSmtp;
  let worker: RunningWorker;
  let booking: { eventId: number; packageId: number; timeslotId: number; discountCode: string };

  const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
  const spans = () => exporter.getFinishedSpans();
  const named = (name: string) => spans().filter((s) => s.name === name);
  const traceOf = (s: ReadableSpan) => s.spanContext().traceId;

  beforeAll(async () => {
    // First, as in each process's main: Fastify instances created after this are instrumented.
    tracing = await startTracing('health-screening-test', { exporter });
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    smtp = await startSmtp();
    worker = await startWorker(
      readWorkerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: api.db.url,
        REDIS_URL: process.env.HS_TEST_REDIS_URL!,
        BULLMQ_PREFIX: testRedis().prefix,
        SMTP_URL: smtp.url,
      }),
    );
    const packageId = (await admin('/api/admin/packages', { name: 'Basic Check', price: '100' })).json().data
      .id;
    const eventId = (
      await admin('/api/admin/events', { name: 'Traced Screening', slug: 'traced', packageIds: [packageId] })
    ).json().data.id;
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const timeslotId = (
      await admin(`/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
    // A code for the whole price: nothing to pay, so the booking is confirmed at once and its
    // confirmation email is owed.
    const discount = (
      await admin('/api/admin/discounts', {
        name: 'All of it',
        discountType: 'promo',
        identifierPrefix: 'ALL',
        discountValueType: 'percentage',
        value: '100',
      })
    ).json().data;
    const [code] = (
      await admin(`/api/admin/discounts/${discount.id}/generate-identifiers`, { count: 1 })
    ).json().data as { identifier: string }[];
    booking = { eventId, packageId, timeslotId, discountCode: code!.identifier };
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.close();
    await smtp?.close();
    await tracing?.shutdown();
  });

  it('tracing started: the in-memory exporter is in use', () => {
    expect(tracing).not.toBeNull();
  });

  it("names a request by its template, never its path, and does not follow a caller's trace headers", async () => {
    exporter.reset();
    const callersTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/sms-opt-out/secret-token-123?x=1',
      headers: { traceparent: `00-${callersTrace}-00f067aa0ba902b7-01`, tracestate: 'evil=1' },
    });
    expect(res.statusCode).toBeLessThan(500);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.attributes['url.path'] !== undefined);
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(String(request!.attributes['url.path'])).not.toContain('secret-token-123');
    expect(spans.map(traceOf)).not.toContain(callersTrace);
  });

  it('the request, the append and the email job share one trace id; the projection batch links to it', async () => {
    exporter.reset();
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { ...booking, ...person(1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('confirmed');
    const registrationId: number = res.json().data.id;

    const request = named('POST /api/registrations');
    expect(request).toHaveLength(1);
    const traceId = traceOf(request[0]!);
    expect(request[0]!.attributes['http.route']).toBe('/api/registrations');

    // The events carry the request's trace context (W3C traceparent: version-traceid-spanid-flags).
    const [booked] = await findEvents(api.db.sql, {
      streamId: registrationStream(registrationId).id,
      type: 'RegistrationBooked',
    });
    expect(booked!.metadata.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    // The append: the group commit's batch or the plain statement, inside the request's trace.
    const appends = spans().filter(
      (s) => s.name === 'eventstore.append' || s.name === 'eventstore.append_batch',
    );
    expect(appends.map(traceOf)).toContain(traceId);

    // The worker: the reactor's batch enqueues the job with the event's context; the job's processing
    // joins the request's trace (a child of the event's context), and the email goes out.
    await expect
      .poll(() => named('process confirmation-email').map(traceOf), { timeout: 20_000, interval: 100 })
      .toContain(traceId);
    await expect.poll(() => smtp.received.some((m) => m.to.includes(person(1).email))).toBe(true);

    // The projection batch and the reactor's batch are traces of their own, linked to the booking's.
    const linked = (prefix: string) =>
      spans()
        .filter((s) => s.name.startsWith(prefix))
        .some((s) => s.links.some((l) => l.context.traceId === traceId));
    await expect.poll(() => linked('projection batch'), { timeout: 10_000 }).toBe(true);
    expect(linked('notifications batch')).toBe(true);
  });
});
