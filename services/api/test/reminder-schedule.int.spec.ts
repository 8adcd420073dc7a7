/**
 * Issue 26: an event's reminder schedule in the admin event API (validated, stored, answered with the
 * default when unset) and the public SMS opt-out link (status, then SmsOptedOut recorded once).
 */
import { smsOptOutToken } from '@hs/commands';
import { REMINDER_MESSAGES, registrationStream } from '@hs/domain';
import { countEvents } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { SMS_OPT_OUT_NOT_FOUND } from '../src/routes/public/sms-opt-out';
import { type TestApi, person, startTestApi } from './helpers';

describe('reminder schedule and SMS opt-out', () => {
  let api: TestApi;
  let packageId: number;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('an event without a schedule answers the default; a schedule is stored sorted; null resets it', async () => {
    const created = await admin('POST', '/api/admin/events', {
      name: 'Reminder Screening',
      slug: 'reminder-screening',
      packageIds: [packageId],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.reminders).toEqual([
      { offsetHours: 72, channel: 'email' },
      { offsetHours: 24, channel: 'email' },
    ]);
    const body = { name: 'Reminder Screening', slug: 'reminder-screening' };
    const put = await admin('PUT', `/api/admin/events/${id}`, {
      ...body,
      reminders: [
        { offsetHours: 24, channel: 'email' },
        { offsetHours: 72, channel: 'both' },
        { offsetHours: 2, channel: 'sms' },
      ],
    });
    expect(put.statusCode).toBe(200);
    const schedule = [
      { offsetHours: 72, channel: 'both' },
      { offsetHours: 24, channel: 'email' },
      { offsetHours: 2, channel: 'sms' },
    ];
    expect(put.json().data.reminders).toEqual(schedule);
    // a body without reminders keeps them
    const kept = await admin('PUT', `/api/admin/events/${id}`, { ...body, location: 'Bedok CC' });
    expect(kept.json().data.reminders).toEqual(schedule);
    const reset = await admin('PUT', `/api/admin/events/${id}`, { ...body, reminders: null });
    expect(reset.json().data.reminders).toEqual([
      { offsetHours: 72, channel: 'email' },
      { offsetHours: 24, channel: 'email' },
    ]);
    const [row] = await api.db.sql<
      { reminders: unknown }[]
    >`select reminders from screening_events where id = ${id}`;
    expect(row!.reminders).toBeNull();
  });

  it.each([
    [[{ offsetHours: 0, channel: 'email' }], REMINDER_MESSAGES.badOffset],
    [[{ offsetHours: 400, channel: 'email' }], REMINDER_MESSAGES.badOffset],
    [[{ offsetHours: 1.5, channel: 'email' }], REMINDER_MESSAGES.badOffset],
    [[{ offsetHours: 24, channel: 'fax' }], REMINDER_MESSAGES.badChannel],
    [
      [
        { offsetHours: 24, channel: 'email' },
        { offsetHours: 24, channel: 'sms' },
      ],
      REMINDER_MESSAGES.duplicate,
    ],
    [
      Array.from({ length: 6 }, (_, i) => ({ offsetHours: i + 1, channel: 'sms' })),
      REMINDER_MESSAGES.tooMany,
    ],
    ['72h', REMINDER_MESSAGES.notList],
  ])('refuses reminders %j with 400', async (reminders, message) => {
    const res = await admin('POST', '/api/admin/events', {
      name: 'Bad Reminders',
      slug: `bad-reminders-${Math.random().toString(36).slice(2, 8)}`,
      reminders,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('the opt-out link: status, opt out once (idempotent), forged links refused', async () => {
    const event = (
      await admin('POST', '/api/admin/events', { name: 'Opt Out', slug: 'opt-out', packageIds: [packageId] })
    ).json().data.id;
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const timeslotId = (
      await admin('POST', `/api/admin/events/${event}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId: event, packageId, timeslotId, ...person(1) },
    });
    expect(booked.statusCode).toBe(201);
    const id = Number(booked.json().data.registrationId ?? booked.json().data.id);
    const token = smsOptOutToken(testApiConfig().waitlistTokenSecret, id);

    const before = await api.app.inject(`/api/sms-opt-out/${token}`);
    expect(before.json()).toEqual({ success: true, data: { optedOut: false, optedOutAt: null } });
    const first = await api.app.inject({ method: 'POST', url: `/api/sms-opt-out/${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.optedOut).toBe(true);
    const again = await api.app.inject({ method: 'POST', url: `/api/sms-opt-out/${token}` });
    expect(again.json().data).toEqual(first.json().data);
    expect(await countEvents(api.db.sql, { streamId: registrationStream(id).id, type: 'SmsOptedOut' })).toBe(
      1,
    );
    expect((await api.app.inject(`/api/sms-opt-out/${token}`)).json().data.optedOut).toBe(true);

    for (const bad of [`${id}.${'A'.repeat(43)}`, 'nonsense', `${id + 1}.${token.split('.')[1]}`]) {
      const res = await api.app.inject({ method: 'POST', url: `/api/sms-opt-out/${bad}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: SMS_OPT_OUT_NOT_FOUND });
    }
  });
});
