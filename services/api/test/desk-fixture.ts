/**
 * A front-desk day for the check-in tests (issues 23 and 45): an api with the projections running, one
 * event with a package and a slot today and tomorrow (late in the Singapore day, ahead of any test
 * run), and bookings made through the public route.
 */
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { expect } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

export interface DeskDay {
  api: TestApi;
  eventId: number;
  /** Timeslot ids. */
  today: number;
  tomorrow: number;
  admin: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => ReturnType<TestApi['asAdmin']>;
  /** One person booked on the slot, unpaid. */
  book: (timeslotId: number) => Promise<{ id: number; ref: string }>;
  close: () => Promise<void>;
}

export async function startDeskDay(event: {
  name: string;
  slug: string;
  location: string;
  packageName: string;
  price: string;
  time: string;
}): Promise<DeskDay> {
  const api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
  const runner: Runner = startProjectionRunner(api.db.sql, projections, {
    pollMs: 50,
    onError: (err, name) => console.error('PROJECTION', name, err),
  });
  const admin: DeskDay['admin'] = (method, url, payload) => api.asAdmin({ method, url, payload });
  const packageId = (
    await admin('POST', '/api/admin/packages', { name: event.packageName, price: event.price })
  ).json().data.id as number;
  const eventId = (
    await admin('POST', '/api/admin/events', {
      name: event.name,
      slug: event.slug,
      location: event.location,
      packageIds: [packageId],
    })
  ).json().data.id as number;
  const slot = async (date: string) => {
    const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
      date,
      time: event.time,
      maxAttendees: 100,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const day = singaporeToday();
  const today = await slot(day);
  const tomorrow = await slot(addDaysToDay(day, 1));
  let people = 0;
  const book = async (timeslotId: number) => {
    people += 1;
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(people) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    return { id: data.id as number, ref: data.reference_number as string };
  };
  const close = async () => {
    await runner.stop();
    await api.close();
  };
  return { api, eventId, today, tomorrow, admin, book, close };
}
