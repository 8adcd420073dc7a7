/**
 * Money given back after a booking (issue 21): how much of an order can be refunded, and what a
 * cancellation refunds. Only what our own gateway took is ours to give back; the partner's payment is
 * the partner's business and never refunded here.
 */
import type { Cents } from '../money';
import type { FailedRefund, PendingRefund, RefundEntry, RegistrationState } from './state';

// Moved to state.ts (evolve counts card payments with it); index.ts still exports it from here.
export { PAYNOW_METHOD, isGatewayPaymentMethod, paymentGatewayOf } from './state';

/** What can still be refunded: card-paid minus already refunded. */
export function refundableCents(state: RegistrationState): Cents {
  return Math.max(0, state.cardPaidCents - state.refundedCents);
}

const sum = (refunds: readonly { amountCents: number }[]) => refunds.reduce((t, r) => t + r.amountCents, 0);

/** What a new refund may take: refundable minus what refunds awaiting the gateway have reserved. */
export function availableRefundCents(state: RegistrationState): Cents {
  return Math.max(0, refundableCents(state) - sum(state.pendingRefunds));
}

/**
 * The card sale a refund of `amountCents` comes from: the latest one with that much left (its amount
 * minus its refunds and reservations); null when no single sale has. One refund never spans sales.
 */
export function refundSale(state: RegistrationState, amountCents: Cents): string | null {
  const taken = [...state.refunds, ...state.pendingRefunds];
  for (const sale of [...state.cardPayments].reverse()) {
    const left = sale.amountCents - sum(taken.filter((r) => r.transactionId === sale.transactionId));
    if (left >= amountCents) return sale.transactionId;
  }
  return null;
}

export type RefundOutcome =
  | { status: 'pending'; request: PendingRefund }
  | { status: 'succeeded'; refund: RefundEntry }
  | { status: 'failed'; failure: FailedRefund };

/** Where the refund `refundId` stands on this order; null when it was never requested nor recorded. */
export function refundOutcome(state: RegistrationState, refundId: string): RefundOutcome | null {
  const refund = state.refunds.find((r) => r.refundId === refundId);
  if (refund) return { status: 'succeeded', refund };
  const failure = state.failedRefunds.find((r) => r.refundId === refundId);
  if (failure) return { status: 'failed', failure };
  const request = state.pendingRefunds.find((r) => r.refundId === refundId);
  return request ? { status: 'pending', request } : null;
}

/** A refund with no amount given refunds everything card-paid and not yet refunded. */
export function defaultRefundCents(state: RegistrationState): Cents {
  return refundableCents(state);
}

export const REFUND_REVIEW_REASON = (cutoffHours: number) =>
  `Cancelled less than ${cutoffHours} hours before the appointment; a refund needs staff review.`;

export type CancellationRefund =
  | { kind: 'automatic'; amountCents: Cents }
  | { kind: 'review'; reason: string }
  | { kind: 'none' };

const HOUR_MS = 3_600_000;

/**
 * What a public cancel refunds: nothing when nothing card-paid is left to refund; everything
 * refundable when cancelled at least `cutoffHours` before the appointment (exactly at the cutoff
 * counts); otherwise no automatic refund, and the order is flagged for staff review.
 */
export function cancellationRefund(
  state: RegistrationState,
  appointmentStartUtc: Date,
  now: Date,
  cutoffHours: number,
): CancellationRefund {
  const amountCents = refundableCents(state);
  if (amountCents === 0) return { kind: 'none' };
  if (appointmentStartUtc.getTime() - now.getTime() >= cutoffHours * HOUR_MS) {
    return { kind: 'automatic', amountCents };
  }
  return { kind: 'review', reason: REFUND_REVIEW_REASON(cutoffHours) };
}
