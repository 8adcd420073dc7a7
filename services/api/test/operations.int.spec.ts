/**
 * Issue 45: the dashboard's Today tab. Tomorrow's slot shows its orders, people and check-ins; an
 * unpaid order is listed as awaiting payment with its hold; what was paid today counts as revenue,
 * which the front desk is not shown.
 */
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

describe('GET /api/admin/dashboard/operations (issue 45)', () => {
  let api: TestApi;
  let runner: Runner;
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  beforeAll(async () => {
    const gateway = createTestPaymentGateway();
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      { world: { payments: { test: gateway, live: gateway } } },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it("shows tomorrow's slot, the order awaiting payment and today's revenue; no money for the front desk", async () => {
    const packageId = (
      await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128' })
    ).json().data.id as number;
    const eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Today Screening',
        slug: 'today',
        packageIds: [packageId],
      })
    ).json().data.id as number;
    const tomorrow = addDaysToDay(singaporeToday(), 1);
    const timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date: tomorrow,
        time: '10:00',
        maxAttendees: 5,
      })
    ).json().data.id as number;
    const book = async (i: number) => {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: { eventId, packageId, timeslotId, ...person(i) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; referenceNumber: string };
    };
    const paid = await book(1);
    const unpaid = await book(2);
    const pay = await api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: paid.id, nonce: 'fake-valid-nonce', amount: '139.52' },
    });
    expect(pay.statusCode, pay.body).toBe(200);

    const read = async (token?: string) => {
      const res = token
        ? await api.app.inject({
            url: '/api/admin/dashboard/operations',
            headers: { authorization: `Bearer ${token}` },
          })
        : await admin('GET', '/api/admin/dashboard/operations');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    await expect.poll(async () => (await read()).revenue?.today, { timeout: 15_000 }).not.toBe('0.00');
    const ops = await read();
    expect(ops.tomorrow).toBe(tomorrow);
    expect(ops.slots).toEqual([
      {
        timeslotId,
        date: tomorrow,
        time: '10:00',
        eventId,
        eventName: 'Today Screening',
        orders: 2,
        people: 2,
        checkedIn: 0,
      },
    ]);
    expect(ops.awaitingPayment.count).toBe(1);
    expect(ops.awaitingPayment.orders).toEqual([
      expect.objectContaining({ id: unpaid.id, referenceNumber: unpaid.referenceNumber, balance: '139.52' }),
    ]);
    expect(ops.awaitingPayment.orders[0].holdUntil).toEqual(expect.any(String));
    expect(ops.revenue).toEqual({ today: '139.52', last7Days: '139.52' });
    expect(ops.waitlistOffers).toBe(0);
    expect(ops.parkedEvents).toBe(0);

    await createUser(api.db.sql, { username: 'desk', password: 'desk-password-1234', role: 'front_desk' });
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'desk', password: 'desk-password-1234' },
    });
    const desk = await read(login.json().data.token);
    expect(desk.revenue).toBeNull();
    expect(desk.slots).toEqual(ops.slots);

    // Refunded in full, then confirmed again: the refund is owed again, so it waits for payment too.
    const refund = await admin('POST', `/api/admin/registrations/${paid.id}/refunds`, { reason: 'Test' });
    expect(refund.statusCode, refund.body).toBe(201);
    await expect
      .poll(
        async () => (await admin('GET', `/api/admin/registrations/${paid.id}`)).json().data.refundedAmount,
      )
      .toBe('139.52');
    const confirm = await admin('PATCH', `/api/admin/registrations/${paid.id}`, { status: 'confirmed' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await expect.poll(async () => (await read()).awaitingPayment.count, { timeout: 15_000 }).toBe(2);
    expect((await read()).awaitingPayment.orders).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: paid.id, balance: '139.52' })]),
    );
  });
});
