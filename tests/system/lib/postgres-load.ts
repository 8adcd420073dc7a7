/** Shared by the Postgres restart and restore drill tests: a bookable event, booking bodies, log checks. */
import type { Sql } from '@hs/db';
import { findEvents } from '@hs/eventstore';
import { randomName } from '@hs/testing';

export interface Catalogue {
  eventId: number;
  packageId: number;
  slotIds: number[];
}

export type Admin = <T = { id: number }>(method: string, path: string, body?: unknown) => Promise<T>;

/** Logs in as the seeded demo admin and returns a caller for the admin api. */
export async function adminClient(
  baseUrl: string,
  login: { username: string; password: string },
): Promise<Admin> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return async <T = { id: number }>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { data?: unknown };
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json.data as T;
  };
}

/** An event of its own with `slots` timeslots of `capacity` seats, 10+ days ahead, one package. */
export async function bookableEvent(admin: Admin, slots: number, capacity: number): Promise<Catalogue> {
  const tag = randomName('s').slice(2);
  const pkg = await admin('POST', '/api/admin/packages', { name: `System package ${tag}`, price: '100' });
  const event = await admin('POST', '/api/admin/events', {
    name: `System screening ${tag}`,
    slug: `system-${tag}`,
    location: 'Toa Payoh',
    packageIds: [pkg.id],
  });
  const slotIds: number[] = [];
  const times = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
  for (let i = 0; i < slots; i++) {
    const date = new Date(Date.now() + (10 + Math.floor(i / times.length)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const slot = await admin('POST', `/api/admin/events/${event.id}/timeslots`, {
      date,
      time: times[i % times.length],
      maxAttendees: capacity,
    });
    slotIds.push(slot.id);
  }
  return { eventId: event.id, packageId: pkg.id, slotIds };
}

/** A valid booking body (the shape services/api/test/booking.int.spec.ts books with). */
export function bookingBody(n: number, cat: Catalogue, email = `alex${n}@example.com`) {
  return {
    eventId: cat.eventId,
    packageId: cat.packageId,
    timeslotId: cat.slotIds[n % cat.slotIds.length]!,
    firstName: `Alex${n}`,
    lastName: 'Tan',
    email,
    mobileNumber: '91234567',
    gender: 'male',
    identificationNumber: `S${String(n % 10_000_000).padStart(7, '0')}X`,
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
  };
}

export interface Answer {
  n: number;
  status: number;
  /** Parsed JSON, or the raw text when it was not JSON; null when the request itself failed. */
  body: unknown;
  /** fetch failed (connection refused, reset, aborted): the message. */
  error: string | null;
  startedAt: number;
  ms: number;
}

/** One booking request with a hard client-side limit, so a hanging api shows up as an answer, not a stuck test. */
export async function book(baseUrl: string, n: number, cat: Catalogue, limitMs = 20_000): Promise<Answer> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bookingBody(n, cat)),
      signal: AbortSignal.timeout(limitMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { n, status: res.status, body, error: null, startedAt, ms: Date.now() - startedAt };
  } catch (err) {
    return { n, status: 0, body: null, error: (err as Error).message, startedAt, ms: Date.now() - startedAt };
  }
}

export const bookedId = (a: Answer): number => (a.body as { data: { id: number } }).data.id;

/**
 * The log holds whole bookings only: every RegistrationBooked has its SeatsReserved in the same
 * transaction and vice versa. Returns the booked registration ids.
 */
export async function wholeBookings(sql: Sql): Promise<{ booked: number[]; halfWritten: string[] }> {
  const events = await findEvents<{ registrationId?: number | string }>(sql, {
    type: ['RegistrationBooked', 'SeatsReserved'],
  });
  const of = (type: string) =>
    events
      .filter((e) => e.type === type)
      .map((e) => ({
        id: e.data.registrationId == null ? null : Number(e.data.registrationId),
        tx: e.transactionId,
      }));
  const bookings = of('RegistrationBooked');
  const reservations = of('SeatsReserved');
  // The two full-joined on the registration id: one row per pair, or per event without a partner.
  const pair = (x: { id: number | null }, y: { id: number | null }) => x.id !== null && x.id === y.id;
  const rows: { registration_id: number | null; booked: number; reserved: number; same_tx: boolean }[] = [];
  for (const b of bookings) {
    const matched = reservations.filter((r) => pair(b, r));
    if (matched.length === 0) rows.push({ registration_id: b.id, booked: 1, reserved: 0, same_tx: false });
    for (const r of matched)
      rows.push({ registration_id: b.id, booked: 1, reserved: 1, same_tx: b.tx === r.tx });
  }
  for (const r of reservations) {
    if (!bookings.some((b) => pair(b, r)))
      rows.push({ registration_id: r.id, booked: 0, reserved: 1, same_tx: false });
  }
  const halfWritten = rows
    .filter((r) => !r.booked || !r.reserved || !r.same_tx)
    .map(
      (r) =>
        `registration ${r.registration_id}: booked ${r.booked}, reserved ${r.reserved}, same tx ${r.same_tx}`,
    );
  return { booked: rows.filter((r) => r.booked).map((r) => r.registration_id!), halfWritten };
}

/** Registration ids in the orders read model. */
export async function orderIds(sql: Sql): Promise<number[]> {
  return (await sql<{ id: number }[]>`select registration_id as id from orders order by 1`).map((r) => r.id);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
