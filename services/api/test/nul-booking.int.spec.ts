import { type Runner, listParkedEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * Issue 43 as it was found: one anonymous booking with a NUL in its first name was answered 201, and then
 * the projection group failed on it at every retry, so no later booking reached the lookup, the admin
 * list or the slot's seat count. Now the name is cleaned at the edge and everything after it flows.
 */
describe('a booking with a NUL in a name stops nobody (issue 43)', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let slotId: number;
  let packageId: number;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50, onError: () => {} });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic', price: '100' })).json().data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'NUL Screening',
        slug: 'nul-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    slotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 20 })
    ).json().data.id;
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  const book = (i: number, firstName: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slotId, ...person(i), firstName },
    });
  const lookup = async (booked: { reference_number: string; position: string }) => {
    const url = `/api/registrations/lookup/${booked.reference_number}?position=${booked.position}`;
    await expect.poll(async () => (await api.app.inject(url)).statusCode, { timeout: 10_000 }).toBe(200);
    return (await api.app.inject(url)).json().data;
  };

  it('answers 201 with the name cleaned, and the next booking is in the lookup, the admin list and the seat count', async () => {
    const hostile = await book(1, 'nul\u0000byte');
    expect(hostile.statusCode, hostile.body).toBe(201);
    expect((await lookup(hostile.json().data)).firstName).toBe('nulbyte');

    const normal = await book(2, 'Mei');
    expect(normal.statusCode, normal.body).toBe(201);
    expect((await lookup(normal.json().data)).firstName).toBe('Mei');

    const list = (await admin('GET', `/api/admin/registrations?eventId=${eventId}`)).json().data;
    expect(list.map((o: { firstName: string }) => o.firstName).sort()).toEqual(['Mei', 'nulbyte']);
    await expect
      .poll(async () => {
        const [row] = await api.db.sql<{ n: number }[]>`
          select current_attendees as n from slot_availability where timeslot_id = ${slotId}`;
        return row?.n;
      })
      .toBe(2);
    expect(await listParkedEvents(api.db.sql)).toEqual([]);
    expect((await api.app.inject('/readyz')).json()).toMatchObject({ status: 'ready', log: { ok: true } });
    expect(api.errors.join('')).not.toMatch(/22P05|\\u0000/);
  });
});
