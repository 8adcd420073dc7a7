/**
 * Test-mode payment gateway: Braintree's documented test nonces, no network.
 * - 'fake-valid-nonce' succeeds (Visa ending 1111, submitted for settlement);
 * - 'fake-processor-declined-visa-nonce' is declined by the processor (code 2000, 'Do Not Honor');
 * - any other nonce is refused as an invalid payment method (nothing charged).
 * Voids and refunds follow Braintree's rules (refund-rules.ts). Sales stay unsettled (voidable) until
 * `settle(id)`, or until `settleAfterMs` has passed when that option is given.
 * A sale's id carries what another instance needs to refund, void or find it (see `saleId`), so a
 * sale made by another process (the seed, the api before a restart, a second api) is not unknown.
 */
import { randomBytes } from 'node:crypto';
import { planRefund, REFUND_MESSAGES, refundRefusal, voidRefusal } from './refund-rules';
import {
  createIdempotencyCache,
  type FoundTransaction,
  isValidAmountCents,
  PAYMENT_MESSAGES,
  type PaymentGateway,
  PaymentGatewayError,
  type RefundResult,
  type SaleRequest,
  type SaleResult,
} from './types';

export const TEST_NONCES = {
  valid: 'fake-valid-nonce',
  processorDeclined: 'fake-processor-declined-visa-nonce',
} as const;

export interface TestPaymentGateway extends PaymentGateway {
  /** Every sale that reached the (fake) processor, declined and invalid ones included; replays are not. */
  readonly sales: readonly SaleRequest[];
  /** Successful charges only. */
  readonly charges: readonly { request: SaleRequest; transactionId: string }[];
  /** Every sale() call, replays of an idempotency key included. */
  readonly calls: number;
  /** Accepted voids and refunds, in order (a replayed key is not repeated). */
  readonly refunds: readonly TestRefund[];
  /** Settles a sale now, as Braintree's settlement batch would: from then on it is refunded, not voided. */
  settle(transactionId: string): void;
  /** The next `count` refund() / void() calls throw PaymentGatewayError and change nothing (an outage). */
  failNextRefunds(count?: number): void;
}

export interface TestRefund {
  transactionId: string;
  kind: 'void' | 'refund';
  refundTransactionId: string;
  amountCents: number;
}

export interface TestPaymentGatewayOptions {
  /** Sales settle this long after they were made; without it only `settle(id)` settles them. */
  settleAfterMs?: number;
}

