import { addDaysToDay, singaporeToday, toMoneyString } from '@hs/domain';
import {
  allEventsBelowHorizon,
  append,
  applyNextBatch,
  ensureCheckpoint,
  type NewEvent,
} from '@hs/eventstore';
import { projections, reportsProjection } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * Issue 25: GET /api/admin/reports/insights answers every chart from the reports read model. Orders
 * are booked through the api (the real command); what follows a booking is appended as the commands
 * would, and the projections run.
 */
describe('reports insights', () => {
  let api: TestApi;
  let eventId: number;
  let packageId: number;
  let slotId: number;
  const day = singaporeToday();
  const admin = (url: string) => api.asAdmin({ method: 'GET', url });
  const add = (id: number, events: NewEvent[]) =>
    append(
      api.db.sql,
      { streamId: `registration-${id}`, expectedVersion: 'any', events },
      { actor: 'admin:test' },
    );
  const at = new Date().toISOString();
  async function project() {
    while (!(await allEventsBelowHorizon(api.db.sql))) await new Promise((r) => setTimeout(r, 10));
    for (const p of projections) while ((await applyNextBatch(api.db.sql, p, null, 1_000)) > 0);
  }

  beforeAll(async () => {
    api = await startTestApi();
    for (const p of projections) await ensureCheckpoint(api.db.sql, p.name);
    packageId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data.id;
    eventId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: {
          name: 'Community Screening',
          slug: 'community',
          location: 'Toa Payoh',
          packageIds: [packageId],
        },
      })
    ).json().data.id;
    const slot = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/events/${eventId}/timeslots`,
      payload: { date: addDaysToDay(day, 1), time: '23:30', maxAttendees: 10 },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    slotId = slot.json().data.id;
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('counts bookings, cancellations, expiries, revenue, refunds, attendance and waiting-list demand', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: { eventId, packageId, timeslotId: slotId, ...person(i) },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    await add(a, [{ type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'admin', at } }]);
    await add(b, [
      { type: 'RegistrationExpired', data: { holdUntil: at, seats: 1, reason: 'hold-expired', at } },
    ]);
    await add(c, [
      {
        type: 'PaymentRecorded',
        data: { transactionId: 't1', amountCents: 1, method: 'card', balanceDueCents: 0, at },
      },
      {
        type: 'RefundRecorded',
        data: {
          refundId: 'r1',
          amountCents: 2_500,
          kind: 'refund',
          gatewayTransactionId: 'g1',
          reason: 'x',
          refundedCents: 2_500,
          at,
        },
      },
      { type: 'ParticipantsCheckedIn', data: { participantIds: ['p'], by: 'admin', at } },
    ]);
    await add(d, [{ type: 'MarkedNoShow', data: { participantIds: ['q'], appointmentDate: day, at } }]);
    await append(
      api.db.sql,
      {
        streamId: 'waitlist-w1',
        expectedVersion: 'any',
        events: [
          {
            type: 'WaitlistJoined',
            data: {
              entryId: 'w1',
              eventId,
              packageId,
              postalCode: '560123',
              region: 'central',
              firstName: 'A',
              lastName: 'B',
              email: 'w@example.com',
              mobileNumber: '91234567',
              seats: 3,
              preferredDates: [],
              tokenHash: 'h',
              joinedAt: at,
            },
          },
        ],
      },
      { actor: 'public' },
    );
    await project();

    const res = await admin(`/api/admin/reports/insights?eventId=${eventId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.to).toBe(day);
    expect(data.from).toBe(addDaysToDay(day, -29));
    expect(data.bookings).toHaveLength(30);
    expect(data.bookings.at(-1)).toEqual({ date: day, booked: 4, cancelled: 1, expired: 1 });
    expect(data.bookings.slice(0, -1).every((r: { booked: number }) => r.booked === 0)).toBe(true);

    const [order] = await api.db.sql<{ total: number; discounts: number }[]>`
      select total_cents::int as total, (discount_cents + member_discount_cents)::int as discounts
      from orders where registration_id = ${c}`;
    const gross = order!.total + order!.discounts;
    expect(data.revenue).toEqual([
      {
        weekStart: expect.any(String),
        gross: toMoneyString(gross),
        discounts: toMoneyString(order!.discounts),
        refunds: '25.00',
        net: toMoneyString(gross - order!.discounts - 2_500),
      },
    ]);
    // The default range's utilisation reaches 30 days past today: the slot tomorrow is there.
    expect(data.utilisation.map((r: { timeslotId: number }) => r.timeslotId)).toEqual([slotId]);
    const past = await admin(
      `/api/admin/reports/insights?from=${addDaysToDay(day, -100)}&to=${addDaysToDay(day, -40)}`,
    );
    expect(past.json().data.utilisation).toEqual([]);
    expect(data.noShows).toEqual([
      { eventId, eventName: 'Community Screening', checkedIn: 1, noShow: 1, rate: 0.5 },
    ]);
    expect(data.waitlist).toEqual([{ region: 'central', joined: 1, seats: 3 }]);

    // The seats as slot_availability has them: the appended cancel and expiry released none.
    const ahead = await admin(`/api/admin/reports/insights?from=${day}&to=${addDaysToDay(day, 1)}`);
    expect(ahead.json().data.utilisation).toEqual([
      { date: addDaysToDay(day, 1), region: null, timeslotId: slotId, time: '23:30', booked: 4, max: 10 },
    ]);

    const csv = await admin(`/api/admin/reports/insights.csv?chart=bookings&from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`insights-bookings-${day}-${day}.csv`);
    expect(csv.body).toBe(`date,booked,cancelled,expired\r\n${day},4,1,1\r\n`);
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const query of [
      'from=2026-02-31',
      'to=tomorrow',
      'from=2026-03-02&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'eventId=0',
      'eventId=abc',
    ]) {
      const res = await admin(`/api/admin/reports/insights?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await admin('/api/admin/reports/insights.csv?chart=pie')).statusCode).toBe(400);
    expect((await admin('/api/admin/reports/insights.csv')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await api.app.inject('/api/admin/reports/insights')).statusCode).toBe(401);
    expect(reportsProjection.name).toBe('reports');
  });
});
