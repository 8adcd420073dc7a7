/**
 * Issue 26: the booking records the language it was made in (`language` on POST /api/registrations),
 * so what is sent to the customer is written in it. Anything but the four languages is a 400.
 */
import { type Language, registrationStream } from '@hs/domain';
import { findEvents } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

describe('booking language', () => {
  let api: TestApi;
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  const admin = (method: 'POST', url: string, payload?: object) => api.asAdmin({ method, url, payload });
  const book = (i: number, extra: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(i), ...extra },
    });
  const languageOf = async (id: number) => {
    const [booked] = await findEvents<{ language?: Language }>(api.db.sql, {
      streamId: registrationStream(id).id,
      type: 'RegistrationBooked',
    });
    return booked!.data.language;
  };

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Language Screening',
        slug: 'language-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('records each of the four languages on the booking', async () => {
    for (const [i, language] of (['en', 'zh', 'ms', 'ta'] as const).entries()) {
      const res = await book(i + 1, { language });
      expect(res.statusCode, res.body).toBe(201);
      expect(await languageOf(res.json().data.id)).toBe(language);
    }
  });

  it('books without a language as before: none recorded, read as English', async () => {
    const res = await book(10);
    expect(res.statusCode, res.body).toBe(201);
    expect(await languageOf(res.json().data.id)).toBeUndefined();
  });

  it('refuses any other language with a 400 that names the four', async () => {
    for (const language of ['xx', 'EN', 'zh-SG', '', 1, null]) {
      const res = await book(20, { language });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Invalid body: language must be one of: en, zh, ms, ta',
      });
    }
  });
});