interface TestTransaction extends FoundTransaction {
  createdAt: number;
  refundedCents: number;
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

const notFound: RefundResult = { ok: false, message: REFUND_MESSAGES.notFound };

/**
 * A successful sale's id: `test_<made at, base36 ms>_<cents>_<random>`. Test mode keeps sales in
 * memory, and this is how another instance (no shared memory) rebuilds one it never saw.
 */
const saleId = (amountCents: number, createdAt: number) =>
  `test_${createdAt.toString(36)}_${amountCents}_${randomId(6)}`;

const SALE_ID = /^test_([0-9a-z]{1,12})_([1-9][0-9]{0,15})_[0-9a-f]{12}$/;

/** What a sale id made by `saleId` says, or null for any other id. */
function parseSaleId(transactionId: string): { createdAt: number; amountCents: number } | null {
  const match = SALE_ID.exec(transactionId);
  if (!match) return null;
  const createdAt = Number.parseInt(match[1]!, 36);
  const amountCents = Number(match[2]);
  if (!Number.isSafeInteger(createdAt) || !isValidAmountCents(amountCents)) return null;
  return { createdAt, amountCents };
}

export function createTestPaymentGateway(opts: TestPaymentGatewayOptions = {}): TestPaymentGateway {
  const sales: SaleRequest[] = [];
  const charges: { request: SaleRequest; transactionId: string }[] = [];
  const transactions = new Map<string, TestTransaction>();
  const idempotency = createIdempotencyCache<SaleResult>();
  // As in the live adapter, only accepted refunds are remembered.
  const refundIdempotency = createIdempotencyCache<RefundResult>(10_000, (result) => result.ok);
  const voidIdempotency = createIdempotencyCache<RefundResult>(10_000, (result) => result.ok);
  const refunds: TestRefund[] = [];
  let calls = 0;
  let refundFailures = 0;

  /**
   * A sale another instance made, as this one can know it: its order and earlier refunds are not
   * known (the api's domain caps refunds at what was paid), and whether its maker settled it cannot
   * be seen, so it counts as settled once older than `settleAfterMs`, at once without that option:
   * then any part of it can be refunded (a whole unsettled sale would have been voided instead).
   */
  const adopt = (transactionId: string): TestTransaction | null => {
    const sale = parseSaleId(transactionId);
    if (!sale) return null;
    const settled = Date.now() - sale.createdAt >= (opts.settleAfterMs ?? 0);
    const t: TestTransaction = {
      transactionId,
      amountCents: sale.amountCents,
      orderId: '',
      status: settled ? 'settled' : 'submitted_for_settlement',
      createdAt: sale.createdAt,
      refundedCents: 0,
    };
    transactions.set(transactionId, t);
    return t;
  };

  /** The transaction as of now: an unsettled sale past `settleAfterMs` has settled. */
  const current = (transactionId: string): TestTransaction | null => {
    const t = transactions.get(String(transactionId)) ?? adopt(String(transactionId));
    if (!t) return null;
    const due = opts.settleAfterMs !== undefined && Date.now() - t.createdAt >= opts.settleAfterMs;
    if (due && t.status === 'submitted_for_settlement') t.status = 'settled';
    return t;
  };

  const takeRefundFailure = () => {
    if (refundFailures === 0) return;
    refundFailures--;
    throw new PaymentGatewayError(PAYMENT_MESSAGES.unreachable, 'test-outage');
  };

  const voidNow = (t: TestTransaction): RefundResult => {
    const refusal = voidRefusal(t.status);
    if (refusal) return { ok: false, ...refusal };
    t.status = 'voided';
    refunds.push({
      transactionId: t.transactionId,
      kind: 'void',
      refundTransactionId: t.transactionId,
      amountCents: t.amountCents,
    });
    return {
      ok: true,
      kind: 'void',
      refundTransactionId: t.transactionId,
      amountCents: t.amountCents,
      status: t.status,
    };
  };

  const refundNow = (t: TestTransaction, amountCents: number): RefundResult => {
    const refusal = refundRefusal(t, amountCents);
    if (refusal) return { ok: false, ...refusal };
    t.refundedCents += amountCents;
    const refundTransactionId = `test_${randomId(6)}`;
    refunds.push({ transactionId: t.transactionId, kind: 'refund', refundTransactionId, amountCents });
    return { ok: true, kind: 'refund', refundTransactionId, amountCents, status: 'submitted_for_settlement' };
  };

  const process = async (req: SaleRequest): Promise<SaleResult> => {
    sales.push({ ...req });
    if (!isValidAmountCents(req.amountCents)) {
      return { ok: false, declined: false, message: PAYMENT_MESSAGES.invalidAmount };
    }
    if (req.nonce === TEST_NONCES.valid) {
      const createdAt = Date.now();
      const transactionId = saleId(req.amountCents, createdAt);
      const status = 'submitted_for_settlement';
      transactions.set(transactionId, {
        transactionId,
        amountCents: req.amountCents,
        orderId: req.orderId,
        status,
        createdAt,
        refundedCents: 0,
      });
      charges.push({ request: { ...req }, transactionId });
      return {
        ok: true,
        transactionId,
        amountCents: req.amountCents,
        cardType: 'Visa',
        last4: '1111',
        status,
      };
    }
    if (req.nonce === TEST_NONCES.processorDeclined) {
      const transactionId = `test_${randomId(6)}`;
      transactions.set(transactionId, {
        transactionId,
        amountCents: req.amountCents,
        orderId: req.orderId,
        status: 'processor_declined',
        createdAt: Date.now(),
        refundedCents: 0,
      });
      return { ok: false, declined: true, message: PAYMENT_MESSAGES.failed, transactionId, code: '2000' };
    }
    return { ok: false, declined: false, message: PAYMENT_MESSAGES.invalidMethod };
  };

  return {
    mode: 'test',
    get sales() {
      return sales;
    },
    get charges() {
      return charges;
    },
    get calls() {
      return calls;
    },
    async clientToken() {
      return `test-${randomId(16)}`;
    },
    sale(req) {
      calls++;
      return idempotency.run(String(req.idempotencyKey), () => process(req)).result;
    },
    get refunds() {
      return refunds;
    },
    async findTransaction(transactionId) {
      const t = current(transactionId);
      return t
        ? { transactionId: t.transactionId, amountCents: t.amountCents, orderId: t.orderId, status: t.status }
        : null;
    },
    refund(req) {
      if (!isValidAmountCents(req.amountCents)) {
        return Promise.resolve({ ok: false, message: REFUND_MESSAGES.invalidAmount });
      }
      return refundIdempotency.run(String(req.idempotencyKey), async () => {
        takeRefundFailure();
        const t = current(req.transactionId);
        if (!t) return notFound;
        const plan = planRefund(t, req.amountCents);
        if (plan.action === 'refuse') return plan.refusal;
        return plan.action === 'void' ? voidNow(t) : refundNow(t, req.amountCents);
      }).result;
    },
    void(transactionId) {
      return voidIdempotency.run(String(transactionId), async () => {
        takeRefundFailure();
        const t = current(transactionId);
        return t ? voidNow(t) : notFound;
      }).result;
    },
    settle(transactionId) {
      const t = current(transactionId);
      if (!t) throw new Error(`No test transaction ${transactionId}`);
      if (t.status === 'submitted_for_settlement') t.status = 'settled';
    },
    failNextRefunds(count = 1) {
      refundFailures = count;
    },
  };
}
