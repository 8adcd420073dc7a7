/**
 * Issue 50: the public reads any HTTP cache or CDN may carry (Cache-Control public with s-maxage and
 * stale-while-revalidate, a strong ETag, 304 to it); everything about one person, the back office and
 * every write never cacheable; and a cached availability never hides a refusal: a booking on a slot
 * that filled meanwhile gets its 409, with the slot's day as it is now.
 */
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

const SHARED = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';

describe('HTTP caching of the public reads (issue 50)', () => {
  let api: TestApi;
  let runner: Runner;
  let manual: { id: number; slug: string };
  let auto: { id: number };
  let packageId: number;
  let slotId: number;
  let slotDate: string;
  let people = 0;

  const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ url, headers });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const book = (timeslotId: number) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId: manual.id, packageId, timeslotId, ...person(++people) },
    });

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic', price: '100' })).json().data.id;
    manual = (
      await admin('POST', '/api/admin/events', {
        name: 'Launch Day',
        slug: 'launch-day',
        packageIds: [packageId],
      })
    ).json().data;
    auto = (
      await admin('POST', '/api/admin/events', {
        name: 'Auto Day',
        slug: 'auto-day',
        packageIds: [packageId],
        config: { configType: 'auto', numSlots: 4, bufferHours: 24, maxAttendees: 20 },
      })
    ).json().data;
    slotDate = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    for (const time of ['09:00', '10:00']) {
      const slot = await admin('POST', `/api/admin/events/${manual.id}/timeslots`, {
        date: slotDate,
        time,
        maxAttendees: 1,
      });
      slotId ||= slot.json().data.id;
    }
  }, 60_000);

  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('lets shared caches keep each public read, with a strong ETag answered by 304', async () => {
    const autoDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const reads = [
      '/api/events',
      '/api/events?lang=zh',
      `/api/events/${manual.slug}`,
      `/api/timeslots/postal-code?postalCode=170001&eventId=${manual.id}`,
      `/api/auto-timeslots/postal-code?postalCode=420001&eventId=${auto.id}`,
      `/api/auto-timeslots/date?date=${autoDate}&eventId=${auto.id}`,
      '/api/privacy-notice',
    ];
    for (const url of reads) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe(SHARED);
      const etag = String(res.headers.etag);
      expect(etag, url).toMatch(/^"[^"]+"$/); // strong: no W/
      // the answer depends on the URL alone: no Vary on a cookie, a token or the language header
      expect(String(res.headers.vary ?? ''), url).not.toMatch(/cookie|authorization|accept-language/i);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(SHARED);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode, url).toBe(200);
    }
  });

  it('never lets anything about a person, the back office or a write be cached', async () => {
    const booked = await book(slotId);
    expect(booked.statusCode, booked.body).toBe(201);
    const reference = booked.json().data.referenceNumber;
    const answers = [
      booked,
      await get(`/api/registrations/lookup/${reference}`),
      await admin('GET', '/api/admin/registrations'),
      await admin('GET', '/api/admin/events'),
      await get('/api/events/no-such-event'),
      await get('/api/timeslots/postal-code?postalCode=12ab'),
      await get('/api/myinfo'),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe(
        'private, no-store',
      );
    }
  });

  it('a cached availability never hides a refusal: the 409 carries the day as it is now', async () => {
    // the slot just taken above has capacity 1: a cached read may still offer it; the booking may not
    const cachedRead = (await get(`/api/events/${manual.slug}`)).json();
    // the refusal reads the slot read model, a few milliseconds behind the log
    await expect
      .poll(async () => {
        const [row] = await api.db.sql<{ n: number }[]>`
          select current_attendees as n from slot_availability where timeslot_id = ${slotId}`;
        return row?.n;
      })
      .toBe(1);
    const res = await book(slotId);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: 'This timeslot is fully booked' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(body.timeslots).toEqual([
      expect.objectContaining({
        id: slotId,
        date: slotDate,
        time: '09:00',
        currentAttendees: 1,
        maxAttendees: 1,
      }),
      expect.objectContaining({ date: slotDate, time: '10:00', currentAttendees: 0, maxAttendees: 1 }),
    ]);
    // the next free slot it offers books at once
    const next = body.timeslots[1].id as number;
    expect((await book(next)).statusCode).toBe(201);
    expect(cachedRead.success).toBe(true);
  });
});
