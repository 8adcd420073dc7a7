/**
 * Refunds (issue 21): staff refunds of card payments through the test gateway, their limits,
 * idempotency and concurrency, a gateway failure, and the public cancel's automatic refund or review.
 */
import { type Runner, findEvents, startProjectionRunner } from '@hs/eventstore';
import { createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/** 20 days: a slot 9 days ahead is "late", one 40 days ahead is early enough for an automatic refund. */
const CUTOFF_HOURS = 480;
const EXCEEDS = 'The refund is more than what was paid and not yet refunded.';
const NOTHING = 'Nothing paid by card on this order is left to refund.';
const GATEWAY_FAILED = 'The payment gateway did not accept the refund. Nothing was refunded.';

describe('refunds', () => {
  let api: TestApi;
  let runner: Runner;
  const gateway = createTestPaymentGateway();
  let eventId: number;
  let packageId: number;
  let nearSlot: number;
  let farSlot: number;
  let people = 0;

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const refund = (id: number, payload: object, key?: string) =>
    api.asAdmin({
      method: 'POST',
      url: `/api/admin/registrations/${id}/refunds`,
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const eventsOf = (id: number, type: string) =>
    findEvents<Record<string, unknown>>(api.db.sql, { streamId: `registration-${id}`, type });
  const refundsOf = (transactionId: string) =>
    gateway.refunds.filter((r) => r.transactionId === transactionId);

  /** A booking of one Basic Health (S$139.52) paid by card. */
  const paidOrder = async (timeslotId = nearSlot) => {
    people += 1;
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(people) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().data as { id: number; reference_number: string };
    const paid = await api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: order.id, nonce: 'fake-valid-nonce', amount: '139.52' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { id: order.id, reference: order.reference_number, sale: paid.json().transactionId as string };
  };

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false }, refundCutoffHours: CUTOFF_HOURS },
      { world: { payments: { test: gateway, live: createTestPaymentGateway() } } },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Refund Screening',
        slug: 'refund-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const slot = async (days: number) => {
      const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date,
        time: '10:00',
        maxAttendees: 500,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    nearSlot = await slot(9);
    farSlot = await slot(40);
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('refunds everything card-paid by default (an unsettled sale is voided), then nothing is left', async () => {
    const order = await paidOrder();
    const res = await refund(order.id, { reason: 'Customer asked' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { id: expect.any(String), amount: '139.52', status: 'succeeded', transactionId: order.sale },
    });
    expect(refundsOf(order.sale)).toEqual([
      { transactionId: order.sale, kind: 'void', refundTransactionId: order.sale, amountCents: 13952 },
    ]);
    const [recorded] = await eventsOf(order.id, 'RefundRecorded');
    expect(recorded!.metadata.actor).toMatch(/^admin:/);
    expect(recorded!.data).toMatchObject({
      refundId: res.json().data.id,
      amountCents: 13952,
      kind: 'void',
      gatewayTransactionId: order.sale,
      reason: 'Customer asked',
      refundedCents: 13952,
    });

    // Read your writes (issue 45): the order's details, read right after the answer, show the refund.
    const details = (await admin('GET', `/api/admin/registrations/${order.id}`)).json().data;
    expect(details.refundedAmount).toBe('139.52');

    const again = await refund(order.id, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: NOTHING });
    expect(refundsOf(order.sale)).toHaveLength(1);
  });

  it('refunds parts of a settled sale, never more than paid minus refunded', async () => {
    const order = await paidOrder();
    gateway.settle(order.sale);
    const part = await refund(order.id, { amount: '40.00', reason: 'One test skipped' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ amount: '40.00', status: 'succeeded' });
    expect(part.json().data.transactionId).not.toBe(order.sale);

    const over = await refund(order.id, { amount: '99.53', reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: EXCEEDS });

    const rest = await refund(order.id, { amount: '99.52', reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.amount).toBe('99.52');
    expect((await refund(order.id, { reason: 'More' })).json().message).toBe(NOTHING);
    expect(refundsOf(order.sale).map((r) => [r.kind, r.amountCents])).toEqual([
      ['refund', 4000],
      ['refund', 9952],
    ]);
    expect((await eventsOf(order.id, 'RefundRecorded')).map((e) => e.data.refundedCents)).toEqual([
      4000, 13952,
    ]);
  });

  it("answers the gateway's refusal with 409 and records nothing as refunded", async () => {
    const order = await paidOrder();
    // a part of a sale that has not settled yet cannot be refunded
    const res = await refund(order.id, { amount: '10.00', reason: 'Part' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/settle.*Nothing was refunded\.$/);
    expect(await eventsOf(order.id, 'RefundRecorded')).toHaveLength(0);
    const [failed] = await eventsOf(order.id, 'RefundFailed');
    expect(failed!.data).toMatchObject({ amountCents: 1000, failure: 'refused' });
    expect(refundsOf(order.sale)).toHaveLength(0);
  });

  it('answers a replayed Idempotency-Key with the first answer, and refunds once', async () => {
    const order = await paidOrder();
    gateway.settle(order.sale);
    const first = await refund(order.id, { amount: '10.00', reason: 'Goodwill' }, 'key-1');
    expect(first.statusCode, first.body).toBe(201);
    // the same key, even with another amount, is the same refund
    for (const body of [
      { amount: '10.00', reason: 'Goodwill' },
      { amount: '20.00', reason: 'Other' },
    ]) {
      const replay = await refund(order.id, body, 'key-1');
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
    }
    expect(refundsOf(order.sale)).toHaveLength(1);
    expect(await eventsOf(order.id, 'RefundRecorded')).toHaveLength(1);
    // another key is another refund
    const second = await refund(order.id, { amount: '10.00', reason: 'Goodwill' }, 'key-2');
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).not.toBe(first.json().data.id);
  });

  it('refunds once for 20 concurrent identical requests, all answered alike', async () => {
    const order = await paidOrder();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund(order.id, { reason: 'Double clicked' }, 'same-key')),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json().data.amount).toBe('139.52');
    expect(await eventsOf(order.id, 'RefundRequested')).toHaveLength(1);
    expect(await eventsOf(order.id, 'RefundRecorded')).toHaveLength(1);
    expect(refundsOf(order.sale)).toHaveLength(1);
  });

  it('answers a gateway failure with 502, records nothing as refunded and releases the reserved amount', async () => {
    const order = await paidOrder();
    gateway.failNextRefunds();
    const res = await refund(order.id, { reason: 'Customer asked' }, 'outage');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: GATEWAY_FAILED });
    expect(await eventsOf(order.id, 'RefundRecorded')).toHaveLength(0);
    const [failed] = await eventsOf(order.id, 'RefundFailed');
    expect(failed!.data).toMatchObject({ amountCents: 13952, failure: 'unavailable' });
    expect(refundsOf(order.sale)).toHaveLength(0);
    // the replay answers the first answer; a new request may take the whole amount again
    const replay = await refund(order.id, { reason: 'Customer asked' }, 'outage');
    expect([replay.statusCode, replay.json()]).toEqual([502, res.json()]);
    const retry = await refund(order.id, { reason: 'Customer asked' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.amount).toBe('139.52');
  });

  it('validates the request and knows no unknown order', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, {})).statusCode).toBe(400);
    expect((await refund(order.id, { amount: '1.234', reason: 'x' })).statusCode).toBe(400);
    expect((await refund(order.id, { amount: '0.00', reason: 'x' })).statusCode).toBe(400);
    expect((await refund(999_999, { reason: 'x' })).statusCode).toBe(404);
    const anonymous = await api.app.inject({
      method: 'POST',
      url: `/api/admin/registrations/${order.id}/refunds`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('a public cancel of a paid order', () => {
    const lookup = async (reference: string) => {
      await expect
        .poll(
          async () => (await api.app.inject(`/api/registrations/lookup/${reference}`)).json().data?.status,
          {
            timeout: 15_000,
          },
        )
        .toBe('paid');
      return (await api.app.inject(`/api/registrations/lookup/${reference}`)).json().data;
    };
    const cancel = (id: number) => api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });

    it('refunds the card payment automatically when cancelled early enough', async () => {
      const order = await paidOrder(farSlot);
      expect((await lookup(order.reference)).cancellationRefund).toEqual({
        kind: 'automatic',
        amount: '139.52',
      });
      const res = await cancel(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const [recorded] = await eventsOf(order.id, 'RefundRecorded');
      expect(recorded!.metadata.actor).toBe('public');
      expect(recorded!.data).toMatchObject({
        amountCents: 13952,
        kind: 'void',
        gatewayTransactionId: order.sale,
      });
      const [cancelled] = await eventsOf(order.id, 'RegistrationCancelled');
      expect(cancelled!.data.needsRefundReview).toBeUndefined();
      expect(refundsOf(order.sale)).toHaveLength(1);
    });

    it('flags it for staff review and refunds nothing when cancelled late', async () => {
      const order = await paidOrder(nearSlot);
      expect((await lookup(order.reference)).cancellationRefund).toEqual({
        kind: 'review',
        amount: '139.52',
      });
      const res = await cancel(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const [cancelled] = await eventsOf(order.id, 'RegistrationCancelled');
      expect(cancelled!.data.needsRefundReview).toBe(true);
      expect(await eventsOf(order.id, 'RefundRequested')).toHaveLength(0);
      expect(refundsOf(order.sale)).toHaveLength(0);
      await expect
        .poll(
          async () =>
            (await api.app.inject(`/api/registrations/lookup/${order.reference}`)).json().data.status,
          { timeout: 15_000 },
        )
        .toBe('cancelled');
      const after = (await api.app.inject(`/api/registrations/lookup/${order.reference}`)).json().data;
      expect(after.cancellationRefund).toEqual({ kind: 'none', amount: '0.00' });
    });

    it('says an unpaid order refunds nothing', async () => {
      people += 1;
      const booked = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: { eventId, packageId, timeslotId: farSlot, ...person(people) },
      });
      const reference = booked.json().data.reference_number as string;
      await expect
        .poll(async () => (await api.app.inject(`/api/registrations/lookup/${reference}`)).statusCode, {
          timeout: 15_000,
        })
        .toBe(200);
      const data = (await api.app.inject(`/api/registrations/lookup/${reference}`)).json().data;
      expect(data.cancellationRefund).toEqual({ kind: 'none', amount: '0.00' });
    });
  });
});
