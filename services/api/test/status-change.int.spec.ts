import { changeRegistration } from '@hs/commands';
/**
 * Issue 45: every admin status change is decided on the order's money and seats, and staff see what it
 * does before it happens. Confirming a cancelled, refunded order makes the refund owed again; a full
 * slot refuses it with the spec's wording; the preview and the change itself always agree.
 */
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

describe('admin status changes, decided on money and seats (issue 45)', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let people = 0;
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const slot = async (maxAttendees: number, days: number) => {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
      date,
      time: '10:00',
      maxAttendees,
    });
    return res.json().data.id as number;
  };
  const book = async (timeslotId: number, pay: boolean) => {
    people += 1;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(people) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.id as number;
    if (pay) {
      const paid = await api.app.inject({
        method: 'POST',
        url: '/api/payments/process',
        payload: { registrationId: id, nonce: 'fake-valid-nonce', amount: '139.52' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return id;
  };
  const preview = async (id: number, status: string) =>
    (await admin('GET', `/api/admin/registrations/${id}/status-change?status=${status}`)).json().data;
  const patch = (id: number, status: string) => admin('PATCH', `/api/admin/registrations/${id}`, { status });
  const order = async (id: number) => (await admin('GET', `/api/admin/registrations/${id}`)).json().data;

  beforeAll(async () => {
    const gateway = createTestPaymentGateway();
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      { world: { payments: { test: gateway, live: gateway } } },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Status Screening',
        slug: 'status-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('confirming a cancelled, refunded order shows the consequence, takes the seat again and leaves the refund to pay', async () => {
    const slotId = await slot(2, 10);
    const id = await book(slotId, true);
    expect((await patch(id, 'canceled')).statusCode).toBe(200);
    const refund = await admin('POST', `/api/admin/registrations/${id}/refunds`, { reason: 'Cancelled' });
    expect(refund.statusCode, refund.body).toBe(201);
    await expect
      .poll(async () => (await order(id)).refundedAmount ?? (await order(id)).refunds?.length)
      .toBeTruthy();

    expect(await preview(id, 'confirmed')).toEqual({
      allowed: true,
      message:
        'This order was cancelled and refunded S$139.52. Confirming it takes 1 seat again (1 left) and leaves S$139.52 to pay.',
      seatsTaken: 1,
      seatsFreed: 0,
      seatsLeftAfter: 1,
      owedAgain: '139.52',
      balanceAfter: '139.52',
    });
    const confirmed = await patch(id, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', balanceDue: '139.52' });
    const ref = (await order(id)).referenceNumber as string;
    const lookup = await api.app.inject(`/api/registrations/lookup/${ref}`);
    expect(lookup.json().data).toMatchObject({ status: 'confirmed', balanceDue: '139.52' });
    // What is owed again can be paid, and then nothing is.
    const paid = await api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      headers: { 'idempotency-key': `owed-again-${id}` },
      payload: { registrationId: id, nonce: 'fake-valid-nonce', amount: '139.52' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, amount: '139.52' });
    await expect.poll(async () => (await order(id)).balanceDue).toBe('0.00');
  });

  it('refuses to confirm a cancelled order onto a full slot, in the preview and the change alike', async () => {
    const slotId = await slot(1, 11);
    const first = await book(slotId, false);
    expect((await patch(first, 'canceled')).statusCode).toBe(200);
    await book(slotId, false);
    await expect.poll(async () => (await preview(first, 'confirmed')).allowed).toBe(false);
    expect((await preview(first, 'confirmed')).message).toBe('This timeslot is fully booked');
    const refused = await patch(first, 'confirmed');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'This timeslot is fully booked' });
    expect((await order(first)).status).toBe('canceled');
  });

  it('answers the preview and the change alike on every pair of reachable status and target', async () => {
    const slotId = await slot(50, 12);
    const make: Record<string, () => Promise<number>> = {
      pending_payment: () => book(slotId, false),
      paid: () => book(slotId, true),
      confirmed: async () => {
        const id = await book(slotId, false);
        expect((await patch(id, 'confirmed')).statusCode).toBe(200);
        return id;
      },
      canceled: async () => {
        const id = await book(slotId, false);
        expect((await patch(id, 'canceled')).statusCode).toBe(200);
        return id;
      },
      // the payment hold ran out (the worker's sweeper, its clock two days on)
      expired: async () => {
        const id = await book(slotId, false);
        const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
        await changeRegistration(api.db.sql, id, { type: 'ExpireHold', at: later }, { actor: 'worker:test' });
        return id;
      },
    };
    for (const [from, create] of Object.entries(make)) {
      for (const to of ['confirmed', 'canceled', 'paid', 'completed']) {
        const id = await create();
        await expect.poll(async () => (await order(id)).status).toBe(from);
        const seenRes = await admin('GET', `/api/admin/registrations/${id}/status-change?status=${to}`);
        const res = await patch(id, to);
        const label = `${from} -> ${to}: ${res.body}`;
        if (seenRes.statusCode === 400) {
          // Not a target staff may set: both refuse it with the same 400.
          expect(res.statusCode, label).toBe(400);
          expect(seenRes.json().message, label).toBe(res.json().message);
          expect(['paid', 'completed'], label).toContain(to);
          continue;
        }
        const seen = seenRes.json().data;
        if (seen.allowed) {
          expect(res.statusCode, label).toBe(200);
          expect(res.json().data.status, label).toBe(to);
          expect(res.json().data.balanceDue, label).toBe(seen.balanceAfter);
        } else {
          // a target staff may set, refused for this order: a conflict with its state
          expect(res.statusCode, label).toBe(409);
          expect(res.json().message, label).toBe(seen.message);
        }
        // an expired order is confirmed only by paying for it again (issue 21)
        const allowed =
          from !== to &&
          (to === 'confirmed' || to === 'canceled') &&
          !(from === 'expired' && to === 'confirmed');
        expect(seen.allowed, label).toBe(allowed);
      }
    }
  });

  it('knows no unknown order', async () => {
    const res = await admin('GET', '/api/admin/registrations/999999999/status-change?status=confirmed');
    expect(res.statusCode).toBe(404);
  });
});
