/**
 * The PayNow tests' stack (issue 48): the api configured for Stripe as a deployment is, the official SDK
 * pointed at the local fake Stripe server (its webhooks to the api), the projections running, and an
 * event with a wide slot, a one-seat slot and another one-seat slot. Registers its own beforeAll and
 * afterAll; the helpers book, open QRs, pay, refund and read the order's stream.
 */
import type { AddressInfo } from 'node:net';
import { expireDueHolds } from '@hs/commands';
import { readPayNowConfig } from '@hs/config';
import { registrationDecider, registrationStream, timeslotDeciderFor, timeslotStream } from '@hs/domain';
import { type Runner, aggregateStream, startProjectionRunner } from '@hs/eventstore';
import {
  type FakeStripeServer,
  type PayNowGateway,
  createStripePayNow,
  startFakeStripe,
  stripeEndpoint,
} from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, expect } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

export const WEBHOOK_SECRET = 'whsec_test_paynow_0123456789';
const HOLD_SECONDS = 2;
export const poll = { timeout: 15_000, interval: 50 };
export const meta = { actor: 'worker:paynow-sweeper' };

export interface PayNowStack {
  api: TestApi;
  fake: FakeStripeServer;
  gateway: PayNowGateway;
  slots: Record<'wide' | 'one' | 'gone', number>;
}

export function usePayNowStack() {
  const f = { slots: { wide: 0, one: 0, gone: 0 } } as PayNowStack;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let people = 0;

  const admin = (method: 'POST', url: string, payload?: object) => f.api.asAdmin({ method, url, payload });
  const booked = async (slot: keyof PayNowStack['slots']) => {
    const res = await f.api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: f.slots[slot], ...person(++people) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; referenceNumber: string; balanceDue: string };
  };
  const qr = (registrationId: number) =>
    f.api.app.inject({ method: 'POST', url: '/api/payments/paynow', payload: { registrationId } });
  const stateOf = async (id: number) =>
    (await aggregateStream(f.api.db.sql, registrationStream(id).id, registrationDecider)).state;
  const seatsOf = async (timeslotId: number) =>
    (await aggregateStream(f.api.db.sql, timeslotStream(timeslotId).id, timeslotDeciderFor())).state.booked;
  const payments = async (id: number) =>
    (
      await f.api.db.sql<{ data: { method: string; amountCents: number } }[]>`
      select data from events where stream_id = ${registrationStream(id).id} and type = 'PaymentRecorded'`
    ).map((r) => r.data);
  /** Books and pays by PayNow (the signed webhook records it). */
  const paidByPayNow = async () => {
    const order = await booked('wide');
    const intentId = (await qr(order.id)).json().data.paymentIntentId as string;
    f.fake.pay(intentId);
    await expect.poll(async () => (await stateOf(order.id)).status, poll).toBe('paid');
    return { ...order, intentId, cents: Math.round(Number(order.balanceDue) * 100) };
  };
  const refund = (id: number, payload: object) =>
    f.api.asAdmin({ method: 'POST', url: `/api/admin/registrations/${id}/refunds`, payload });
  const expire = async (id: number) => {
    await expect
      .poll(async () => {
        await expireDueHolds(f.api.db.sql, () => new Date(), { actor: 'worker:hold-sweeper' });
        return (await stateOf(id)).status;
      }, poll)
      .toBe('expired');
  };

  beforeAll(async () => {
    f.fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, refundSettleMs: 50 });
    f.gateway = createStripePayNow({
      secretKey: 'sk_test_paynow',
      webhookSecret: WEBHOOK_SECRET,
      ...stripeEndpoint(f.fake.url),
    });
    // Configured as a deployment is (the Stripe settings), the SDK pointed at the fake.
    f.api = await startTestApi({
      rateLimits: { ...testApiConfig().rateLimits, enabled: false },
      paymentHoldSeconds: HOLD_SECONDS,
      paynow: readPayNowConfig({
        STRIPE_SECRET_KEY: 'sk_test_paynow',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: f.fake.url,
      }),
    });
    await f.api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.api.app.server.address() as AddressInfo;
    f.fake.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/stripe/webhook`);
    runner = startProjectionRunner(f.api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '120' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'PayNow Day',
        slug: 'paynow-day',
        packageIds: [packageId],
      })
    ).json().data.id;
    for (const [name, cap, day] of [
      ['wide', 500, 5],
      ['one', 1, 6],
      ['gone', 1, 7],
    ] as const) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      f.slots[name] = (
        await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
          date,
          time: '09:00',
          maxAttendees: cap,
        })
      ).json().data.id;
    }
  }, 60_000);

  afterAll(async () => {
    await runner?.stop();
    await f.api?.close();
    await f.fake?.close();
  });

  return { f, admin, booked, qr, stateOf, seatsOf, payments, paidByPayNow, refund, expire };
}
