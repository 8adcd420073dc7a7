import { type Runner, countEvents, findEvents, startProjectionRunner } from '@hs/eventstore';
import { createFakePartnerClient, createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi, person } from './helpers';

describe('card payments and the partner hand-off', () => {
  let api: TestApi;
  let runner: Runner;
  const gateway = createTestPaymentGateway();
  const partner = createFakePartnerClient();
  let eventId: number;
  let packageId: number;
  let timeslotId: number;

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url, payload, headers });
  const book = async (i: number, extra: object = {}) => {
    const res = await post('/api/registrations', { eventId, packageId, timeslotId, ...person(i), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as {
      id: number;
      reference_number: string;
      status: string;
      totalAmount: string;
      balanceDue: string;
      position: string;
    };
  };
  const history = async (id: number, type = 'PaymentRecorded') => {
    await expect
      .poll(
        async () =>
          (await admin('GET', `/api/admin/registrations/${id}/history`))
            .json()
            .data.some((e: { type: string }) => e.type === type),
        { timeout: 15_000 },
      )
      .toBe(true);
    return (await admin('GET', `/api/admin/registrations/${id}/history`)).json().data as {
      type: string;
      actor: string;
      data: { transactionId?: string };
    }[];
  };

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      { world: { payments: { test: gateway, live: createTestPaymentGateway() }, partner } },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'WhiteCoat Health Screening',
        slug: 'whitecoat-health-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date,
        time: '10:00',
        maxAttendees: 500,
      })
    ).json().data.id;
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('takes the balance in test mode, once, and records it in the history', async () => {
    const token = (await api.app.inject('/api/payments/client-token')).json();
    expect(token).toMatchObject({ success: true, testMode: true });
    expect(token.token).toMatch(/^test-/);

    const order = await book(1);
    expect(order).toMatchObject({ status: 'pending_payment', balanceDue: '139.52' });
    const declined = await post('/api/payments/process', {
      registrationId: order.id,
      nonce: 'fake-processor-declined-visa-nonce',
      amount: '139.52',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ success: false, message: 'Payment processing failed' });

    const tampered = await post('/api/payments/process', {
      registrationId: order.id,
      nonce: 'fake-valid-nonce',
      amount: '1.00',
    });
    expect(tampered.statusCode).toBe(409);
    expect(gateway.charges).toHaveLength(0);

    const paid = await post('/api/payments/process', {
      registrationId: order.id,
      nonce: 'fake-valid-nonce',
      amount: 139.52,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, amount: '139.52' });
    const again = await post('/api/payments/process', {
      registrationId: order.id,
      nonce: 'fake-valid-nonce',
      amount: 139.52,
    });
    expect(again.json()).toEqual(paid.json());
    expect(gateway.charges).toHaveLength(1);

    const lookupUrl = `/api/registrations/lookup/${order.reference_number}`;
    // The read model follows the log; poll until it shows the payment.
    await expect
      .poll(async () => (await api.app.inject(lookupUrl)).json().data?.status, { timeout: 15_000 })
      .toBe('paid');
    const lookup = (await api.app.inject(lookupUrl)).json().data;
    expect(lookup).toMatchObject({
      referenceNumber: order.reference_number,
      balanceDue: '0.00',
      transactionId: paid.json().transactionId,
    });
    const events = await history(order.id);
    const payment = events.find((e) => e.type === 'PaymentRecorded')!;
    expect(payment.actor).toBe('public');
    expect(payment.data.transactionId).toBe(paid.json().transactionId);
    expect(events.filter((e) => e.type === 'PaymentRecorded')).toHaveLength(1);
    expect(
      (await post('/api/payments/process', { registrationId: order.id, nonce: 'another', amount: 139.52 }))
        .statusCode,
    ).toBe(409);
  });

  it('charges once under 20 concurrent identical requests', async () => {
    const order = await book(2);
    const before = gateway.charges.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          '/api/payments/process',
          { registrationId: order.id, nonce: 'fake-valid-nonce', amount: '139.52' },
          { 'idempotency-key': `pay-${order.id}` },
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.json().transactionId)).size).toBe(1);
    expect(gateway.charges.length - before).toBe(1);
    expect(
      await countEvents(api.db.sql, { streamId: `registration-${order.id}`, type: 'PaymentRecorded' }),
    ).toBe(1);
  });

  it('records a payment only when the gateway confirms it', async () => {
    const order = await book(3);
    const forged = await post(`/api/registrations/${order.id}/payment`, {
      transactionId: 'made-up',
      amount: '139.52',
    });
    expect(forged.statusCode).toBe(403);
    const patch = await api.app.inject({
      method: 'PATCH',
      url: `/api/registrations/${order.id}/status`,
      payload: { status: 'paid' },
    });
    expect(patch.statusCode).toBe(409);
    expect(
      (
        await api.app.inject({
          method: 'PATCH',
          url: `/api/registrations/${order.id}/status`,
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(403);
    const noStatus = await api.app.inject({
      method: 'PATCH',
      url: `/api/registrations/${order.id}/status`,
      payload: {},
    });
    expect(noStatus.statusCode).toBe(400);
    expect(noStatus.json()).toMatchObject({ success: false, message: 'Status is required' });
  });

  it('prices partner bookings with the partner paid amount, never the client one, once per code', async () => {
    const bad = await api.app.inject('/api/wc/123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid booking code format. The code should be 12-16 digits.');
    const full = await api.app.inject('/api/wc/100000000001');
    expect(full.json().data).toMatchObject({
      name: 'Wong Kai Xiang',
      address: { postalCode: '560123' },
      packageInfo: { amount: '139.52', isPaid: true },
      isPaidInWhiteCoat: true,
      whiteCoatPaidAmount: '139.52',
    });

    expect(
      (await post('/api/wc/create-registration', { bookingCode: '100000000001' })).json().data.id,
    ).toBeGreaterThan(0);
    const paidByPartner = await book(4, {
      whiteCoatBookingCode: '100000000001',
      isFromWhiteCoat: true,
      whiteCoatPaidAmount: '0.00',
    });
    expect(paidByPartner).toMatchObject({ status: 'paid', balanceDue: '0.00', totalAmount: '139.52' });
    const twice = await post('/api/registrations', {
      eventId,
      packageId,
      timeslotId,
      ...person(5),
      whiteCoatBookingCode: '100000000001',
    });
    expect(twice.statusCode).toBe(409);
    expect((await post('/api/wc/create-registration', { bookingCode: '100000000001' })).statusCode).toBe(409);

    await post('/api/wc/create-registration', { bookingCode: '100000000002' });
    const partly = await book(6, {
      whiteCoatBookingCode: '100000000002',
      whiteCoatPaidAmount: '139.52',
      isPaidInWhiteCoat: true,
    });
    expect(partly).toMatchObject({ status: 'pending_payment', balanceDue: '89.52' });
    expect((await post(`/api/registrations/${partly.id}/confirm-wc-booking`, {})).statusCode).toBe(409);

    partner.setUnavailable(true);
    const down = await api.app.inject('/api/wc/100000000003');
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('Failed to validate booking code. Please try again.');
    partner.setUnavailable(false);
    const notValidated = await post('/api/registrations', {
      eventId,
      packageId,
      timeslotId,
      ...person(7),
      whiteCoatBookingCode: '100000000003',
    });
    expect(notValidated.statusCode).toBe(409);
  });

  it("lets the partner's servers read a booking's status and report payments, with their API key", async () => {
    await post('/api/wc/create-registration', { bookingCode: '100000000003' });
    const order = await book(8, { whiteCoatBookingCode: '100000000003' });
    expect(order.balanceDue).toBe('139.52');
    const key = (await admin('POST', '/api/admin/api-keys', { description: 'WhiteCoat servers' })).json().data
      .key as string;
    const asPartner = (method: 'GET' | 'POST', url: string, payload?: object, k: string | null = key) =>
      api.app.inject({ method, url, payload, headers: k ? { 'x-api-key': k } : {} });

    expect((await asPartner('GET', '/api/partner/bookings/100000000003', undefined, null)).statusCode).toBe(
      401,
    );
    expect(
      (await asPartner('GET', '/api/partner/bookings/100000000003', undefined, 'hs_live_nope')).statusCode,
    ).toBe(401);
    const status = await asPartner('GET', '/api/partner/bookings/100000000003');
    expect(status.json().data).toMatchObject({
      referenceNumber: order.reference_number,
      status: 'pending_payment',
      balanceDue: '139.52',
    });
    expect((await asPartner('GET', '/api/partner/bookings/555555555555')).statusCode).toBe(404);

    const report = { transactionId: 'wc-tx-1', amount: '139.52' };
    expect(
      (
        await asPartner('POST', '/api/partner/bookings/100000000003/payments', {
          ...report,
          amount: '500.00',
        })
      ).statusCode,
    ).toBe(409);
    const paid = await asPartner('POST', '/api/partner/bookings/100000000003/payments', report);
    expect(paid.json().data).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    expect((await asPartner('POST', '/api/partner/bookings/100000000003/payments', report)).statusCode).toBe(
      200,
    );
    const payments = await findEvents(api.db.sql, {
      streamId: `registration-${order.id}`,
      type: 'PaymentRecorded',
    });
    expect(payments).toHaveLength(1);
    expect(payments[0]!.metadata.actor).toMatch(/^partner:\d+$/);
  });

  it('answers 503 in live mode without credentials, never a crash', async () => {
    // Live from the start (PAYMENT_TEST_MODE=false): the switch itself now refuses an unconfigured provider.
    const live = await startTestApi({ paymentTestModeDefault: false }, {});
    try {
      const res = await live.app.inject('/api/payments/client-token');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: 'Payment system not initialized' });
    } finally {
      await live.close();
    }
  });
});
