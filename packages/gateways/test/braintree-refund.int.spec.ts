import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  braintreeEnvironment,
  createBraintreeGateway,
  type FakeBraintreeServer,
  PaymentGatewayError,
  type PaymentGateway,
  PaymentNotConfiguredError,
  startFakeBraintreeServer,
} from '../src';

const credentials = { merchantId: 'hs_merchant', publicKey: 'pub_key', privateKey: 'priv_key' };
const base = '/merchants/hs_merchant/transactions';

describe('Braintree adapter: voids and refunds on the real SDK against a local gateway', () => {
  let server: FakeBraintreeServer;
  let gateway: PaymentGateway;
  let n = 0;
  const key = () => `refund-${++n}`;

  /** A sale of `amountCents`, submitted for settlement; answers its transaction id. */
  const sale = async (amountCents = 13952) => {
    const result = await gateway.sale({
      amountCents,
      nonce: 'fake-valid-nonce',
      orderId: 'HS2505-0607-1234',
      idempotencyKey: `sale-${++n}`,
    });
    if (!result.ok) throw new Error('expected a successful sale');
    return result.transactionId;
  };
  const requestsSince = (before: number) =>
    server.requests.slice(before).map((r) => `${r.method} ${r.path.replace(base, '')}`);

  beforeAll(async () => {
    server = await startFakeBraintreeServer(credentials);
    gateway = createBraintreeGateway({ environment: 'sandbox', ...credentials, baseUrl: server.url });
  });
  afterAll(() => server.close());

  it('voids an unsettled sale when the whole amount is refunded', async () => {
    const id = await sale(13952);
    const before = server.requests.length;
    const result = await gateway.refund({ transactionId: id, amountCents: 13952, idempotencyKey: key() });
    expect(result).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: id,
      amountCents: 13952,
      status: 'voided',
    });
    expect(requestsSince(before)).toEqual([`GET /${id}`, `PUT /${id}/void`]);
    expect(await gateway.findTransaction(id)).toMatchObject({ status: 'voided' });
  });

  it('refuses a partial refund of an unsettled sale without calling void or refund', async () => {
    const id = await sale(13952);
    const before = server.requests.length;
    const result = await gateway.refund({ transactionId: id, amountCents: 5000, idempotencyKey: key() });
    expect(result).toEqual({
      ok: false,
      message: 'This payment has not settled yet; only the whole amount can be refunded until it settles.',
      code: '91506',
    });
    expect(requestsSince(before)).toEqual([`GET /${id}`]);
    expect(await gateway.findTransaction(id)).toMatchObject({ status: 'submitted_for_settlement' });
  });

  it('refunds a settled sale with a new credit transaction, the amount as a decimal string', async () => {
    const id = await sale(13952);
    server.settle(id);
    const before = server.requests.length;
    const result = await gateway.refund({ transactionId: id, amountCents: 13952, idempotencyKey: key() });
    expect(result).toEqual({
      ok: true,
      kind: 'refund',
      refundTransactionId: expect.stringMatching(/^[0-9a-f]{8}$/),
      amountCents: 13952,
      status: 'submitted_for_settlement',
    });
    if (!result.ok) throw new Error('expected a refund');
    expect(result.refundTransactionId).not.toBe(id);
    expect(requestsSince(before)).toEqual([`GET /${id}`, `POST /${id}/refund`]);
    expect(server.requests.at(-1)!.body).toEqual({ transaction: { amount: '139.52' } });
  });

  it('refunds a settled sale in parts; the gateway refuses more than is left, then a fully refunded sale', async () => {
    const id = await sale(10000);
    server.settle(id);
    const first = await gateway.refund({ transactionId: id, amountCents: 2505, idempotencyKey: key() });
    expect(first).toMatchObject({ ok: true, kind: 'refund', amountCents: 2505 });
    expect(server.requests.at(-1)!.body).toEqual({ transaction: { amount: '25.05' } });

    const before = server.requests.length;
    const tooMuch = await gateway.refund({ transactionId: id, amountCents: 7496, idempotencyKey: key() });
    expect(tooMuch).toEqual({ ok: false, message: 'Refund amount is too large.', code: '91521' });
    // Braintree itself refused it: the refund was asked for.
    expect(requestsSince(before)).toEqual([`GET /${id}`, `POST /${id}/refund`]);

    const rest = await gateway.refund({ transactionId: id, amountCents: 7495, idempotencyKey: key() });
    expect(rest).toMatchObject({ ok: true, kind: 'refund', amountCents: 7495 });
    expect(await gateway.refund({ transactionId: id, amountCents: 1, idempotencyKey: key() })).toEqual({
      ok: false,
      message: 'Transaction has already been completely refunded.',
      code: '91512',
    });
  });

  it('refuses more than an unsettled sale before calling void', async () => {
    const id = await sale(1000);
    expect(await gateway.refund({ transactionId: id, amountCents: 1001, idempotencyKey: key() })).toEqual({
      ok: false,
      message: 'Refund amount is too large.',
      code: '91521',
    });
    expect(server.requests.at(-1)!.method).toBe('GET');
  });

  it('refunds instead when the sale settles between the look-up and the void', async () => {
    const id = await sale(4000);
    server.onNext('void', () => server.settle(id));
    const before = server.requests.length;
    const result = await gateway.refund({ transactionId: id, amountCents: 4000, idempotencyKey: key() });
    expect(result).toMatchObject({ ok: true, kind: 'refund', amountCents: 4000 });
    expect(requestsSince(before)).toEqual([
      `GET /${id}`,
      `PUT /${id}/void`,
      `GET /${id}`,
      `POST /${id}/refund`,
    ]);
  });

  it('a gateway failure or a dropped connection on refund is a PaymentGatewayError; the same key may retry', async () => {
    const id = await sale(3000);
    server.settle(id);
    const req = { transactionId: id, amountCents: 1000, idempotencyKey: key() };
    server.failNext(1, 500, 'refund');
    await expect(gateway.refund(req)).rejects.toBeInstanceOf(PaymentGatewayError);
    server.failNext(1, 'drop', 'refund');
    const dropped = await gateway.refund(req).catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(PaymentGatewayError);
    expect((dropped as PaymentGatewayError).message).toBe('Unable to connect to payment server.');
    // Neither failed attempt refunded anything: the whole rest is still refundable afterwards.
    expect(await gateway.refund(req)).toMatchObject({ ok: true, amountCents: 1000 });
    expect(
      await gateway.refund({ transactionId: id, amountCents: 2000, idempotencyKey: key() }),
    ).toMatchObject({ ok: true, amountCents: 2000 });
  });

  it('a failure on the look-up or the void is a PaymentGatewayError and leaves the sale unvoided', async () => {
    const id = await sale(3000);
    server.failNext(1, 503, 'find');
    await expect(
      gateway.refund({ transactionId: id, amountCents: 3000, idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    server.failNext(1, 'drop', 'void');
    await expect(
      gateway.refund({ transactionId: id, amountCents: 3000, idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(await gateway.findTransaction(id)).toMatchObject({ status: 'submitted_for_settlement' });
  });

  it('replays an accepted refund for the same idempotency key without refunding twice (also concurrently)', async () => {
    const id = await sale(5000);
    server.settle(id);
    const req = { transactionId: id, amountCents: 1000, idempotencyKey: key() };
    const before = server.requests.length;
    const results = await Promise.all(Array.from({ length: 5 }, () => gateway.refund(req)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ ok: true, kind: 'refund', amountCents: 1000 });
    expect(await gateway.refund(req)).toEqual(results[0]);
    expect(requestsSince(before).filter((r) => r.endsWith('/refund'))).toHaveLength(1);
  });

  it('a refusal is not remembered: the same key refunds once the sale has settled', async () => {
    const id = await sale(5000);
    const req = { transactionId: id, amountCents: 2000, idempotencyKey: key() };
    expect(await gateway.refund(req)).toMatchObject({ ok: false, code: '91506' });
    server.settle(id);
    expect(await gateway.refund(req)).toMatchObject({ ok: true, kind: 'refund', amountCents: 2000 });
  });

  it('refuses a voided sale, an unknown id and a bad amount', async () => {
    const id = await sale(1500);
    expect(await gateway.void(id)).toMatchObject({ ok: true, kind: 'void' });
    expect(await gateway.refund({ transactionId: id, amountCents: 1500, idempotencyKey: key() })).toEqual({
      ok: false,
      message: 'This payment has already been voided; there is nothing to refund.',
      code: '91506',
    });
    expect(
      await gateway.refund({ transactionId: 'nosuchtx', amountCents: 100, idempotencyKey: key() }),
    ).toEqual({ ok: false, message: 'Payment transaction not found' });
    expect(
      await gateway.refund({ transactionId: '../../x', amountCents: 100, idempotencyKey: key() }),
    ).toEqual({ ok: false, message: 'Payment transaction not found' });
    const before = server.requests.length;
    for (const amountCents of [0, -5, 10.5]) {
      expect(await gateway.refund({ transactionId: id, amountCents, idempotencyKey: key() })).toEqual({
        ok: false,
        message: 'Invalid refund amount',
      });
    }
    expect(server.requests.length).toBe(before);
  });

  it('void() voids a just-accepted sale at once, once per transaction; a settled one is refused', async () => {
    const id = await sale(13952);
    const before = server.requests.length;
    const [a, b] = await Promise.all([gateway.void(id), gateway.void(id)]);
    expect(a).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: id,
      amountCents: 13952,
      status: 'voided',
    });
    expect(b).toEqual(a);
    expect(requestsSince(before)).toEqual([`PUT /${id}/void`]);

    const settled = await sale(2000);
    server.settle(settled);
    expect(await gateway.void(settled)).toEqual({
      ok: false,
      message:
        'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
      code: '91504',
    });
    expect(await gateway.void('nosuchtx')).toEqual({ ok: false, message: 'Payment transaction not found' });
  });

  it('a failed void is a PaymentGatewayError and may be retried', async () => {
    const id = await sale(2500);
    server.failNext(1, 500, 'void');
    await expect(gateway.void(id)).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(await gateway.void(id)).toMatchObject({ ok: true, kind: 'void', amountCents: 2500 });
  });

  it('the fake, like Braintree, refunds what is left when no amount is given, and lists the refunds', async () => {
    const sdk = new braintree.BraintreeGateway({
      environment: braintreeEnvironment({ environment: 'sandbox', baseUrl: server.url }),
      ...credentials,
    });
    const id = await sale(5000);
    server.settle(id);
    const part = await gateway.refund({ transactionId: id, amountCents: 1000, idempotencyKey: key() });
    const rest = await sdk.transaction.refund(id);
    expect(rest).toMatchObject({
      success: true,
      transaction: { type: 'credit', amount: '40.00', refundedTransactionId: id },
    });
    const found = await sdk.transaction.find(id);
    expect(found).toMatchObject({ status: 'settled', type: 'sale' });
    expect(found.refundIds).toEqual([
      part.ok && part.refundTransactionId,
      rest.success && rest.transaction.id,
    ]);
    const again = await sdk.transaction.refund(id);
    expect(again.success).toBe(false);
    if (again.success) throw new Error('expected a refusal');
    expect(again.errors.deepErrors().map((e) => e.code)).toEqual(['91512']);
  });

  it('without credentials refund and void reject with "Payment system not initialized"', async () => {
    const unconfigured = createBraintreeGateway({ environment: 'production' });
    await expect(
      unconfigured.refund({ transactionId: 'abc', amountCents: 100, idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(PaymentNotConfiguredError);
    await expect(unconfigured.void('abc')).rejects.toBeInstanceOf(PaymentNotConfiguredError);
  });
});
