import { describe, expect, it } from 'vitest';
import { createTestPaymentGateway, isSuccessfulTransactionStatus, TEST_NONCES } from '../src';

const req = (nonce: string, idempotencyKey: string, amountCents = 13952) => ({
  amountCents,
  nonce,
  orderId: 'HS2505-0607-1234',
  idempotencyKey,
});

describe('test-mode payment gateway', () => {
  it('is test mode with client tokens starting test-', async () => {
    const gw = createTestPaymentGateway();
    expect(gw.mode).toBe('test');
    const [a, b] = [await gw.clientToken(), await gw.clientToken()];
    expect(a).toMatch(/^test-/);
    expect(a).not.toBe(b);
  });

  it('fake-valid-nonce succeeds and is findable', async () => {
    const gw = createTestPaymentGateway();
    const result = await gw.sale(req(TEST_NONCES.valid, 'k1'));
    expect(result).toMatchObject({
      ok: true,
      amountCents: 13952,
      cardType: 'Visa',
      last4: '1111',
      status: 'submitted_for_settlement',
    });
    if (!result.ok) throw new Error('expected success');
    expect(await gw.findTransaction(result.transactionId)).toEqual({
      transactionId: result.transactionId,
      amountCents: 13952,
      orderId: 'HS2505-0607-1234',
      status: 'submitted_for_settlement',
    });
    expect(isSuccessfulTransactionStatus(result.status)).toBe(true);
    expect(await gw.findTransaction('test_nope')).toBeNull();
    expect(gw.charges).toHaveLength(1);
  });

  it('the processor-declined nonce is declined with the spec message; nothing charged', async () => {
    const gw = createTestPaymentGateway();
    const result = await gw.sale(req(TEST_NONCES.processorDeclined, 'k1'));
    expect(result).toMatchObject({ ok: false, declined: true, message: 'Payment processing failed' });
    expect(gw.charges).toHaveLength(0);
    expect(gw.sales).toHaveLength(1);
    if (result.ok || !result.transactionId) throw new Error('expected a declined transaction id');
    const found = await gw.findTransaction(result.transactionId);
    expect(isSuccessfulTransactionStatus(found!.status)).toBe(false);
  });

  it('any other nonce is an invalid payment method; bad amounts are refused', async () => {
    const gw = createTestPaymentGateway();
    expect(await gw.sale(req('fake-anything', 'k1'))).toEqual({
      ok: false,
      declined: false,
      message: 'Invalid payment method',
    });
    expect(await gw.sale(req(TEST_NONCES.valid, 'k2', 0))).toMatchObject({ ok: false, declined: false });
    expect(await gw.sale(req(TEST_NONCES.valid, 'k3', -100))).toMatchObject({ ok: false, declined: false });
    expect(await gw.sale(req(TEST_NONCES.valid, 'k4', 10.5))).toMatchObject({ ok: false, declined: false });
    expect(gw.charges).toHaveLength(0);
  });

  it('the same idempotency key returns the first result without a second charge, also concurrently', async () => {
    const gw = createTestPaymentGateway();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => gw.sale(req(TEST_NONCES.valid, 'same'))),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(gw.sales).toHaveLength(1);
    expect(gw.charges).toHaveLength(1);
    expect(gw.calls).toBe(20);
    const other = await gw.sale(req(TEST_NONCES.valid, 'other'));
    expect(other.ok && results[0]!.ok && other.transactionId !== results[0]!.transactionId).toBe(true);
    expect(gw.charges).toHaveLength(2);
  });
});
