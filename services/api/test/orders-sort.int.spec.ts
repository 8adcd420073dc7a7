import { type Runner, startProjectionRunner, waitForPosition } from '@hs/eventstore';
import { ordersProjection, projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * Issue 45: the Orders tab sorts by appointment. GET /api/admin/registrations?sort=appointment (or
 * -appointment) pages through the orders by appointment date and time, ties broken by the
 * registration id, so no order is repeated or skipped between pages; `created` (the default) keeps
 * the newest booking first; anything else is a 400.
 */
describe('GET /api/admin/registrations?sort=', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  /** Booked orders, in booking order, with their appointment. */
  const booked: { id: number; date: string; time: string }[] = [];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  const list = async (query: string) => {
    const res = await api.asAdmin({ method: 'GET', url: `/api/admin/registrations?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: { id: number; timeslotDate: string | null; timeslotTime: string | null }[];
      total: number;
    };
  };
  /** Every order, read page by page. */
  const allPages = async (query: string, pageSize: number) => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await list(`${query}&page=${page}&pageSize=${pageSize}`);
      ids.push(...answer.data.map((o) => o.id));
      if (page * pageSize >= answer.total) return ids;
    }
  };
  const byAppointment = () =>
    [...booked]
      .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id)
      .map((o) => o.id);

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      {},
      { checkAnswers: true },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    packageId = (await admin('/api/admin/packages', { name: 'Basic Health', price: '128' })).json().data.id;
    eventId = (
      await admin('/api/admin/events', {
        name: 'Sorted Screening',
        slug: 'sorted',
        location: 'Bishan',
        packageIds: [packageId],
      })
    ).json().data.id;
    // Slots whose creation order is not their appointment order: a later day, an earlier time.
    const slots: { id: number; date: string; time: string }[] = [];
    for (const [offset, time] of [
      [12, '09:00'],
      [10, '14:30'],
      [10, '08:15'],
      [11, '10:00'],
    ] as const) {
      const res = await admin(`/api/admin/events/${eventId}/timeslots`, {
        date: day(offset),
        time,
        maxAttendees: 50,
      });
      expect(res.statusCode, res.body).toBe(201);
      slots.push({ id: res.json().data.id, date: day(offset), time });
    }
    // Bookings spread over the slots out of order, two or three in a slot (ties for the id to break).
    let position = '';
    for (const [i, slot] of [0, 2, 1, 3, 2, 0, 1, 2, 3].entries()) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: { eventId, packageId, timeslotId: slots[slot]!.id, ...person(i + 1) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data as { id: number; position: string };
      booked.push({ id: data.id, date: slots[slot]!.date, time: slots[slot]!.time });
      position = data.position;
    }
    await waitForPosition(api.db.sql, ordersProjection.name, position, 10_000);
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('keeps the newest booking first by default and with sort=created', async () => {
    const newestFirst = [...booked].map((o) => o.id).reverse();
    expect((await list('pageSize=50')).data.map((o) => o.id)).toEqual(newestFirst);
    expect((await list('sort=created&pageSize=50')).data.map((o) => o.id)).toEqual(newestFirst);
    // an empty sort, as a form may send, is no sort
    expect((await list('sort=&pageSize=50')).data.map((o) => o.id)).toEqual(newestFirst);
  });

  it('sorts by appointment date and time, earliest first, ties by registration id', async () => {
    const answer = await list('sort=appointment&pageSize=50');
    expect(answer.data.map((o) => o.id)).toEqual(byAppointment());
    const appointments = answer.data.map((o) => `${o.timeslotDate} ${o.timeslotTime}`);
    expect(appointments).toEqual([...appointments].sort());
    // 08:15 before 14:30 on the same day: the time is compared, not only the day
    expect(appointments.slice(0, 4)).toEqual([
      `${day(10)} 08:15`,
      `${day(10)} 08:15`,
      `${day(10)} 08:15`,
      `${day(10)} 14:30`,
    ]);
  });

  it('sorts by appointment, latest first, with -appointment', async () => {
    expect((await list('sort=-appointment&pageSize=50')).data.map((o) => o.id)).toEqual(
      byAppointment().reverse(),
    );
  });

  it('pages without repeating or skipping an order, in either direction', async () => {
    for (const pageSize of [1, 2, 4]) {
      expect(await allPages('sort=appointment', pageSize)).toEqual(byAppointment());
      expect(await allPages('sort=-appointment', pageSize)).toEqual(byAppointment().reverse());
    }
  });

  it('sorts within the filters', async () => {
    const [first, second] = byAppointment();
    const mine = booked.find((o) => o.id === second)!;
    const answer = await list(`sort=appointment&eventId=${eventId}&search=Ling&pageSize=2`);
    expect(answer.total).toBe(booked.length);
    expect(answer.data.map((o) => o.id)).toEqual([first, second]);
    expect(answer.data[1]).toMatchObject({ timeslotDate: mine.date, timeslotTime: mine.time });
  });

  it('answers 400, not 500, for a sort it does not know', async () => {
    for (const sort of ['name', 'APPOINTMENT', '+appointment', 'appointment;drop table orders']) {
      const res = await api.asAdmin({
        method: 'GET',
        url: `/api/admin/registrations?sort=${encodeURIComponent(sort)}`,
      });
      expect(res.statusCode, `${sort}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(api.errors.filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  it('reads the appointment order from the appointment-day index (migration 027), no full sort', async () => {
    for (const order of [
      'timeslot_date asc nulls last, timeslot_time asc nulls last, registration_id asc',
      'timeslot_date desc nulls first, timeslot_time desc nulls first, registration_id desc',
    ]) {
      const plan = await api.db.sql.begin(async (tx) => {
        // A handful of rows would be read by a sequential scan; the question is whether an index can give the order.
        await tx`set local enable_seqscan = off`;
        const rows = await tx.unsafe(`explain select registration_id from orders order by ${order} limit 50`);
        return rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('orders_timeslot_date');
      expect(plan).toMatch(/Incremental Sort/);
      expect(plan).not.toMatch(/(?<!Incremental )Sort {2}\(|->\s+Sort\b/);
    }
  });
});
