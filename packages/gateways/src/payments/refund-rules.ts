/**
 * Void or refund: Braintree's rules, in one place for the adapters (which one to ask for) and the
 * fakes (what Braintree answers). A sale can be voided only before it settles, and then only as a
 * whole; once settled it can be refunded, in parts, up to what is left of it.
 */
import type { RefundResult } from './types';

/** Statuses in which a card sale can still be voided (nothing has moved yet). */
export const VOIDABLE_STATUSES: readonly string[] = ['authorized', 'submitted_for_settlement'];

/** Statuses in which a sale can be refunded. */
export const REFUNDABLE_STATUSES: readonly string[] = ['settling', 'settled', 'settlement_confirmed'];

/** Braintree's validation errors on void and refund, code and message as its gateway answers them. */
export const BRAINTREE_REFUND_ERRORS = {
  cannotBeVoided: {
    code: '91504',
    message:
      'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.',
  },
  cannotRefundUnlessSettled: { code: '91506', message: 'Cannot refund transaction unless it is settled.' },
  alreadyRefunded: { code: '91512', message: 'Transaction has already been completely refunded.' },
  refundAmountTooLarge: { code: '91521', message: 'Refund amount is too large.' },
  amountInvalidFormat: { code: '81503', message: 'Amount is an invalid format.' },
  amountMustBeGreaterThanZero: { code: '81531', message: 'Amount must be greater than zero.' },
} as const;

export const REFUND_MESSAGES = {
  invalidAmount: 'Invalid refund amount',
  notFound: 'Payment transaction not found',
  failed: 'Refund failed',
  partialBeforeSettlement:
    'This payment has not settled yet; only the whole amount can be refunded until it settles.',
  voided: 'This payment has already been voided; there is nothing to refund.',
  processing: 'This payment is still being processed; it can be refunded once it has settled.',
  nothingCollected: 'This payment collected no money; there is nothing to refund.',
} as const;

type Refusal = Extract<RefundResult, { ok: false }>;

export type RefundPlan = { action: 'void' } | { action: 'refund' } | { action: 'refuse'; refusal: Refusal };

const refuse = (message: string, code: string): RefundPlan => ({
  action: 'refuse',
  refusal: { ok: false, message, code },
});

/**
 * How to give `amountCents` back on a sale in this state. Refusals carry the code Braintree would
 * answer (91506 not refundable now, 91521 too much), so callers see one vocabulary.
 */
export function planRefund(sale: { status: string; amountCents: number }, amountCents: number): RefundPlan {
  const notSettled = BRAINTREE_REFUND_ERRORS.cannotRefundUnlessSettled.code;
  if (VOIDABLE_STATUSES.includes(sale.status)) {
    if (amountCents === sale.amountCents) return { action: 'void' };
    if (amountCents > sale.amountCents) {
      const tooLarge = BRAINTREE_REFUND_ERRORS.refundAmountTooLarge;
      return refuse(tooLarge.message, tooLarge.code);
    }
    // A void cancels the whole sale; refunding a part of it has to wait for settlement.
    return refuse(REFUND_MESSAGES.partialBeforeSettlement, notSettled);
  }
  if (REFUNDABLE_STATUSES.includes(sale.status)) return { action: 'refund' };
  if (sale.status === 'voided') return refuse(REFUND_MESSAGES.voided, notSettled);
  if (sale.status === 'authorizing' || sale.status === 'settlement_pending') {
    return refuse(REFUND_MESSAGES.processing, notSettled);
  }
  return refuse(REFUND_MESSAGES.nothingCollected, notSettled);
}

/** What Braintree answers to a void of a sale in this status: null when it voids it. */
export function voidRefusal(status: string): { code: string; message: string } | null {
  return VOIDABLE_STATUSES.includes(status) ? null : BRAINTREE_REFUND_ERRORS.cannotBeVoided;
}

/** What Braintree answers to a refund of `amountCents` on a sale: null when it refunds. */
export function refundRefusal(
  sale: { status: string; amountCents: number; refundedCents: number },
  amountCents: number,
): { code: string; message: string } | null {
  if (!REFUNDABLE_STATUSES.includes(sale.status)) return BRAINTREE_REFUND_ERRORS.cannotRefundUnlessSettled;
  if (sale.refundedCents >= sale.amountCents) return BRAINTREE_REFUND_ERRORS.alreadyRefunded;
  if (sale.refundedCents + amountCents > sale.amountCents)
    return BRAINTREE_REFUND_ERRORS.refundAmountTooLarge;
  return null;
}
