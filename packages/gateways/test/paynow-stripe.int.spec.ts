import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripePayNow,
  type FakeStripeServer,
  parsePayNowPayload,
  PaymentNotConfiguredError,
  PayNowGatewayError,
  type PayNowGateway,
  PayNowSignatureError,
  PayNowStateError,
  startFakeStripe,
  stripeEndpoint,
  stripeSignatureHeader,
} from '../src';

const webhookSecret = 'whsec_hs_test_secret';

/** A local endpoint that keeps each webhook's raw body and Stripe-Signature, as the api will receive them. */
async function startReceiver() {
  const received: { body: string; signature: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['stripe-signature'] as string | undefined,
      });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('PayNow adapter on the official stripe SDK against the local fake Stripe', () => {
  let fake: FakeStripeServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: PayNowGateway;
  let n = 0;
  const key = () => `key-${++n}-${Date.now()}`;
  const create = (amountCents = 13952, registrationId = 41, reference = 'HS2505-0607-1234') =>
    gateway.createIntent({ amountCents, registrationId, reference, idempotencyKey: key() });
  /** Webhooks received so far, verified and mapped by the adapter. */
  const webhooks = async () => {
    await fake.webhooksSettled();
    return receiver.received.map((w) => gateway.parseWebhook(w.body, w.signature));
  };
  const paidIntent = async (amountCents = 20000) => {
    const intent = await create(amountCents);
    fake.pay(intent.id);
    return intent;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    fake = await startFakeStripe({
      webhookSecret,
      webhookUrl: receiver.url,
      uen: '201912345K',
      merchantName: 'Health Screening',
      refundSettleMs: 30,
      webhookRetryDelaysMs: [20, 40],
    });
    gateway = createStripePayNow({ secretKey: 'sk_test_hs', webhookSecret, ...stripeEndpoint(fake.url) });
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  it('is in test mode with a test key and live with a live one', () => {
    expect(gateway.mode).toBe('test');
    expect(createStripePayNow({ secretKey: 'sk_live_x', webhookSecret }).mode).toBe('live');
  });

  it('creates a confirmed SGD PayNow intent whose QR payload carries the amount and the reference', async () => {
    const intent = await gateway.createIntent({
      amountCents: 13952,
      registrationId: 41,
      reference: 'HS2505-0607-1234',
      idempotencyKey: 'create-once',
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      amountCents: 13952,
      status: 'requires_action',
      qrData: expect.stringMatching(/^000201/),
      registrationId: 41,
      reference: 'HS2505-0607-1234',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(parsePayNowPayload(intent.qrData)).toMatchObject({
      proxyValue: '201912345K',
      amountCents: 13952,
      currency: '702',
      reference: 'HS2505-0607-1234',
      amountEditable: false,
    });
    const sent = fake.requests().at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'create-once',
    });
    expect(sent.params).toMatchObject({
      amount: '13952',
      currency: 'sgd',
      'allowed_payment_method_types[0]': 'paynow',
      confirm: 'true',
    });
  });

  it('answers the first intent again for the same idempotency key, also to 20 concurrent requests', async () => {
    const req = { amountCents: 5000, registrationId: 42, reference: 'HS-IDEM', idempotencyKey: 'idem-42' };
    const first = await gateway.createIntent(req);
    const again = await Promise.all(Array.from({ length: 20 }, () => gateway.createIntent(req)));
    expect(new Set(again.map((i) => i.id))).toEqual(new Set([first.id]));
    expect(fake.intents().filter((i) => i.metadata.reference === 'HS-IDEM')).toHaveLength(1);
    const other = await gateway.createIntent({ ...req, idempotencyKey: 'idem-42b' });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses the same idempotency key with another amount (Stripe idempotency_error)', async () => {
    await gateway.createIntent({
      amountCents: 5000,
      registrationId: 43,
      reference: 'HS-K',
      idempotencyKey: 'k43',
    });
    const error = await gateway
      .createIntent({ amountCents: 6000, registrationId: 43, reference: 'HS-K', idempotencyKey: 'k43' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayNowStateError);
    expect((error as PayNowStateError).code).toBe('idempotency_error');
  });

  it('refuses an amount that is not a positive whole number of cents without asking Stripe', async () => {
    const before = fake.requests().length;
    for (const amountCents of [0, -100, 12.5]) {
      await expect(
        gateway.createIntent({ amountCents, registrationId: 1, reference: 'X', idempotencyKey: key() }),
      ).rejects.toBeInstanceOf(PayNowStateError);
    }
    expect(fake.requests().length).toBe(before);
  });

  it('retrieves an intent, and answers null for one Stripe does not know', async () => {
    const intent = await create();
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
    expect(await gateway.retrieveIntent('pi_unknown')).toBeNull();
    expect(await gateway.retrieveIntent('../v1/refunds')).toBeNull();
  });

  it('cancels an open intent (its QR is gone); an already canceled one is answered as it is', async () => {
    const intent = await create();
    const canceled = await gateway.cancelIntent(intent.id);
    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled', qrData: '' });
    expect(await gateway.cancelIntent(intent.id)).toMatchObject({ id: intent.id, status: 'canceled' });
    const event = (await webhooks()).find((w) => w.kind === 'intent' && w.intent.id === intent.id);
    expect(event).toMatchObject({ type: 'payment_intent.canceled', intent: { status: 'canceled' } });
  });

  it('refuses to cancel a paid intent or an unknown one (PayNowStateError)', async () => {
    const intent = await paidIntent();
    const error = await gateway.cancelIntent(intent.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayNowStateError);
    expect((error as PayNowStateError).intent).toMatchObject({ id: intent.id, status: 'succeeded' });
    const unknown = await gateway.cancelIntent('pi_unknown').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(PayNowStateError);
    expect((unknown as PayNowStateError).code).toBe('resource_missing');
  });

  it('a scan pays the intent: a signed payment_intent.succeeded webhook arrives, with the charge', async () => {
    const intent = await create(13952, 44, 'HS-PAY-44');
    const paid = fake.pay(intent.id);
    const event = (await webhooks()).find((w) => w.kind === 'intent' && w.intent.id === intent.id);
    expect(event).toEqual({
      kind: 'intent',
      eventId: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      intent: {
        ...intent,
        status: 'succeeded',
        qrData: '',
        chargeId: paid.latest_charge,
      },
    });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      chargeId: paid.latest_charge,
    });
  });

  it('a failed payment arrives as payment_intent.payment_failed, the intent no longer payable', async () => {
    const intent = await create();
    fake.fail(intent.id);
    const event = (await webhooks()).find((w) => w.kind === 'intent' && w.intent.id === intent.id);
    expect(event).toMatchObject({
      type: 'payment_intent.payment_failed',
      intent: { status: 'requires_payment_method', qrData: '' },
    });
  });

  it('a dropped webhook never arrives, and retrieveIntent still shows the payment', async () => {
    const intent = await create();
    const before = receiver.received.length;
    fake.dropWebhooks(1);
    fake.pay(intent.id);
    await fake.webhooksSettled();
    expect(receiver.received.length).toBe(before);
    expect(fake.webhooksSent().at(-1)).toMatchObject({ status: 'dropped' });
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a replayed webhook is the same event (same id) signed again', async () => {
    await paidIntent();
    await fake.webhooksSettled();
    const before = receiver.received.length;
    await fake.replayLastWebhook();
    const all = await webhooks();
    expect(all.length).toBe(before + 1);
    expect(all.at(-1)).toEqual(all.at(-2));
  });

  describe('webhook signatures', () => {
    const signed = async () => {
      await paidIntent();
      await fake.webhooksSettled();
      return receiver.received.at(-1)!;
    };

    it('accepts the raw body as a string or a Buffer', async () => {
      const w = await signed();
      expect(gateway.parseWebhook(w.body, w.signature).kind).toBe('intent');
      expect(gateway.parseWebhook(Buffer.from(w.body), w.signature).kind).toBe('intent');
    });

    it('throws PayNowSignatureError for a missing, forged, foreign or stale signature', async () => {
      const w = await signed();
      const now = Math.floor(Date.now() / 1000);
      expect(() => gateway.parseWebhook(w.body, undefined)).toThrow(PayNowSignatureError);
      expect(() => gateway.parseWebhook(w.body, '')).toThrow(PayNowSignatureError);
      expect(() => gateway.parseWebhook(w.body.replace('succeeded', 'canceled'), w.signature)).toThrow(
        PayNowSignatureError,
      );
      expect(() => gateway.parseWebhook(w.body, stripeSignatureHeader(w.body, 'whsec_other', now))).toThrow(
        PayNowSignatureError,
      );
      expect(() =>
        gateway.parseWebhook(w.body, stripeSignatureHeader(w.body, webhookSecret, now - 301)),
      ).toThrow(PayNowSignatureError);
      // Within the 300 s tolerance the same signature scheme is accepted.
      expect(gateway.parseWebhook(w.body, stripeSignatureHeader(w.body, webhookSecret, now - 200)).kind).toBe(
        'intent',
      );
    });

    it('ignores events that are not ours: other types, intents without our metadata', () => {
      const now = Math.floor(Date.now() / 1000);
      const parse = (event: object) => {
        const body = JSON.stringify(event);
        return gateway.parseWebhook(body, stripeSignatureHeader(body, webhookSecret, now));
      };
      const base = { object: 'event', created: now, livemode: false, api_version: '2026-10-28.endive' };
      expect(
        parse({ ...base, id: 'evt_1', type: 'customer.created', data: { object: { object: 'customer' } } }),
      ).toEqual({ kind: 'ignored', eventId: 'evt_1', type: 'customer.created' });
      const foreign = { ...fake.intents()[0]!, metadata: {} };
      expect(
        parse({ ...base, id: 'evt_2', type: 'payment_intent.succeeded', data: { object: foreign } }),
      ).toEqual({ kind: 'ignored', eventId: 'evt_2', type: 'payment_intent.succeeded' });
    });
  });

  describe('refunds (asynchronous for PayNow)', () => {
    it('a partial refund starts pending and turns succeeded by refund.updated webhooks', async () => {
      const intent = await paidIntent(20000);
      const refund = await gateway.refund({
        intentId: intent.id,
        amountCents: 5000,
        refundKey: 'rf-1',
        idempotencyKey: key(),
      });
      expect(refund).toEqual({
        id: expect.stringMatching(/^re_/),
        intentId: intent.id,
        amountCents: 5000,
        status: 'pending',
        refundKey: 'rf-1',
      });
      await expect.poll(() => gateway.retrieveRefund(refund.id)).toMatchObject({ status: 'succeeded' });
      const events = (await webhooks()).filter((w) => w.kind === 'refund' && w.refund.id === refund.id);
      // Two deliveries of their own: they may arrive in either order, as Stripe's may.
      expect(events.map((w) => w.type).sort()).toEqual(['charge.refund.updated', 'refund.updated']);
      for (const event of events) expect(event).toMatchObject({ refund: { ...refund, status: 'succeeded' } });
    });

    it('a refund the bank refuses turns failed with its reason; the amount may then be refunded again', async () => {
      const intent = await paidIntent(20000);
      fake.failNextRefund('insufficient_funds');
      const refund = await gateway.refund({
        intentId: intent.id,
        amountCents: 20000,
        refundKey: 'rf-2',
        idempotencyKey: key(),
      });
      expect(refund.status).toBe('pending');
      await expect
        .poll(() => gateway.retrieveRefund(refund.id))
        .toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
      const events = (await webhooks()).filter((w) => w.kind === 'refund' && w.refund.id === refund.id);
      expect(events.map((w) => w.type).sort()).toEqual(['charge.refund.updated', 'refund.updated']);
      for (const event of events) {
        expect(event).toMatchObject({ refund: { status: 'failed', failureReason: 'insufficient_funds' } });
      }
      const retry = await gateway.refund({
        intentId: intent.id,
        amountCents: 20000,
        refundKey: 'rf-2b',
        idempotencyKey: key(),
      });
      expect(retry.status).toBe('pending');
    });

    it('never refunds more than was paid, counting refunds still pending', async () => {
      const intent = await paidIntent(10000);
      const refund = (amountCents: number) =>
        gateway.refund({ intentId: intent.id, amountCents, refundKey: 'rf-3', idempotencyKey: key() });
      await refund(6000);
      const tooMuch = await refund(4001).catch((e: unknown) => e);
      expect(tooMuch).toBeInstanceOf(PayNowStateError);
      expect((tooMuch as PayNowStateError).code).toBe('amount_too_large');
      await refund(4000);
      const more = await refund(1).catch((e: unknown) => e);
      expect((more as PayNowStateError).code).toBe('charge_already_refunded');
      expect(
        fake
          .refunds()
          .filter((r) => r.payment_intent === intent.id)
          .map((r) => r.amount),
      ).toEqual([6000, 4000]);
    });

    it('the same idempotency key answers the first refund, without a second one', async () => {
      const intent = await paidIntent(10000);
      const req = { intentId: intent.id, amountCents: 3000, refundKey: 'rf-4', idempotencyKey: key() };
      const [a, b] = await Promise.all([gateway.refund(req), gateway.refund(req)]);
      expect(b.id).toBe(a.id);
      expect(fake.refunds().filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    });

    it('refuses a refund of an unpaid intent, and answers null for an unknown refund', async () => {
      const intent = await create();
      await expect(
        gateway.refund({ intentId: intent.id, amountCents: 100, refundKey: 'rf-5', idempotencyKey: key() }),
      ).rejects.toBeInstanceOf(PayNowStateError);
      expect(await gateway.retrieveRefund('re_unknown')).toBeNull();
    });
  });

  describe('when Stripe cannot answer', () => {
    it('retries a 5xx with the same idempotency key and makes one intent', async () => {
      fake.failNext(1, 500);
      const intent = await create(7000, 45, 'HS-RETRY');
      expect(fake.intents().filter((i) => i.metadata.reference === 'HS-RETRY')).toHaveLength(1);
      const tries = fake.requests().filter((r) => r.params['metadata[reference]'] === 'HS-RETRY');
      expect(tries).toHaveLength(2);
      expect(tries[0]!.idempotencyKey).toBe(tries[1]!.idempotencyKey);
      expect(intent.status).toBe('requires_action');
    });

    it('throws PayNowGatewayError when every attempt fails', async () => {
      fake.failNext(3, 503);
      const error = await create().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayNowGatewayError);
      expect((error as Error).message).toBe('Unable to connect to payment server.');
    });

    it('throws PayNowGatewayError when nothing listens', async () => {
      const closed = await startFakeStripe({ webhookSecret });
      const endpoint = stripeEndpoint(closed.url);
      await closed.close();
      const unreachable = createStripePayNow({ secretKey: 'sk_test_hs', webhookSecret, ...endpoint });
      await expect(unreachable.retrieveIntent('pi_1')).rejects.toBeInstanceOf(PayNowGatewayError);
    });

    it('throws PayNowGatewayError when the key is refused (401)', async () => {
      const badKey = createStripePayNow({
        secretKey: 'not_a_key',
        webhookSecret,
        ...stripeEndpoint(fake.url),
      });
      const error = await badKey.retrieveIntent('pi_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayNowGatewayError);
      expect((error as PayNowGatewayError).causeType).toBe('StripeAuthenticationError');
    });

    it('without keys every call rejects with PaymentNotConfiguredError', async () => {
      const bare = createStripePayNow({ secretKey: '', webhookSecret: '', ...stripeEndpoint(fake.url) });
      await expect(bare.retrieveIntent('pi_1')).rejects.toBeInstanceOf(PaymentNotConfiguredError);
      expect(() => bare.parseWebhook('{}', 't=1,v1=00')).toThrow(PaymentNotConfiguredError);
    });
  });
});
