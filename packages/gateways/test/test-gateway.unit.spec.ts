import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTestPaymentGateway,
  isSuccessfulTransactionStatus,
  PaymentGatewayError,
  TEST_NONCES,
  type TestPaymentGateway,
} from '../src';

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

describe('test-mode payment gateway: voids and refunds', () => {
  afterEach(() => vi.useRealTimers());

  const charge = async (gw: TestPaymentGateway, amountCents = 13952) => {
    const result = await gw.sale(req(TEST_NONCES.valid, `sale-${gw.calls}`, amountCents));
    if (!result.ok) throw new Error('expected success');
    return result.transactionId;
  };

  it('voids an unsettled sale for its whole amount; a part is refused until it settles', async () => {
    const gw = createTestPaymentGateway();
    const id = await charge(gw);
    expect(await gw.refund({ transactionId: id, amountCents: 5000, idempotencyKey: 'r1' })).toEqual({
      ok: false,
      message: 'This payment has not settled yet; only the whole amount can be refunded until it settles.',
      code: '91506',
    });
    expect(await gw.refund({ transactionId: id, amountCents: 13952, idempotencyKey: 'r2' })).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: id,
      amountCents: 13952,
      status: 'voided',
    });
    const found = await gw.findTransaction(id);
    expect(found?.status).toBe('voided');
    expect(isSuccessfulTransactionStatus(found!.status)).toBe(false);
    expect(gw.refunds).toEqual([
      { transactionId: id, kind: 'void', refundTransactionId: id, amountCents: 13952 },
    ]);
  });

  it('refunds a settled sale in parts, up to what is left', async () => {
    const gw = createTestPaymentGateway();
    const id = await charge(gw, 10000);
    gw.settle(id);
    expect((await gw.findTransaction(id))?.status).toBe('settled');
    const first = await gw.refund({ transactionId: id, amountCents: 4000, idempotencyKey: 'r1' });
    expect(first).toMatchObject({
      ok: true,
      kind: 'refund',
      amountCents: 4000,
      status: 'submitted_for_settlement',
    });
    if (!first.ok) throw new Error('expected a refund');
    expect(first.refundTransactionId).toMatch(/^test_/);
    expect(first.refundTransactionId).not.toBe(id);
    expect(await gw.refund({ transactionId: id, amountCents: 6001, idempotencyKey: 'r2' })).toEqual({
      ok: false,
      message: 'Refund amount is too large.',
      code: '91521',
    });
    expect(await gw.refund({ transactionId: id, amountCents: 6000, idempotencyKey: 'r3' })).toMatchObject({
      ok: true,
      amountCents: 6000,
    });
    expect(await gw.refund({ transactionId: id, amountCents: 1, idempotencyKey: 'r4' })).toMatchObject({
      ok: false,
      code: '91512',
    });
    expect(gw.refunds.map((r) => r.amountCents)).toEqual([4000, 6000]);
  });

  it('sales settle on their own after settleAfterMs', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-07T10:00:00Z') });
    const gw = createTestPaymentGateway({ settleAfterMs: 60_000 });
    const id = await charge(gw);
    expect((await gw.findTransaction(id))?.status).toBe('submitted_for_settlement');
    vi.setSystemTime(new Date('2025-06-07T10:01:00Z'));
    expect((await gw.findTransaction(id))?.status).toBe('settled');
    expect(await gw.refund({ transactionId: id, amountCents: 100, idempotencyKey: 'r1' })).toMatchObject({
      ok: true,
      kind: 'refund',
    });
  });

  it('the same idempotency key refunds once, also concurrently; a refusal is not remembered', async () => {
    const gw = createTestPaymentGateway();
    const id = await charge(gw, 10000);
    const refund = { transactionId: id, amountCents: 2500, idempotencyKey: 'same' };
    expect(await gw.refund(refund)).toMatchObject({ ok: false, code: '91506' });
    gw.settle(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => gw.refund(refund)));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ ok: true, kind: 'refund', amountCents: 2500 });
    expect(gw.refunds).toHaveLength(1);
  });

  it('failNextRefunds makes refund and void throw PaymentGatewayError, changing nothing', async () => {
    const gw = createTestPaymentGateway();
    const id = await charge(gw);
    gw.failNextRefunds(2);
    const refund = { transactionId: id, amountCents: 13952, idempotencyKey: 'r1' };
    await expect(gw.refund(refund)).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(gw.void(id)).rejects.toThrow('Unable to connect to payment server.');
    expect((await gw.findTransaction(id))?.status).toBe('submitted_for_settlement');
    expect(gw.refunds).toHaveLength(0);
    expect(await gw.refund(refund)).toMatchObject({ ok: true, kind: 'void' });
  });

  it('void() cancels an unsettled sale once; a settled, declined or unknown one is refused', async () => {
    const gw = createTestPaymentGateway();
    const id = await charge(gw);
    const [a, b] = await Promise.all([gw.void(id), gw.void(id)]);
    expect(a).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: id,
      amountCents: 13952,
      status: 'voided',
    });
    expect(b).toEqual(a);
    expect(gw.refunds).toHaveLength(1);

    const settled = await charge(gw);
    gw.settle(settled);
    expect(await gw.void(settled)).toMatchObject({ ok: false, code: '91504' });
    const declined = await gw.sale(req(TEST_NONCES.processorDeclined, 'declined'));
    if (declined.ok || !declined.transactionId) throw new Error('expected a declined transaction');
    expect(await gw.void(declined.transactionId)).toMatchObject({ ok: false, code: '91504' });
    expect(
      await gw.refund({ transactionId: declined.transactionId, amountCents: 13952, idempotencyKey: 'd' }),
    ).toMatchObject({ ok: false, message: 'This payment collected no money; there is nothing to refund.' });
    expect(await gw.void('test_nope')).toEqual({ ok: false, message: 'Payment transaction not found' });
    expect(await gw.refund({ transactionId: id, amountCents: 0, idempotencyKey: 'z' })).toEqual({
      ok: false,
      message: 'Invalid refund amount',
    });
  });
});

