/**
 * Shared by the Redis outage and worker takeover tests: an event of the test's own with 100% promo
 * codes (every booking is confirmed at once, so the worker sends a confirmation email), bookings
 * over HTTP, /readyz, and polling with a deadline.
 */
import type { Sql } from '@hs/db';
import { findEvents } from '@hs/eventstore';
import { type ProductStack, randomName } from '@hs/testing';

export interface FreeEvent {
  eventId: number;
  packageId: number;
  timeslotIds: number[];
  /** One 100% promo code per booking (a code of its own: no two bookings contend for a code's stream). */
  codes: string[];
}

export interface Booked {
  status: number;
  email: string;
  id?: number;
  referenceNumber?: string;
  error?: string;
}

/** Logs in as the demo admin and returns a caller of the admin api. */
async function adminClient(stack: ProductStack, baseUrl = stack.baseUrl) {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(stack.admin),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async <T = { id: number }>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: unknown };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data as T;
  };
}

/**
 * An event with one package, `slots` timeslots of `capacity` seats 10 days ahead (their reminders are
 * delayed jobs), and `bookings` single-use 100% promo codes: each booking is `confirmed` at once and
 * gets a confirmation email. Bookings spread over the slots, so a burst does not fight over one
 * slot's stream version.
 */
export async function freeEvent(
  stack: ProductStack,
  slots: number,
  capacity: number,
  bookings: number,
): Promise<FreeEvent> {
  const admin = await adminClient(stack);
  const tag = randomName('f').slice(2);
  const pkg = await admin('POST', '/api/admin/packages', { name: `Fault package ${tag}`, price: '100' });
  const event = await admin('POST', '/api/admin/events', {
    name: `Fault screening ${tag}`,
    slug: `fault-${tag}`,
    location: 'Toa Payoh',
    packageIds: [pkg.id],
  });
  const times = ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'];
  const timeslotIds: number[] = [];
  for (let i = 0; i < slots; i++) {
    const slot = await admin('POST', `/api/admin/events/${event.id}/timeslots`, {
      date: new Date(Date.now() + (10 + Math.floor(i / times.length)) * 86_400_000)
        .toISOString()
        .slice(0, 10),
      time: times[i % times.length],
      maxAttendees: capacity,
    });
    timeslotIds.push(slot.id);
  }
  const discount = await admin('POST', '/api/admin/discounts', {
    name: `Free ${tag}`,
    discountType: 'promo',
    identifierPrefix: 'free-',
    identifierLength: 10,
    value: '100',
    discountValueType: 'percentage',
    limitRedemption: true,
    maxRedemptions: 1,
  });
  const codes = await admin<{ identifier: string }[]>(
    'POST',
    `/api/admin/discounts/${discount.id}/generate-identifiers`,
    { count: bookings },
  );
  return { eventId: event.id, packageId: pkg.id, timeslotIds, codes: codes.map((c) => c.identifier) };
}

/** POST /api/registrations for person `n` (with code `n`); never throws (a network error is status 0). */
export async function book(baseUrl: string, ev: FreeEvent, n: number, email: string): Promise<Booked> {
  const body = {
    eventId: ev.eventId,
    packageId: ev.packageId,
    timeslotId: ev.timeslotIds[n % ev.timeslotIds.length],
    discountCode: ev.codes[n],
    firstName: `Fault${n}`,
    lastName: 'Tan',
    email,
    mobileNumber: '91234567',
    gender: 'female',
    identificationNumber: `S${String(n % 10_000_000).padStart(7, '0')}X`,
    dateOfBirth: '1990-01-01',
    postalCode: '530123',
    address: '1 Ang Mo Kio Ave',
  };
  try {
    const res = await fetch(`${baseUrl}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { id: number; referenceNumber: string } };
    if (!res.ok) return { status: res.status, email, error: JSON.stringify(json) };
    return { status: res.status, email, id: json.data!.id, referenceNumber: json.data!.referenceNumber };
  } catch (err) {
    return { status: 0, email, error: String((err as Error).cause ?? (err as Error).message) };
  }
}

/** ConfirmationEmailSent facts per stream (of `streamIds` only, when given); streams without one are left out. */
export async function confirmationFacts(
  sql: Sql,
  streamIds?: string[],
): Promise<{ id: string; n: number }[]> {
  const facts = await findEvents(sql, {
    type: 'ConfirmationEmailSent',
    ...(streamIds && { streamId: streamIds }),
  });
  const perStream = new Map<string, number>();
  for (const e of facts) perStream.set(e.streamId, (perStream.get(e.streamId) ?? 0) + 1);
  return [...perStream].map(([id, n]) => ({ id, n }));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` until it returns true, or throws after `timeoutMs` with `describe()` (what was still
 * missing) in the message.
 */
export async function waitUntil(
  timeoutMs: number,
  check: () => boolean | Promise<boolean>,
  describe: () => string | Promise<string>,
  intervalMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms: ${await describe()}`);
    await sleep(intervalMs);
  }
}

interface QueueView {
  queues: { name: string; counts: { waiting: number; active: number; delayed: number } }[];
  subscriptions: { name: string; lagEvents: number }[];
}

/**
 * Waits until the product is quiet and stays so for `quietMs`: every subscription (the reactor
 * included) at the head of the log and no job waiting, running or delayed for a retry, as the admin
 * queue view (GET /api/admin/queues) reports them. A job still in flight, a stalled job of a killed
 * worker (BullMQ keeps it active until a survivor moves it) or a retry waiting out its backoff keeps
 * it from being quiet; `quietMs` covers what no count shows (a sweeper about to append, a job a moment
 * from being enqueued). Then a late duplicate would already have shown.
 */
export async function waitQuiet(
  stack: ProductStack,
  quietMs: number,
  timeoutMs = 60_000,
  baseUrl = stack.baseUrl,
): Promise<void> {
  const admin = await adminClient(stack, baseUrl);
  let last = '';
  const busy = async () => {
    try {
      const view = await admin<QueueView>('GET', '/api/admin/queues');
      const jobs = view.queues.filter((q) => q.counts.waiting + q.counts.active + q.counts.delayed > 0);
      const lagging = view.subscriptions.filter((s) => s.lagEvents > 0);
      last = JSON.stringify({ jobs, lagging });
      return jobs.length > 0 || lagging.length > 0;
    } catch (err) {
      last = (err as Error).message;
      return true;
    }
  };
  let quietSince = Date.now();
  await waitUntil(
    timeoutMs,
    async () => {
      if (await busy()) quietSince = Date.now();
      return Date.now() - quietSince >= quietMs;
    },
    () => `quiet for ${quietMs} ms; last seen busy: ${last}`,
    100,
  );
}

export interface Readiness {
  httpStatus: number;
  status?: string;
  postgres?: { ok: boolean };
  redis?: { ok: boolean; error?: string };
}

export async function readyz(baseUrl: string): Promise<Readiness> {
  try {
    const res = await fetch(`${baseUrl}/readyz`);
    return { httpStatus: res.status, ...((await res.json()) as Omit<Readiness, 'httpStatus'>) };
  } catch {
    return { httpStatus: 0 };
  }
}
