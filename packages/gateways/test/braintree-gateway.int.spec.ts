import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBraintreeGateway,
  type FakeBraintreeServer,
  PaymentGatewayError,
  PaymentNotConfiguredError,
  type PaymentGateway,
  startFakeBraintreeServer,
} from '../src';

const credentials = { merchantId: 'hs_merchant', publicKey: 'pub_key', privateKey: 'priv_key' };

describe('Braintree adapter on the real SDK against a local gateway', () => {
  let server: FakeBraintreeServer;
  let gateway: PaymentGateway;
  let n = 0;
  const sale = (nonce: string, amountCents = 13952) =>
    gateway.sale({
      amountCents,
      nonce,
      orderId: 'HS2505-0607-1234',
      idempotencyKey: `k-${++n}`,
      deviceData: '{"x":1}',
    });

  beforeAll(async () => {
    server = await startFakeBraintreeServer(credentials);
    gateway = createBraintreeGateway({
      environment: 'sandbox',
      ...credentials,
      merchantAccountId: 'hs_sgd',
      baseUrl: server.url,
    });
  });
  afterAll(() => server.close());

  it('is the live mode', () => {
    expect(gateway.mode).toBe('live');
  });

  it('generates a client token through the SDK', async () => {
    const token = await gateway.clientToken();
    expect(token).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(JSON.parse(Buffer.from(token, 'base64').toString()).merchantId).toBe('hs_merchant');
    const req = server.requests.at(-1)!;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/merchants/hs_merchant/client_token',
      apiVersion: '6',
    });
    expect(req.body).toEqual({ client_token: { merchant_account_id: 'hs_sgd', version: 2 } });
  });

  it('charges a sale submitted for settlement, amount as a decimal string', async () => {
    const result = await sale('fake-valid-nonce', 13952);
    expect(result).toEqual({
      ok: true,
      transactionId: expect.stringMatching(/^[0-9a-f]{8}$/),
      amountCents: 13952,
      cardType: 'Visa',
      last4: '1111',
      status: 'submitted_for_settlement',
    });
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/merchants/hs_merchant/transactions');
    expect(req.body).toEqual({
      transaction: {
        amount: '139.52',
        payment_method_nonce: 'fake-valid-nonce',
        device_data: '{"x":1}',
        order_id: 'HS2505-0607-1234',
        merchant_account_id: 'hs_sgd',
        options: { submit_for_settlement: true },
        type: 'sale',
      },
    });
  });

  it('formats small and round amounts exactly', async () => {
    for (const [cents, wire] of [
      [5, '0.05'],
      [100, '1.00'],
      [64092, '640.92'],
    ] as const) {
      const result = await sale('fake-valid-mastercard-nonce', cents);
      expect(result).toMatchObject({ ok: true, amountCents: cents, cardType: 'MasterCard', last4: '4444' });
      expect((server.requests.at(-1)!.body as { transaction: { amount: string } }).transaction.amount).toBe(
        wire,
      );
    }
  });

  it('maps a processor decline: declined, the processor text, the transaction id and code', async () => {
    const result = await sale('fake-processor-declined-visa-nonce');
    expect(result).toEqual({
      ok: false,
      declined: true,
      message: 'Do Not Honor',
      transactionId: expect.any(String),
      code: '2000',
    });
  });

  it('maps a gateway rejection as a decline with the generic message', async () => {
    const result = await sale('fake-gateway-rejected-fraud-nonce');
    expect(result).toMatchObject({
      ok: false,
      declined: true,
      message: 'Payment processing failed',
      code: 'fraud',
    });
  });

  it('maps a validation error (unknown nonce): not declined, Braintree message, code', async () => {
    const result = await sale('tampered-nonce');
    expect(result).toEqual({
      ok: false,
      declined: false,
      message: 'Unknown or expired payment_method_nonce.',
      code: '91565',
    });
  });

  it('refuses a non-positive or fractional amount before calling Braintree', async () => {
    const before = server.requests.length;
    expect(await sale('fake-valid-nonce', 0)).toMatchObject({ ok: false, declined: false });
    expect(await sale('fake-valid-nonce', 12.5)).toMatchObject({ ok: false, declined: false });
    expect(server.requests.length).toBe(before);
  });

  it('replays the first result for the same idempotency key without a second charge (also concurrently)', async () => {
    const before = server.requests.length;
    const req = { amountCents: 2000, nonce: 'fake-valid-nonce', orderId: 'o-1', idempotencyKey: 'same-key' };
    const results = await Promise.all(Array.from({ length: 10 }, () => gateway.sale(req)));
    expect(new Set(results.map((r) => (r.ok ? r.transactionId : 'x'))).size).toBe(1);
    expect(await gateway.sale(req)).toEqual(results[0]);
    expect(server.requests.length - before).toBe(1);
  });

  it('finds a transaction it processed; an unknown id is null', async () => {
    const result = await sale('fake-valid-nonce', 4321);
    if (!result.ok) throw new Error('expected success');
    expect(await gateway.findTransaction(result.transactionId)).toEqual({
      transactionId: result.transactionId,
      amountCents: 4321,
      orderId: 'HS2505-0607-1234',
      status: 'submitted_for_settlement',
    });
    expect(await gateway.findTransaction('nosuchtx')).toBeNull();
    expect(await gateway.findTransaction('../../etc')).toBeNull();
  });

  it('turns a gateway outage into PaymentGatewayError and lets the same key be retried', async () => {
    server.failNext(1, 503);
    const req = { amountCents: 1500, nonce: 'fake-valid-nonce', orderId: 'o-2', idempotencyKey: 'retry-key' };
    await expect(gateway.sale(req)).rejects.toBeInstanceOf(PaymentGatewayError);
    server.failNext(1, 500);
    await expect(gateway.clientToken()).rejects.toThrow('Unable to connect to payment server.');
    expect(await gateway.sale(req)).toMatchObject({ ok: true, amountCents: 1500 });
  });

  it('wrong credentials are a PaymentGatewayError (authentication), not a crash', async () => {
    const wrong = createBraintreeGateway({
      environment: 'sandbox',
      ...credentials,
      privateKey: 'nope',
      baseUrl: server.url,
    });
    const error = await wrong.clientToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect((error as PaymentGatewayError).causeType).toBe('authenticationError');
  });

  it('an unreachable gateway is a PaymentGatewayError', async () => {
    const down = createBraintreeGateway({
      environment: 'sandbox',
      ...credentials,
      baseUrl: 'http://127.0.0.1:1',
    });
    await expect(down.clientToken()).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('without credentials every call rejects with "Payment system not initialized"', async () => {
    const unconfigured = createBraintreeGateway({
      environment: 'production',
      merchantId: '',
      publicKey: 'x',
    });
    await expect(unconfigured.clientToken()).rejects.toBeInstanceOf(PaymentNotConfiguredError);
    await expect(unconfigured.clientToken()).rejects.toThrow('Payment system not initialized');
    await expect(
      unconfigured.sale({ amountCents: 100, nonce: 'n', orderId: 'o', idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(PaymentNotConfiguredError);
    await expect(unconfigured.findTransaction('abc')).rejects.toBeInstanceOf(PaymentNotConfiguredError);
  });
});
