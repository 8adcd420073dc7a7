/**
 * Test-mode payment gateway: Braintree's documented test nonces, no network.
 * - 'fake-valid-nonce' succeeds (Visa ending 1111, submitted for settlement);
 * - 'fake-processor-declined-visa-nonce' is declined by the processor (code 2000, 'Do Not Honor');
 * - any other nonce is refused as an invalid payment method (nothing charged).
 */
import { randomBytes } from 'node:crypto';
import {
  createIdempotencyCache,
  type FoundTransaction,
  isValidAmountCents,
  PAYMENT_MESSAGES,
  type PaymentGateway,
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
}

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');

export function createTestPaymentGateway(): TestPaymentGateway {
  const sales: SaleRequest[] = [];
  const charges: { request: SaleRequest; transactionId: string }[] = [];
  const transactions = new Map<string, FoundTransaction>();
  const idempotency = createIdempotencyCache<SaleResult>();
  let calls = 0;

  const process = async (req: SaleRequest): Promise<SaleResult> => {
    sales.push({ ...req });
    if (!isValidAmountCents(req.amountCents)) {
      return { ok: false, declined: false, message: PAYMENT_MESSAGES.invalidAmount };
    }
    if (req.nonce === TEST_NONCES.valid) {
      const transactionId = `test_${randomId(6)}`;
      const status = 'submitted_for_settlement';
      transactions.set(transactionId, {
        transactionId,
        amountCents: req.amountCents,
        orderId: req.orderId,
        status,
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
    async findTransaction(transactionId) {
      const found = transactions.get(String(transactionId));
      return found ? { ...found } : null;
    },
  };
}
