/**
 * What the registration decider knows of an order (evolve.ts folds the events into it). Kept apart from
 * the decisions so refunds.ts and the read helpers can depend on the state without depending on decide.
 */
import type { PriceBreakdown } from '../pricing';
import type { RegistrationStatus } from '../status';
import type { CheckInMark } from './check-in';
import type {
  AppliedDiscount,
  ContactDetails,
  ParticipantChanges,
  ParticipantSnapshot,
  PartnerBooking,
  CorporateBooking,
  RefundFailure,
  RefundKind,
} from './events';

/** One refund or void given back through the gateway. */
export interface RefundEntry {
  refundId: string;
  amountCents: number;
  kind: RefundKind;
  gatewayTransactionId: string;
  at: string;
  /** The card sale it gave back (known when it was requested first, see RequestRefund). */
  transactionId?: string;
}

/** A payment one of our gateways took: a card sale (Braintree) or a PayNow intent (Stripe, issue 48). */
export interface CardPayment {
  transactionId: string;
  amountCents: number;
  /** Which gateway gives it back. */
  gateway: PaymentGatewayKind;
}

export type PaymentGatewayKind = 'card' | 'paynow';

/** The PayNow QR open for the balance due (issue 48). */
export interface OpenPayNowIntent {
  intentId: string;
  amountCents: number;
  openedAt: string;
}

/** A refund asked of the gateway and not answered yet: its amount is reserved. */
export interface PendingRefund {
  refundId: string;
  amountCents: number;
  transactionId: string;
  reason: string;
  at: string;
}

/** A refund the gateway did not give back. */
export interface FailedRefund {
  refundId: string;
  amountCents: number;
  failure: RefundFailure;
  reason: string;
  at: string;
}

/** A charge accepted for an order that had just expired, voided and never counted as paid. */
export interface VoidedCharge {
  transactionId: string;
  amountCents: number;
  at: string;
}

export interface RegistrationState {
  /** false until RegistrationBooked. */
  exists: boolean;
  registrationId: string | null;
  referenceNumber: string | null;
  status: RegistrationStatus | null;
  eventId: number | null;
  timeslotId: number | null;
  contact: ContactDetails | null;
  participants: ParticipantSnapshot[];
  discount: AppliedDiscount | null;
  partner: PartnerBooking | null;
  /** The corporate programme the order was booked under (issue 51), or null. */
  corporate: CorporateBooking | null;
  pricing: PriceBreakdown | null;
  /** Sum of recorded payments. */
  paidCents: number;
  /** The part of paidCents our gateway took (not the partner's): what a refund can give back. */
  cardPaidCents: number;
  transactionIds: string[];
  /** The payments of cardPaidCents, oldest first. */
  cardPayments: CardPayment[];
  /** When the payment hold runs out (ISO); null when the order has none. */
  holdUntil: string | null;
  expiredAt: string | null;
  /** Sum of refunds and voids of recorded payments. */
  refundedCents: number;
  /** The part of refundedCents owed again since staff confirmed the cancelled order (issue 45). */
  reinstatedCents: number;
  refunds: RefundEntry[];
  pendingRefunds: PendingRefund[];
  failedRefunds: FailedRefund[];
  voidedCharges: VoidedCharge[];
  /** Cancelled too late for an automatic refund: staff decide. */
  needsRefundReview: boolean;
  confirmationEmailSent: boolean;
  reminderEmailSent: boolean;
  partnerConfirmed: boolean;
  cancelledAt: string | null;
  /** Moves to another timeslot so far (the next one's calendar SEQUENCE is this + 1). */
  rescheduleCount: number;
  /** The PayNow intent open for the balance due, if any (issue 48). */
  payNowIntent: OpenPayNowIntent | null;
  /** PayNow intents opened so far (the next one's idempotency key counts from it). */
  payNowIntentCount: number;
  /** Every PayNow intent this order opened: a payment of any other intent is not this order's. */
  payNowIntentIds: string[];
  /** Per participant id, their check-in at the front desk (issue 23). */
  checkIns: Record<string, CheckInMark>;
  /** The largest balance the desk waived at a check-in (issue 45); a later check-in owing no more needs no new waiver. */
  checkInWaivedCents: number;
  /** The no-shows of the appointment day were marked (once per order). */
  noShowMarked: boolean;
  /** Every participant id ever on the order, removed ones included (erasure destroys all their keys). */
  everParticipantIds: string[];
  /** When the order's personal data was erased (ISO); null while it is held (issue 24). */
  personalDataErasedAt: string | null;
}
export function initialRegistrationState(): RegistrationState {
  return {
    exists: false,
    registrationId: null,
    referenceNumber: null,
    status: null,
    eventId: null,
    timeslotId: null,
    contact: null,
    participants: [],
    discount: null,
    partner: null,
    corporate: null,
    pricing: null,
    paidCents: 0,
    cardPaidCents: 0,
    transactionIds: [],
    cardPayments: [],
    holdUntil: null,
    expiredAt: null,
    refundedCents: 0,
    reinstatedCents: 0,
    refunds: [],
    pendingRefunds: [],
    failedRefunds: [],
    voidedCharges: [],
    needsRefundReview: false,
    confirmationEmailSent: false,
    reminderEmailSent: false,
    partnerConfirmed: false,
    cancelledAt: null,
    rescheduleCount: 0,
    payNowIntent: null,
    payNowIntentCount: 0,
    payNowIntentIds: [],
    checkIns: {},
    checkInWaivedCents: 0,
    noShowMarked: false,
    everParticipantIds: [],
    personalDataErasedAt: null,
  };
}
/** Payment methods the api records for a sale through our card gateway: 'card', 'test card (Visa ending 1111)'. */
const CARD_METHOD = /^(test )?card\b/;
/** The method of a PayNow payment (issue 48). */
export const PAYNOW_METHOD = 'paynow';

/** The gateway that took a payment of this method (so it can be refunded through it), or null (desk, partner). */
export function paymentGatewayOf(method: string): PaymentGatewayKind | null {
  if (CARD_METHOD.test(method)) return 'card';
  return method === PAYNOW_METHOD ? 'paynow' : null;
}

/** The payment was taken by one of our gateways (so it can be refunded through it). */
export function isGatewayPaymentMethod(method: string): boolean {
  return paymentGatewayOf(method) !== null;
}

export function applyParticipantChanges(
  p: ParticipantSnapshot,
  changes: ParticipantChanges,
): ParticipantSnapshot {
  const next = { ...p, ...changes };
  // leaving the member programme drops the member price and id
  if (changes.isAiaMember === false) return { ...next, memberVerified: false, aiaMemberId: null };
  return next;
}
