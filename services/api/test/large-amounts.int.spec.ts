import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

/**
 * The dearest order the API accepts: ten people on a package at decimal(10,2)'s top price. Its cents
 * pass 2^31, which the orders read model once stored in integer columns: the projection failed on
 * that event at every retry, and no later booking reached the lookup or the admin list.
 */
describe('orders at the largest amounts the API accepts', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let dear: number;
  let cheap: number;
  let slotId: number;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50, onError: () => {} });
    dear = (await admin('POST', '/api/admin/packages', { name: 'Everything', price: '99999999.99' })).json()
      .data.id;
    cheap = (await admin('POST', '/api/admin/packages', { name: 'Basic', price: '100' })).json().data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Dear Screening',
        slug: 'dear-screening',
        packageIds: [dear, cheap],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    slotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  const person = (i: number) => ({
    firstName: `Rich${i}`,
    lastName: 'Lim',
    gender: 'Male',
    identificationNumber: `S10000${String(i).padStart(2, '0')}A`,
    dateOfBirth: '1970-01-01',
  });
  const book = (packageId: number, extra: number) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        eventId,
        packageId,
        timeslotId: slotId,
        ...person(0),
        gender: 'male',
        email: 'rich@example.com',
        mobileNumber: '91234567',
        postalCode: '530123',
        address: '1 Nassim Road',
        participants: Array.from({ length: extra }, (_, i) => ({ ...person(i + 1), packageId })),
      },
    });
  const lookup = async (booked: { reference_number: string; position: string }) => {
    let res = await api.app.inject(
      `/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`,
    );
    await expect
      .poll(
        async () => {
          res = await api.app.inject(
            `/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`,
          );
          return res.statusCode;
        },
        { timeout: 10_000 },
      )
      .toBe(200);
    return res.json().data;
  };

  it('books ten people at the top price, shows the order, and later bookings still reach the read model', async () => {
    const res = await book(dear, 9);
    expect(res.statusCode, res.body).toBe(201);
    // 10 x 99,999,999.99 less 20% for five or more (rounded per person), plus 9% GST.
    expect(res.json().data.totalAmount).toBe('871999999.89');
    expect((await lookup(res.json().data)).total_amount).toBe('871999999.89');

    const after = await book(cheap, 0);
    expect(after.statusCode, after.body).toBe(201);
    expect((await lookup(after.json().data)).total_amount).toBe('109.00');

    const list = (await admin('GET', `/api/admin/registrations?eventId=${eventId}`)).json().data;
    expect(list).toHaveLength(2);
    expect(api.errors.join('')).not.toMatch(/out of range/);
  });
});
