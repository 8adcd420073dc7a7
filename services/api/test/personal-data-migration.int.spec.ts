import { type Runner, rebuildProjection, setEventCodec, startProjectionRunner } from '@hs/eventstore';
import { encryptClearEvents, personalDataCodec } from '@hs/privacy';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 24, migration: a log written as the code before encryption at rest wrote it (personal fields in
 * clear) is encrypted in place by the migrate step's encryptClearEvents, and the rebuilt read models
 * answer exactly as before.
 */
describe('encrypting the clear personal data of an existing log', () => {
  let api: TestApi;
  let runner: Runner;
  let orderId: number;
  const SECRET = ['S1234567D', '1985-02-03', 'Thalassaemia minor', 'T0123456G', '2012-03-04'];
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const admin = (url: string) => api.asAdmin({ method: 'GET', url });
  const view = async () => ({
    detail: (await admin(`/api/admin/registrations/${orderId}`)).json().data,
    history: (await admin(`/api/admin/registrations/${orderId}/history`)).json().data,
  });
  const eventsText = async () =>
    (await api.db.sql<{ t: string }[]>`select string_agg(data::text, ' ') as t from events`)[0]!.t;

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const pkg = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data;
    const event = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Screening', slug: 'screening', packageIds: [pkg.id] },
      })
    ).json().data;
    const slot = (
      await api.asAdmin({
        method: 'POST',
        url: `/api/admin/events/${event.id}/timeslots`,
        payload: { date: future(9), time: '09:00', maxAttendees: 10 },
      })
    ).json().data;
    // Today's log: written without the codec.
    setEventCodec(null);
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        eventId: event.id,
        packageId: pkg.id,
        timeslotId: slot.id,
        firstName: 'Quentin',
        lastName: 'Oyelaran',
        email: 'quentin.oyelaran@example.com',
        mobileNumber: '93456781',
        gender: 'male',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1985-02-03',
        postalCode: '569871',
        address: '42 Wisteria Crescent',
        medicalConditions: 'Thalassaemia minor',
        participants: [
          {
            firstName: 'Zephyrine',
            lastName: 'Oyelaran',
            gender: 'Female',
            identificationNumber: 'T0123456G',
            dateOfBirth: '2012-03-04',
            packageId: pkg.id,
          },
        ],
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    orderId = booked.json().data.id;
    const deadline = Date.now() + 15_000;
    while ((await admin(`/api/admin/registrations/${orderId}`)).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the read model never caught up');
      await new Promise((r) => setTimeout(r, 50));
    }
    await runner.stop();
    setEventCodec(personalDataCodec);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it('encrypts every clear personal field in place, once, and the read models answer as before', async () => {
    const before = await view();
    expect(before.detail.dateOfBirth).toBe('1985-02-03');
    const text = await eventsText();
    for (const value of SECRET) expect(text).toContain(value);

    const first = await encryptClearEvents(api.db.sql);
    expect(first.encrypted).toBeGreaterThanOrEqual(1);
    expect((await encryptClearEvents(api.db.sql)).encrypted).toBe(0);
    for (const projection of projections) await rebuildProjection(api.db.sql, projection);

    const after = await eventsText();
    for (const value of [...SECRET, 'Quentin', 'quentin.oyelaran@example.com', '93456781'])
      expect(after, value).not.toContain(value);
    const [order] = await api.db.sql<{ t: string }[]>`
      select o::text as t from orders o where registration_id = ${orderId}`;
    for (const value of SECRET) expect(order!.t, value).not.toContain(value);

    expect(await view()).toEqual(before);
  });
});