describe('test-mode payment gateway: a sale another instance made', () => {
  afterEach(() => vi.useRealTimers());

  const saleBy = async (gw: TestPaymentGateway, amountCents = 13952) => {
    const result = await gw.sale(req(TEST_NONCES.valid, `sale-${gw.calls}`, amountCents));
    if (!result.ok) throw new Error('expected success');
    return result.transactionId;
  };

  it('is found and, unsettled, voided for its whole amount (a part is refused)', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-07T10:00:00Z') });
    const id = await saleBy(createTestPaymentGateway());
    const other = createTestPaymentGateway({ settleAfterMs: 60_000 });
    // the order is not known here, so this instance cannot record it as an order's payment
    expect(await other.findTransaction(id)).toEqual({
      transactionId: id,
      amountCents: 13952,
      orderId: '',
      status: 'submitted_for_settlement',
    });
    expect(await other.refund({ transactionId: id, amountCents: 5000, idempotencyKey: 'r1' })).toMatchObject({
      ok: false,
      code: '91506',
    });
    expect(await other.refund({ transactionId: id, amountCents: 13952, idempotencyKey: 'r2' })).toEqual({
      ok: true,
      kind: 'void',
      refundTransactionId: id,
      amountCents: 13952,
      status: 'voided',
    });
    expect((await other.findTransaction(id))?.status).toBe('voided');

    const viaVoid = await saleBy(createTestPaymentGateway());
    expect(await other.void(viaVoid)).toMatchObject({ ok: true, kind: 'void', amountCents: 13952 });
  });

  it('is refunded in parts once older than the settle delay, up to its amount', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-07T10:00:00Z') });
    const maker = createTestPaymentGateway();
    const id = await saleBy(maker, 10000);
    maker.settle(id);
    const other = createTestPaymentGateway({ settleAfterMs: 60_000 });
    vi.setSystemTime(new Date('2025-06-07T10:01:00Z'));
    expect((await other.findTransaction(id))?.status).toBe('settled');
    expect(await other.void(id)).toMatchObject({ ok: false, code: '91504' });
    expect(await other.refund({ transactionId: id, amountCents: 10001, idempotencyKey: 'r1' })).toMatchObject(
      {
        ok: false,
        code: '91521',
      },
    );
    expect(await other.refund({ transactionId: id, amountCents: 2000, idempotencyKey: 'r2' })).toMatchObject({
      ok: true,
      kind: 'refund',
      amountCents: 2000,
    });
    expect(await other.refund({ transactionId: id, amountCents: 8001, idempotencyKey: 'r3' })).toMatchObject({
      ok: false,
      code: '91521',
    });
    expect(other.refunds.map((r) => r.amountCents)).toEqual([2000]);
  });

  it('counts as settled at once without a settle delay (its maker may have settled it)', async () => {
    const maker = createTestPaymentGateway();
    const id = await saleBy(maker, 10000);
    maker.settle(id);
    await maker.refund({ transactionId: id, amountCents: 2000, idempotencyKey: 'seed' });
    const other = createTestPaymentGateway();
    expect((await other.findTransaction(id))?.status).toBe('settled');
    expect(await other.refund({ transactionId: id, amountCents: 3000, idempotencyKey: 'r1' })).toMatchObject({
      ok: true,
      kind: 'refund',
      amountCents: 3000,
    });
  });

  it('an id that is not a test-mode sale id is still unknown, a declined one too', async () => {
    const maker = createTestPaymentGateway();
    const declined = await maker.sale(req(TEST_NONCES.processorDeclined, 'declined'));
    if (declined.ok || !declined.transactionId) throw new Error('expected a declined transaction');
    const other = createTestPaymentGateway();
    for (const id of [
      'test_nope',
      'kx7m2q9p',
      'test_zz_0_aaaaaaaaaaaa',
      'test_zz_100_xyz',
      declined.transactionId,
    ]) {
      expect(await other.findTransaction(id)).toBeNull();
      expect(await other.void(id)).toEqual({ ok: false, message: 'Payment transaction not found' });
      expect(await other.refund({ transactionId: id, amountCents: 100, idempotencyKey: id })).toEqual({
        ok: false,
        message: 'Payment transaction not found',
      });
    }
  });
});
