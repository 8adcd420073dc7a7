import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStripePayNow,
  type FakeStripeServer,
  parsePayNowPayload,
  startFakeStripe,
  stripeEndpoint,
} from '../src';

const webhookSecret = 'whsec_fake_surface';
const auth = { authorization: 'Bearer sk_test_surface' };
const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
const intentForm = (reference: string, amount = 2500) =>
  new URLSearchParams({
    amount: String(amount),
    currency: 'sgd',
    'allowed_payment_method_types[0]': 'paynow',
    'payment_method_data[type]': 'paynow',
    confirm: 'true',
    'metadata[registration_id]': '9',
    'metadata[reference]': reference,
  }).toString();

/** A webhook endpoint that answers 500 to its first `failFirst` requests. */
async function startReceiver(failFirst = 0) {
  const received: { body: string; signature: string }[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls += 1;
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(calls <= failFirst ? 500 : 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the fake Stripe server over HTTP', () => {
  let fake: FakeStripeServer;
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret, webhookRetryDelaysMs: [10, 20] });
  });
  afterAll(() => fake.close());

  const createIntent = async (reference: string) => {
    const res = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: form,
      body: intentForm(reference),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      id: string;
      next_action: { paynow_display_qr_code: Record<string, string> };
    };
  };

  it('wants a secret key, as Stripe: 401 with an invalid_request_error body', async () => {
    const res = await fetch(`${fake.url}/v1/payment_intents/pi_1`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('did not provide an API key'),
      },
    });
    const wrong = await fetch(`${fake.url}/v1/payment_intents/pi_1`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(wrong.status).toBe(401);
  });

  it('answers 404 resource_missing for an unknown object', async () => {
    const res = await fetch(`${fake.url}/v1/refunds/re_nope`, { headers: auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'refund',
        message: "No such refund: 're_nope'",
      },
    });
  });

  it('refuses intents that are not SGD PayNow', async () => {
    const usd = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: form,
      body: intentForm('R').replace('currency=sgd', 'currency=usd'),
    });
    expect(usd.status).toBe(400);
    const card = await fetch(`${fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: form,
      body: intentForm('R').replace('=paynow&', '=card&'),
    });
    expect(card.status).toBe(400);
    expect(((await card.json()) as { error: { code: string } }).error.code).toBe(
      'payment_intent_invalid_parameter',
    );
  });

  it('shows the QR as data, SVG, PNG and an instructions page', async () => {
    const intent = await createIntent('HS-QR');
    const qr = intent.next_action.paynow_display_qr_code;
    expect(parsePayNowPayload(qr.data!)).toMatchObject({ amountCents: 2500, reference: 'HS-QR' });
    const svg = await fetch(qr.image_url_svg!);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg/);
    const png = Buffer.from(await (await fetch(qr.image_url_png!)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await (await fetch(qr.hosted_instructions_url!)).text()).toContain('<svg');
  });

  it('pays and fails intents through the control routes', async () => {
    const intent = await createIntent('HS-CTL');
    const pay = await fetch(`${fake.url}/__fake/payment_intents/${intent.id}/pay`, { method: 'POST' });
    expect(pay.status).toBe(200);
    expect(await pay.json()).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      latest_charge: expect.any(String),
    });
    const again = await fetch(`${fake.url}/__fake/payment_intents/${intent.id}/pay`, { method: 'POST' });
    expect(again.status).toBe(400);
    const unknown = await fetch(`${fake.url}/__fake/payment_intents/pi_nope/pay`, { method: 'POST' });
    expect(unknown.status).toBe(404);

    const other = await createIntent('HS-CTL2');
    const fail = await fetch(`${fake.url}/__fake/payment_intents/${other.id}/fail`, { method: 'POST' });
    expect(await fail.json()).toMatchObject({ status: 'requires_payment_method', next_action: null });
    const listed = (await (await fetch(`${fake.url}/__fake/payment_intents`)).json()) as { id: string }[];
    expect(listed.map((i) => i.id)).toEqual(expect.arrayContaining([intent.id, other.id]));
  });

  it('sets a failing refund and dropped webhooks through the control routes', async () => {
    const json = { 'content-type': 'application/json' };
    const drop = await fetch(`${fake.url}/__fake/webhooks/drop`, {
      method: 'POST',
      headers: json,
      body: '{"count":1}',
    });
    expect(drop.status).toBe(200);
    const intent = await createIntent('HS-DROP');
    fake.pay(intent.id);
    expect(fake.webhooksSent().at(-1)).toMatchObject({
      status: 'dropped',
      event: { type: 'payment_intent.succeeded' },
    });
    await fetch(`${fake.url}/__fake/refunds/fail_next`, {
      method: 'POST',
      headers: json,
      body: '{"reason":"declined"}',
    });
    const res = await fetch(`${fake.url}/v1/refunds`, {
      method: 'POST',
      headers: form,
      body: `payment_intent=${intent.id}&amount=500`,
    });
    const refund = (await res.json()) as { id: string; status: string };
    expect(refund.status).toBe('pending');
    await expect
      .poll(async () => (await fetch(`${fake.url}/v1/refunds/${refund.id}`, { headers: auth })).json())
      .toMatchObject({ status: 'failed', failure_reason: 'declined' });
  });
});

describe('the fake Stripe webhooks', () => {
  it('are Stripe events, signed as Stripe signs them, retried with backoff until the endpoint takes them', async () => {
    const receiver = await startReceiver(2);
    const fake = await startFakeStripe({
      webhookSecret,
      webhookUrl: receiver.url,
      webhookRetryDelaysMs: [10, 20, 40],
    });
    try {
      const gateway = createStripePayNow({
        secretKey: 'sk_test_w',
        webhookSecret,
        ...stripeEndpoint(fake.url),
      });
      const intent = await gateway.createIntent({
        amountCents: 990,
        registrationId: 5,
        reference: 'HS-W',
        idempotencyKey: 'w1',
      });
      fake.pay(intent.id);
      await fake.webhooksSettled();
      expect(fake.webhooksSent()).toMatchObject([{ status: 'delivered', attempts: 3, lastStatus: 200 }]);
      expect(receiver.received).toHaveLength(3);
      for (const attempt of receiver.received) {
        expect(attempt.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        // Verified by the SDK itself, each attempt: the same event.
        const event = Stripe.webhooks.constructEvent(attempt.body, attempt.signature, webhookSecret);
        expect(event).toMatchObject({
          id: fake.webhooksSent()[0]!.event.id,
          object: 'event',
          type: 'payment_intent.succeeded',
          livemode: false,
          api_version: Stripe.API_VERSION,
          created: expect.any(Number),
          data: { object: { id: intent.id, object: 'payment_intent', status: 'succeeded' } },
        });
      }
      fake.pay(
        (
          await gateway.createIntent({
            amountCents: 990,
            registrationId: 5,
            reference: 'HS-W2',
            idempotencyKey: 'w2',
          })
        ).id,
      );
      await fake.webhooksSettled();
      const ids = fake.webhooksSent().map((d) => d.event.id);
      expect(new Set(ids).size).toBe(2);
    } finally {
      await fake.close();
      await receiver.close();
    }
  });

  it('give up after the last retry (failed), and are only recorded without an endpoint (no-url)', async () => {
    const receiver = await startReceiver(100);
    const fake = await startFakeStripe({ webhookSecret, webhookRetryDelaysMs: [5, 5] });
    try {
      const gateway = createStripePayNow({
        secretKey: 'sk_test_w',
        webhookSecret,
        ...stripeEndpoint(fake.url),
      });
      const first = await gateway.createIntent({
        amountCents: 100,
        registrationId: 6,
        reference: 'A',
        idempotencyKey: 'a',
      });
      fake.pay(first.id);
      expect(fake.webhooksSent().at(-1)).toMatchObject({ status: 'no-url', attempts: 0 });
      fake.setWebhookUrl(receiver.url);
      const second = await gateway.createIntent({
        amountCents: 100,
        registrationId: 6,
        reference: 'B',
        idempotencyKey: 'b',
      });
      fake.pay(second.id);
      await fake.webhooksSettled();
      expect(fake.webhooksSent().at(-1)).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 500 });
    } finally {
      await fake.close();
      await receiver.close();
    }
  });
});

describe('fake-stripe-main (the demo process)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  it('serves on FAKE_STRIPE_PORT, signs with STRIPE_WEBHOOK_SECRET, posts to FAKE_STRIPE_WEBHOOK_URL, stops on SIGTERM', async () => {
    const receiver = await startReceiver();
    const probe = await startFakeStripe({ webhookSecret });
    const port = probe.port;
    await probe.close();
    const main = fileURLToPath(new URL('../src/paynow/fake-stripe-main.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        FAKE_STRIPE_PORT: String(port),
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        FAKE_STRIPE_WEBHOOK_URL: receiver.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('listening')) resolve(out);
      });
      child!.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    expect(await started).toContain(`http://127.0.0.1:${port}`);
    try {
      const gateway = createStripePayNow({
        secretKey: 'sk_test_demo',
        webhookSecret,
        ...stripeEndpoint(`http://127.0.0.1:${port}`),
      });
      const intent = await gateway.createIntent({
        amountCents: 4200,
        registrationId: 77,
        reference: 'HS-DEMO',
        idempotencyKey: 'demo-1',
      });
      const paid = await fetch(`http://127.0.0.1:${port}/__fake/payment_intents/${intent.id}/pay`, {
        method: 'POST',
      });
      expect(paid.status).toBe(200);
      await expect.poll(() => receiver.received.length).toBe(1);
      const w = receiver.received[0]!;
      expect(gateway.parseWebhook(w.body, w.signature)).toMatchObject({
        kind: 'intent',
        type: 'payment_intent.succeeded',
        intent: { id: intent.id, registrationId: 77, status: 'succeeded' },
      });
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
