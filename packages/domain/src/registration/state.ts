/**
 * What the registration decider knows of an order, and how each event changes it. Kept apart from the
 * decisions so refunds.ts and the read helpers can depend on the state without depending on decide.
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
  RefundFailure,
  RefundKind,
  RegistrationEvent,
} from './events';
import { erasedContact, erasedParticipant } from './personal-data';

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

/** A card payment our gateway took. */
export interface CardPayment {
  transactionId: string;
  amountCents: number;
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
  /** Per participant id, their check-in at the front desk (issue 23). */
  checkIns: Record<string, CheckInMark>;
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
    checkIns: {},
    noShowMarked: false,
    everParticipantIds: [],
    personalDataErasedAt: null,
  };
}
/** Payment methods the api records for a sale through our gateway: 'card', 'test card (Visa ending 1111)'. */
const GATEWAY_METHOD = /^(test )?card\b/;

/** The payment was taken by our gateway (so it can be refunded through it). */
export function isGatewayPaymentMethod(method: string): boolean {
  return GATEWAY_METHOD.test(method);
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

export function evolveRegistration(state: RegistrationState, event: RegistrationEvent): RegistrationState {
  switch (event.type) {
    case 'RegistrationBooked': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        registrationId: d.registrationId,
        referenceNumber: d.referenceNumber,
        status: d.status,
        eventId: d.eventId,
        timeslotId: d.timeslotId,
        contact: d.contact,
        participants: d.participants,
        discount: d.discount,
        partner: d.partner,
        pricing: d.pricing,
        holdUntil: d.holdUntil ?? null,
        everParticipantIds: d.participants.map((p) => p.participantId),
      };
    }
    case 'ParticipantAdded':
      return {
        ...state,
        participants: [...state.participants, event.data.participant],
        everParticipantIds: state.everParticipantIds.includes(event.data.participant.participantId)
          ? state.everParticipantIds
          : [...state.everParticipantIds, event.data.participant.participantId],
        pricing: event.data.pricing,
      };
    case 'ParticipantUpdated':
      return {
        ...state,
        participants: state.participants.map((p) =>
          p.participantId === event.data.participantId ? applyParticipantChanges(p, event.data.changes) : p,
        ),
        pricing: event.data.pricing,
      };
    case 'ParticipantRemoved':
      return {
        ...state,
        participants: state.participants.filter((p) => p.participantId !== event.data.participantId),
        pricing: event.data.pricing,
      };
    case 'PrimaryParticipantChanged':
      return {
        ...state,
        participants: state.participants.map((p) => ({ ...p, isPrimary: p.participantId === event.data.to })),
      };
    case 'DiscountApplied':
      return { ...state, discount: event.data.discount, pricing: event.data.pricing };
    case 'PaymentRecorded': {
      const { transactionId, amountCents, method } = event.data;
      const card = isGatewayPaymentMethod(method);
      return {
        ...state,
        paidCents: state.paidCents + amountCents,
        cardPaidCents: state.cardPaidCents + (card ? amountCents : 0),
        transactionIds: [...state.transactionIds, transactionId],
        cardPayments: card ? [...state.cardPayments, { transactionId, amountCents }] : state.cardPayments,
      };
    }
    case 'StatusChanged':
      return {
        ...state,
        status: event.data.to,
        reinstatedCents: event.data.reinstatedCents ?? state.reinstatedCents,
      };
    case 'RegistrationCancelled':
      return {
        ...state,
        status: 'cancelled',
        cancelledAt: event.data.at,
        needsRefundReview: event.data.needsRefundReview === true,
      };
    case 'RegistrationExpired':
      return { ...state, status: 'expired', expiredAt: event.data.at };
    case 'RegistrationRevived':
      return { ...state, status: 'pending_payment', holdUntil: event.data.holdUntil, expiredAt: null };
    case 'RegistrationRescheduled':
      return {
        ...state,
        timeslotId: event.data.toTimeslotId,
        rescheduleCount: state.rescheduleCount + 1,
      };
    case 'RefundRequested': {
      const { refundId, amountCents, transactionId, reason, at } = event.data;
      return {
        ...state,
        pendingRefunds: [...state.pendingRefunds, { refundId, amountCents, transactionId, reason, at }],
      };
    }
    case 'RefundRecorded': {
      const { refundId, amountCents, kind, gatewayTransactionId, at } = event.data;
      const request = state.pendingRefunds.find((r) => r.refundId === refundId);
      const entry: RefundEntry = { refundId, amountCents, kind, gatewayTransactionId, at };
      return {
        ...state,
        refundedCents: state.refundedCents + amountCents,
        refunds: [...state.refunds, request ? { ...entry, transactionId: request.transactionId } : entry],
        pendingRefunds: state.pendingRefunds.filter((r) => r !== request),
      };
    }
    case 'RefundFailed': {
      const { refundId, amountCents, failure, reason, at } = event.data;
      return {
        ...state,
        pendingRefunds: state.pendingRefunds.filter((r) => r.refundId !== refundId),
        failedRefunds: [...state.failedRefunds, { refundId, amountCents, failure, reason, at }],
      };
    }
    case 'PaymentVoided': {
      const { transactionId, amountCents, at } = event.data;
      return { ...state, voidedCharges: [...state.voidedCharges, { transactionId, amountCents, at }] };
    }
    case 'ConfirmationEmailSent':
      return { ...state, confirmationEmailSent: true };
    case 'ReminderEmailSent':
      return { ...state, reminderEmailSent: true };
    case 'PdfGenerated':
      return state;
    case 'PartnerConfirmed':
      return { ...state, partnerConfirmed: true };
    case 'ParticipantsCheckedIn': {
      const { participantIds, at, by } = event.data;
      const checkIns = { ...state.checkIns };
      for (const id of participantIds) checkIns[id] ??= { at, by };
      return { ...state, checkIns };
    }
    case 'MarkedNoShow':
      return { ...state, noShowMarked: true };
    case 'PersonalDataErased':
      // the state forgets the people too, so nothing decided or answered from it shows them again
      return {
        ...state,
        personalDataErasedAt: state.personalDataErasedAt ?? event.data.at,
        contact: state.contact && erasedContact(state.contact),
        participants: state.participants.map(erasedParticipant),
      };
    case 'PartnerConfirmationFailed':
    case 'ReceiptEmailSent':
    case 'CancellationEmailSent':
    case 'ExpiryEmailSent':
    case 'RescheduledEmailSent':
    case 'RefundEmailSent':
    case 'EmailDeliveryFailed':
    case 'IdentificationRevealed':
    case 'PersonalDataExported':
      return state;
    default:
      // A type a newer build appended: what this build knows of the order still holds.
      return state;
  }
}
