import type { DomainEvent } from '../../decider';
import type { PaymentGatewayKind } from '../state';

export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  { transactionId: string; amountCents: number; method: string; balanceDueCents: number; at: string }
>;
/**
 * Money given back through the gateway: `kind` 'void' (the sale was voided before it settled) or
 * 'refund'; `gatewayTransactionId` is the gateway's id of the void or refund; `refundedCents` is the
 * order's total refunded after this one; `gateway` the gateway that took the sale it gives back (absent
 * on refunds recorded before PayNow, all card). Who did it is the event's actor.
 */
export type RefundRecorded = DomainEvent<
  'RefundRecorded',
  {
    refundId: string;
    amountCents: number;
    kind: RefundKind;
    gatewayTransactionId: string;
    reason: string;
    refundedCents: number;
    gateway?: PaymentGatewayKind;
    at: string;
  }
>;
export type RefundKind = 'void' | 'refund';
/**
 * Step one of a refund through the gateway: `amountCents` of the card sale `transactionId` is
 * reserved, so refunds racing on one order can never together give back more than was paid. The
 * gateway's answer closes it with the same `refundId`: RefundRecorded (accepted) or RefundFailed.
 */
export type RefundRequested = DomainEvent<
  'RefundRequested',
  { refundId: string; amountCents: number; transactionId: string; reason: string; at: string }
>;
/**
 * 'refused': the gateway said no (its reason, e.g. not settled yet); 'unavailable': no answer, or an
 * unknown outcome.
 */
export type RefundFailure = 'refused' | 'unavailable';
/** The gateway did not give a requested refund back: nothing was refunded and the reservation is free. */
export type RefundFailed = DomainEvent<
  'RefundFailed',
  {
    refundId: string;
    amountCents: number;
    transactionId: string;
    failure: RefundFailure;
    reason: string;
    at: string;
  }
>;
/**
 * A charge the gateway accepted for an order that had expired in the same instant: voided at once
 * and never counted as paid (`transactionId` is the sale's id).
 */
export type PaymentVoided = DomainEvent<
  'PaymentVoided',
  { transactionId: string; amountCents: number; reason: string; at: string }
>;

/**
 * A PayNow QR opened for the balance due (issue 48): a Stripe PaymentIntent, paid when Stripe says so
 * (then PaymentRecorded with method 'paynow' and this intent id). One is open at a time.
 */
export type PayNowIntentOpened = DomainEvent<
  'PayNowIntentOpened',
  { intentId: string; amountCents: number; at: string }
>;
/**
 * Why an open PayNow intent closed unpaid: 'replaced' by one for a new balance, 'expired' or
 * 'cancelled' with its order (cancelled at Stripe), 'failed' at Stripe.
 */
export type PayNowCloseReason = 'replaced' | 'expired' | 'cancelled' | 'failed';
export type PayNowIntentClosed = DomainEvent<
  'PayNowIntentClosed',
  { intentId: string; reason: PayNowCloseReason; at: string }
>;
