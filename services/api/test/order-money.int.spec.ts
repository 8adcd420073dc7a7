import { type RegistrationCommand, registrationDecider, registrationStream } from '@hs/domain';
import { type Runner, handleCommand, startProjectionRunner, waitForPosition } from '@hs/eventstore';
import { createFakeMemberVerifier, createFakePartnerClient, createTestPaymentGateway } from '@hs/gateways';
import { ordersProjection, projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/**
 * The money after the booking on the read side (issue 21): the payment hold, the expiry, a revival,
 * refunds and a late cancellation reach the orders row, the public lookup, the admin's answers and
 * the CSV export. The events are appended through the registration decider, as the api's and the
 * worker's paths do.
 */
describe('money after the booking in the order answers', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  const post = (url: string, payload?: object) => api.app.inject({ method: 'POST', url, payload });
  const booking = (i: number) => ({ eventId, packageId, timeslotId, ...person(i) });

  async function book(i: number) {
    const res = await post('/api/registrations', booking(i));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; reference_number: string; position: string };
  }
  /** Runs a registration command and waits until the orders projection has it. */
  async function run(registrationId: number, command: RegistrationCommand) {
    const { position } = await handleCommand(
      api.db.sql,
      registrationStream(registrationId),
      registrationDecider,
      command,
      { metadata: { actor: 'admin:test' } },
    );
    if (position) await waitForPosition(api.db.sql, ordersProjection.name, position, 10_000);
  }
  async function lookup(reference: string, position?: string) {
    const res = await api.app.inject(
      `/api/registrations/lookup/${reference}${position ? `?position=${position}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  async function adminOrder(id: number) {
    const res = await api.asAdmin({ method: 'GET', url: `/api/admin/registrations/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  /** The export's row of an order, by column name. */
  async function csvRow(reference: string, query = '') {
    const res = await api.asAdmin({ method: 'GET', url: `/api/admin/registrations/export?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body.trim().split('\r\n');
    const line = lines.find((l) => l.startsWith(`${reference},`));
    expect(line, `${reference} in the export`).toBeDefined();
    const cells = line!.split(',');
    return Object.fromEntries(header!.split(',').map((name, i) => [name, cells[i]]));
  }
  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      {
        world: {
          payments: { test: createTestPaymentGateway(), live: createTestPaymentGateway() },
          partner: createFakePartnerClient(),
          memberVerifier: createFakeMemberVerifier(),
        },
      },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
    packageId = (await admin('/api/admin/packages', { name: 'Basic Health', price: '128' })).json().data.id;
    eventId = (
      await admin('/api/admin/events', {
        name: 'Money Screening',
        slug: 'money',
        location: 'Bishan',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin(`/api/admin/events/${eventId}/timeslots`, { date, time: '10:00', maxAttendees: 50 })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('a booking awaiting payment shows its hold, and no refunds', async () => {
    const before = Date.now();
    const booked = await book(1);
    const order = await lookup(booked.reference_number, booked.position);
    expect(order).toMatchObject({
      status: 'pending_payment',
      refundedAmount: '0.00',
      refunds: [],
      refundReview: false,
    });
    // the default hold of PAYMENT_HOLD_SECONDS (1800)
    const holdUntil = Date.parse(order.holdUntil);
    expect(holdUntil).toBeGreaterThanOrEqual(before + 1_800_000);
    expect(holdUntil).toBeLessThanOrEqual(Date.now() + 1_800_000);
    expect(await adminOrder(booked.id)).toMatchObject({
      holdUntil: order.holdUntil,
      refundedAmount: '0.00',
      refunds: [],
      refundReview: false,
    });
    expect(await csvRow(booked.reference_number)).toMatchObject({
      'Refunded Amount': '0.00',
      'Refund Date': '',
    });
  });

  it('refunds of a card payment, then a late cancellation flagged for review', async () => {
    const booked = await book(2);
    const paid = await post('/api/payments/process', {
      registrationId: booked.id,
      nonce: 'fake-valid-nonce',
      amount: '139.52',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expect
      .poll(async () => (await lookup(booked.reference_number)).status, { timeout: 10_000 })
      .toBe('paid');

    // The second refund at 01:30 in Singapore on the 25th is 17:30 UTC on the 24th.
    const refunds = [
      { refundId: 'refund-1', amountCents: 2_000, kind: 'void', at: '2026-11-24T02:00:00.000Z' },
      { refundId: 'refund-2', amountCents: 500, kind: 'refund', at: '2026-11-24T17:30:00.000Z' },
    ] as const;
    for (const r of refunds) {
      const reason = `Goodwill ${r.refundId}`;
      await run(booked.id, {
        type: 'RequestRefund',
        refundId: r.refundId,
        amountCents: r.amountCents,
        reason,
        at: r.at,
      });
      await run(booked.id, {
        type: 'RecordRefund',
        refundId: r.refundId,
        amountCents: r.amountCents,
        kind: r.kind,
        gatewayTransactionId: `gw-${r.refundId}`,
        reason,
        at: r.at,
      });
    }

    const [row] = await api.db.sql`
      select refunded_cents, last_refund_at, refund_review, jsonb_array_length(refunds) as n
      from orders where registration_id = ${booked.id}`;
    expect(row).toEqual({
      refunded_cents: 2_500,
      last_refund_at: new Date('2026-11-24T17:30:00.000Z'),
      refund_review: false,
      n: 2,
    });
    const money = {
      status: 'paid',
      refundedAmount: '25.00',
      holdUntil: null,
      refunds: [
        {
          id: 'refund-1',
          amount: '20.00',
          kind: 'void',
          status: 'succeeded',
          transactionId: 'gw-refund-1',
          reason: 'Goodwill refund-1',
          createdAt: '2026-11-24T02:00:00.000Z',
        },
        {
          id: 'refund-2',
          amount: '5.00',
          kind: 'refund',
          status: 'succeeded',
          transactionId: 'gw-refund-2',
          reason: 'Goodwill refund-2',
          createdAt: '2026-11-24T17:30:00.000Z',
        },
      ],
      refundReview: false,
      // what was paid stays what was paid: a refund is its own figure
      balanceDue: '0.00',
    };
    expect(await lookup(booked.reference_number)).toMatchObject(money);
    expect(await adminOrder(booked.id)).toMatchObject({
      ...money,
      paidAmount: '139.52',
      refundable: '114.52',
    });
    expect(await csvRow(booked.reference_number)).toMatchObject({
      Status: 'paid',
      'Refunded Amount': '25.00',
      'Refund Date': '2026-11-25',
    });

    await run(booked.id, {
      type: 'CancelRegistration',
      at: new Date().toISOString(),
      needsRefundReview: true,
    });
    expect(await lookup(booked.reference_number)).toMatchObject({
      status: 'cancelled',
      refundReview: true,
      refundedAmount: '25.00',
    });
    expect(await adminOrder(booked.id)).toMatchObject({ status: 'canceled', refundReview: true });
  });

  it('a payment hold, its expiry (listed under the expired filter), a voided late charge and a revival', async () => {
    const booked = await book(3);
    const held = { id: booked.id, referenceNumber: booked.reference_number };
    const { holdUntil } = await lookup(held.referenceNumber, booked.position);
    expect(holdUntil).toEqual(expect.any(String));
    expect(await adminOrder(held.id)).toMatchObject({ status: 'pending_payment', holdUntil });

    await run(held.id, { type: 'ExpireHold', at: holdUntil });
    const [row] = await api.db.sql`
      select status, hold_until, expired_at from orders where registration_id = ${held.id}`;
    expect(row).toEqual({ status: 'expired', hold_until: null, expired_at: new Date(holdUntil) });
    expect(await lookup(held.referenceNumber)).toMatchObject({ status: 'expired', holdUntil: null });
    expect(await adminOrder(held.id)).toMatchObject({ status: 'expired', holdUntil: null });

    const listed = await api.asAdmin({
      method: 'GET',
      url: `/api/admin/registrations?status=expired&eventId=${eventId}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((o: { id: number }) => o.id)).toEqual([held.id]);
    expect(await csvRow(held.referenceNumber, `status=expired&eventId=${eventId}`)).toMatchObject({
      Status: 'expired',
    });

    // A charge that met the expiry is voided: nothing was paid.
    await run(held.id, {
      type: 'RecordPaymentVoided',
      transactionId: 'late-charge',
      amountCents: 13_952,
      reason: 'The reservation had expired',
      at: holdUntil,
    });
    expect(await adminOrder(held.id)).toMatchObject({
      status: 'expired',
      paidAmount: '0.00',
      refundedAmount: '0.00',
      refunds: [],
    });

    const revivedAt = new Date(Date.parse(holdUntil) + 60_000);
    await run(held.id, { type: 'ReviveExpired', holdSeconds: 600, at: revivedAt.toISOString() });
    const newHold = new Date(revivedAt.getTime() + 600_000).toISOString();
    expect(await lookup(held.referenceNumber)).toMatchObject({
      status: 'pending_payment',
      holdUntil: newHold,
    });
    const [revived] = await api.db.sql`select expired_at from orders where registration_id = ${held.id}`;
    expect(revived!.expired_at).toBeNull();
  });
});
