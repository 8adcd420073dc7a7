/**
 * Issue 24: the privacy notice (a back-office setting with a default and a version, served to the
 * public) and the customer's consent to it, recorded with the booking in RegistrationBooked.
 */
import { type PrivacyConsent, registrationStream } from '@hs/domain';
import { type Runner, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { DEFAULT_PRIVACY_NOTICE } from '../src/privacy-notice';
import { type TestApi, person, startTestApi } from './helpers';

describe('privacy notice and booking consent', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const book = (i: number, extra: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(i), ...extra },
    });
  const consentOf = async (id: number) => {
    const [booked] = await findEvents<{ consent?: PrivacyConsent; bookedAt: string }>(api.db.sql, {
      streamId: registrationStream(id).id,
      type: 'RegistrationBooked',
    });
    return booked!.data;
  };

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Consent Screening',
        slug: 'consent-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
  });
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('serves the default notice as version 1 until staff change it; each new text gets the next version', async () => {
    const fresh = (await api.app.inject('/api/privacy-notice')).json();
    expect(fresh).toEqual({
      success: true,
      data: { text: DEFAULT_PRIVACY_NOTICE, version: 1, updatedAt: null },
    });
    expect(fresh.data.text).toMatch(/NRIC/);

    // Admin only: no token, no notice editing.
    expect((await api.app.inject('/api/admin/privacy-notice')).statusCode).toBe(401);
    expect(
      (await api.app.inject({ method: 'PUT', url: '/api/admin/privacy-notice', payload: { text: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await admin('GET', '/api/admin/privacy-notice')).json().data.version).toBe(1);

    for (const bad of [{}, { text: '' }, { text: '   ' }, { text: 42 }, { text: 'x'.repeat(20_001) }]) {
      const res = await admin('PUT', '/api/admin/privacy-notice', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }

    const saved = await admin('PUT', '/api/admin/privacy-notice', {
      text: '  Our notice, second edition.\r\n\r\nWhy NRIC.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ text: 'Our notice, second edition.\n\nWhy NRIC.', version: 2 });
    expect(saved.json().data.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The same text again is no new version.
    const same = await admin('PUT', '/api/admin/privacy-notice', {
      text: 'Our notice, second edition.\n\nWhy NRIC.',
    });
    expect(same.json().data.version).toBe(2);
    expect((await api.app.inject('/api/privacy-notice')).json().data).toMatchObject({ version: 2 });
    // The change is audited.
    const [audit] = await api.db.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where entity_id = 'privacy_notice'`;
    expect(audit!.n).toBe(1);
  });

  it('records consent with the notice version in force when the box was ticked, and "not given" without the field', async () => {
    const { version } = (await api.app.inject('/api/privacy-notice')).json().data;
    const withConsent = await book(1, { privacyConsent: true });
    expect(withConsent.statusCode, withConsent.body).toBe(201);
    const given = await consentOf(withConsent.json().data.id);
    expect(given.consent).toEqual({ given: true, noticeVersion: version, at: given.bookedAt });

    // The spec's payload has no such field: still booked, recorded as no consent.
    const without = await book(2);
    expect(without.statusCode, without.body).toBe(201);
    expect((await consentOf(without.json().data.id)).consent).toMatchObject({
      given: false,
      noticeVersion: version,
    });
    const refused = await book(3, { privacyConsent: false });
    expect(refused.statusCode, refused.body).toBe(201);
    expect((await consentOf(refused.json().data.id)).consent?.given).toBe(false);

    // A later notice: later bookings record its version.
    await admin('PUT', '/api/admin/privacy-notice', { text: 'Third edition.' });
    const later = await book(4, { privacyConsent: true });
    expect((await consentOf(later.json().data.id)).consent).toMatchObject({
      given: true,
      noticeVersion: version + 1,
    });

    // The admin's order dialog shows it (from the order's RegistrationBooked in the log).
    const id = withConsent.json().data.id;
    await expect
      .poll(async () => (await admin('GET', `/api/admin/registrations/${id}`)).json().data?.consent, {
        timeout: 15_000,
      })
      .toEqual({ given: true, noticeVersion: version, at: given.bookedAt });
    await expect
      .poll(
        async () =>
          (await admin('GET', `/api/admin/registrations/${without.json().data.id}`)).json().data?.consent
            ?.given,
        { timeout: 15_000 },
      )
      .toBe(false);
  });

  it('refuses a consent that is not true or false with a 400, never a 5xx', async () => {
    for (const privacyConsent of ['yes', 1, {}, null]) {
      const res = await book(5, { privacyConsent });
      expect(res.statusCode, `${JSON.stringify(privacyConsent)}: ${res.body}`).toBe(400);
    }
    expect(api.errors).toEqual([]);
  });
});
