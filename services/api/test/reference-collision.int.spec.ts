import { findEvents } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

// Reference numbers are random (10^8 a month); the log's unique index is what keeps two bookings from
// sharing one. Here the generator repeats itself on purpose.
const draws = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock('@hs/domain', async (original) => {
  const domain = await original<typeof import('@hs/domain')>();
  return {
    ...domain,
    generateReferenceNumber: (...args: Parameters<typeof domain.generateReferenceNumber>) =>
      draws.queue.shift() ?? domain.generateReferenceNumber(...args),
  };
});

describe('reference numbers', () => {
  let api: TestApi;
  let ids: { eventId: number; packageId: number; timeslotId: number };
  const body = (i: number) => ({
    eventId: ids.eventId,
    packageId: ids.packageId,
    timeslotId: ids.timeslotId,
    firstName: `Ref${i}`,
    lastName: 'Tan',
    email: `ref${i}@example.com`,
    mobileNumber: '91234567',
    gender: 'male',
    identificationNumber: `S00000${i}1X`,
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
  });

  beforeAll(async () => {
    api = await startTestApi();
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
        payload: { name: 'Ref Event', slug: 'ref-event', packageIds: [pkg.id] },
      })
    ).json().data;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const slot = (
      await api.asAdmin({
        method: 'POST',
        url: `/api/admin/events/${event.id}/timeslots`,
        payload: { date, time: '09:00', maxAttendees: 10 },
      })
    ).json().data;
    ids = { eventId: event.id, packageId: pkg.id, timeslotId: slot.id };
  });
  afterAll(async () => api.close());

  it('a booking that draws a number already taken draws again, and the number then finds its own booking', async () => {
    const taken = 'HS202611-1111-2222';
    const fresh = 'HS202611-3333-4444';
    draws.queue.push(taken);
    const first = await api.app.inject({ method: 'POST', url: '/api/registrations', payload: body(1) });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.referenceNumber).toBe(taken);

    draws.queue.push(taken, taken, fresh);
    const second = await api.app.inject({ method: 'POST', url: '/api/registrations', payload: body(2) });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.referenceNumber).toBe(fresh);
    expect(draws.queue).toEqual([]);

    const booked = await findEvents<{ referenceNumber: string }>(api.db.sql, { type: 'RegistrationBooked' });
    expect(booked.map((e) => e.data.referenceNumber).sort()).toEqual([taken, fresh]);
    // Each number opens its own booking (found in the log, not a read model), and only that one.
    const addTo = (registrationId: number, referenceNumber: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/participants',
        payload: {
          registrationId,
          referenceNumber,
          firstName: 'Kid',
          lastName: 'Tan',
          gender: 'Female',
          identificationNumber: 'T0112345Z',
          dateOfBirth: '2012-03-04',
          packageId: ids.packageId,
        },
      });
    expect((await addTo(second.json().data.id, taken)).statusCode).toBe(404);
    const added = await addTo(second.json().data.id, fresh);
    expect(added.statusCode, added.body).toBeLessThan(300);
  });
});
