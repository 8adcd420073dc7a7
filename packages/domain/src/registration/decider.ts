/**
 * The registration (order) decider. Pricing is re-done by the decider itself from the participants'
 * snapshotted package prices, the applied discount and the partner payment, so every event carries a
 * breakdown that adds up (see pricing.ts).
 */
import { type Decider, type Decision, domainError } from '../decider';
import { discountAmountCents } from '../discounts';
import { type PriceBreakdown, priceOrder } from '../pricing';
import {
  type RegistrationStatus,
  initialRegistrationStatus,
  isPaidStatus,
  isReleasedStatus,
  publicCancelTransition,
} from '../status';
import type { SeatReleaseReason } from '../timeslot/events';
import { type StatusChangeView, adminStatusChange, outstandingOf } from './status-change';
import {
  CANNOT_REMOVE_PRIMARY_MESSAGE,
  CANNOT_REMOVE_PRIMARY_TITLE,
  MAX_PARTICIPANTS,
  MAX_PARTICIPANTS_MESSAGE,
} from '../participants';
import type {
  AppliedDiscount,
  ContactDetails,
  ParticipantChanges,
  ParticipantSnapshot,
  PartnerBooking,
  PdfDocument,
  RefundFailure,
  RefundKind,
  RegistrationBooked,
  RegistrationEvent,
} from './events';
import { availableRefundCents, isGatewayPaymentMethod, refundSale } from './refunds';
import {
  type CheckInCommand,
  type CheckInMark,
  type MarkNoShowCommand,
  decideCheckIn,
  decideNoShow,
} from './check-in';
import {
  type ErasePersonalDataCommand,
  type ExportPersonalDataCommand,
  type RevealIdentificationCommand,
  decideErasure,
  decidePersonalDataAccess,
  erasedContact,
  erasedParticipant,
  erasedRefusal,
} from './personal-data';

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

export type RegistrationCommand =
  | {
      type: 'BookRegistration';
      data: Omit<RegistrationBooked['data'], 'status' | 'pricing' | 'participants' | 'holdUntil'> & {
        /** Everyone on the order; exactly one isPrimary (the first is made primary when none is). */
        participants: ParticipantSnapshot[];
        /**
         * How long a booking awaiting payment holds its seats and code (PAYMENT_HOLD_SECONDS). Absent:
         * no hold. A partner booking or one with nothing to pay never gets one.
         */
        holdSeconds?: number;
      };
    }
  | { type: 'AddParticipant'; participant: ParticipantSnapshot; at: string }
  | { type: 'UpdateParticipant'; participantId: string; changes: ParticipantChanges; at: string }
  | { type: 'RemoveParticipant'; participantId: string; at: string }
  | { type: 'ChangePrimaryParticipant'; participantId: string; at: string }
  | { type: 'ApplyDiscount'; discount: AppliedDiscount; at: string }
  | { type: 'RecordPayment'; transactionId: string; amountCents: number; method: string; at: string }
  | { type: 'ConfirmCoveredBalance'; at: string }
  | { type: 'ChangeStatusByAdmin'; status: string; at: string }
  | {
      type: 'CancelRegistration';
      at: string;
      /** The refund policy said staff review (see cancellationRefund): recorded on the event. */
      needsRefundReview?: boolean;
    }
  | { type: 'ExpireHold'; at: string }
  | { type: 'ReviveExpired'; holdSeconds: number; at: string }
  | {
      type: 'RescheduleRegistration';
      /** The day and time of the order's current slot, as the catalogue has them (recorded on the event). */
      fromDate: string;
      fromTime: string;
      toTimeslotId: number;
      /** yyyy-MM-dd, Singapore */
      toDate: string;
      /** HH:mm, Singapore */
      toTime: string;
      at: string;
    }
  | {
      type: 'RequestRefund';
      /** The caller's id of this refund (its idempotency key): asked twice, it is one request. */
      refundId: string;
      /** Absent: everything card-paid that is neither refunded nor being refunded. */
      amountCents?: number;
      reason: string;
      at: string;
    }
  | {
      type: 'RecordRefund';
      /** The caller's id of this refund (its idempotency key): the same id twice is one refund. */
      refundId: string;
      amountCents: number;
      kind: RefundKind;
      gatewayTransactionId: string;
      reason: string;
      at: string;
    }
  | { type: 'RecordRefundFailed'; refundId: string; failure: RefundFailure; reason: string; at: string }
  | { type: 'RecordPaymentVoided'; transactionId: string; amountCents: number; reason: string; at: string }
  | {
      type: 'RecordConfirmationEmailSent';
      to: string;
      recipientId?: string;
      messageId: string | null;
      at: string;
    }
  | {
      type: 'RecordReminderEmailSent';
      to: string;
      recipientId?: string;
      messageId: string | null;
      at: string;
    }
  | {
      type: 'RecordPdfGenerated';
      document: PdfDocument;
      fileName: string;
      at: string;
    }
  | { type: 'RecordPartnerConfirmed'; at: string }
  | { type: 'RecordPartnerConfirmationFailed'; reason: string; attempt: number; at: string }
  | CheckInCommand
  | MarkNoShowCommand
  | RevealIdentificationCommand
  | ExportPersonalDataCommand
  | ErasePersonalDataCommand;

export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  alreadyExists: 'This registration already exists',
  cancelled: 'This registration has been cancelled',
  paid: 'This registration has already been paid; it can no longer be changed',
  noParticipants: 'A registration needs at least one participant',
  participantNotFound: 'Participant not found',
  participantExists: 'This participant is already on the registration',
  cannotRemovePrimary: `${CANNOT_REMOVE_PRIMARY_TITLE} - ${CANNOT_REMOVE_PRIMARY_MESSAGE}`,
  cannotRemoveLast: 'The last participant cannot be removed',
  discountApplied: 'A discount code has already been applied',
  badAmount: 'Payment amount must be a whole number of cents, 0 or more',
  notCovered: 'The balance is not covered yet',
  notPartner: 'This registration did not come from the partner',
  expired: 'This reservation has expired',
  /** A payment for an expired order whose seats were taken meanwhile (the api answers it, 409). */
  expiredSlotGone: 'This reservation has expired and its slot is no longer available.',
  badHold: 'The payment hold must be a whole number of seconds above 0',
  noHold: 'This registration has no payment hold',
  cannotExpire: 'Only an unpaid registration awaiting payment can expire',
  holdNotOver: 'The payment hold has not run out yet',
  notExpired: 'Only an expired registration can be revived',
  badRefund: 'Refund amount must be a whole number of cents above 0',
  refundExceedsPaid: 'The refund is more than what was paid and not yet refunded.',
  nothingToRefund: 'Nothing paid by card on this order is left to refund.',
  refundSpansPayments:
    'The refund is more than any single card payment of this order has left; refund each payment separately.',
  refundNotRequested: 'No such refund was requested',
  badVoid: 'Voided amount must be a whole number of cents above 0',
  voidOfRecorded: 'This payment was recorded; refund it instead of voiding it',
  paymentVoided: 'This payment was voided; it cannot be recorded',
  cannotReschedule: 'Cancelled or expired appointments cannot be rescheduled.',
  sameSlot: 'This is already your appointment time.',
} as const;

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

/** Prices an order from participant snapshots, discount and partner payment. */
export function priceRegistration(
  participants: readonly ParticipantSnapshot[],
  discount: AppliedDiscount | null,
  partner: PartnerBooking | null,
): PriceBreakdown {
  return priceOrder({
    participants: participants.map((p) => ({
      packagePriceCents: p.packagePriceCents,
      aiaPriceCents: p.aiaPriceCents,
      memberVerified: p.memberVerified,
    })),
    discount: discount?.rule ?? null,
    partnerPaidCents: partner?.paidCents ?? 0,
  });
}

/** What is still to pay: the order's balance due minus payments recorded, plus refunds owed again. */
export function outstandingCents(state: RegistrationState): number {
  return outstandingOf({
    balanceDueCents: state.pricing?.balanceDueCents ?? 0,
    paidCents: state.paidCents,
    reinstatedCents: state.reinstatedCents,
  });
}

/** The facts an admin status change is decided on (status-change.ts). */
export function statusChangeView(state: RegistrationState): StatusChangeView {
  return {
    status: state.status!,
    participants: state.participants.length,
    balanceDueCents: state.pricing?.balanceDueCents ?? 0,
    paidCents: state.paidCents,
    refundedCents: state.refundedCents,
    reinstatedCents: state.reinstatedCents,
    pendingRefunds: state.pendingRefunds.length,
  };
}

/** Seats this registration holds in its timeslot: one per participant, none once cancelled or expired. */
export function seatsHeld(state: RegistrationState): number {
  return state.exists && !isReleasedStatus(state.status!) ? state.participants.length : 0;
}

/** The order holds a redemption of its discount code (it has one, and is not cancelled or expired). */
export function holdsRedemption(state: RegistrationState): boolean {
  return state.exists && state.discount !== null && !isReleasedStatus(state.status!);
}

/** A change that gives the code redemption back (a cancellation or an expiry). */
export function releasesRedemption(before: RegistrationState, after: RegistrationState): boolean {
  return holdsRedemption(before) && !holdsRedemption(after);
}

/** A change that takes the code redemption again (an expired order revived by a payment). */
export function reclaimsRedemption(before: RegistrationState, after: RegistrationState): boolean {
  return !holdsRedemption(before) && holdsRedemption(after);
}

/** Why a change that leaves the order holding fewer seats gives them back. */
export function seatReleaseReason(after: RegistrationState): SeatReleaseReason {
  if (after.status === 'cancelled') return 'cancelled';
  if (after.status === 'expired') return 'expired';
  return 'participant-removed';
}

/** The time `seconds` after `fromIso`, ISO; null when either is not usable. */
function holdEnd(fromIso: string, seconds: number | undefined): string | null {
  const from = Date.parse(fromIso);
  if (!Number.isSafeInteger(seconds) || seconds! <= 0 || Number.isNaN(from)) return null;
  return new Date(from + seconds! * 1000).toISOString();
}

/** Why the hold cannot expire at `at`; null when it can. */
function expiryRefusal(state: RegistrationState, at: string) {
  if (!state.holdUntil) return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.noHold);
  if (state.status !== 'pending_payment' || state.paidCents > 0 || outstandingCents(state) === 0) {
    return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.cannotExpire);
  }
  if (!(Date.parse(state.holdUntil) <= Date.parse(at))) {
    return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.holdNotOver);
  }
  return null;
}

/**
 * The order's payment hold has run out at `at` with nothing paid: ExpireHold would expire it (exactly
 * at holdUntil counts).
 */
export function isHoldDue(state: RegistrationState, at: string): boolean {
  return state.exists && expiryRefusal(state, at) === null;
}

const withPrimary = (participants: ParticipantSnapshot[]): ParticipantSnapshot[] => {
  const primaryIndex = Math.max(
    0,
    participants.findIndex((p) => p.isPrimary),
  );
  return participants.map((p, i) => ({ ...p, isPrimary: i === primaryIndex }));
};

/** Checks shared by every change to an existing, open, unpaid registration. */
function changeable(state: RegistrationState) {
  if (!state.exists) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
  if (state.status === 'cancelled') return domainError('CANCELLED', REGISTRATION_MESSAGES.cancelled);
  if (state.status === 'expired') return expired();
  if (state.status && isPaidStatus(state.status))
    return domainError('ALREADY_PAID', REGISTRATION_MESSAGES.paid);
  return null;
}

function existing(state: RegistrationState) {
  return state.exists ? null : domainError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
}

export function decideRegistration(
  state: RegistrationState,
  command: RegistrationCommand,
): Decision<RegistrationEvent> {
  switch (command.type) {
    case 'BookRegistration': {
      if (state.exists) return domainError('ALREADY_EXISTS', REGISTRATION_MESSAGES.alreadyExists);
      const { participants: given, holdSeconds, ...data } = command.data;
      if (given.length === 0) return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.noParticipants);
      if (given.length > MAX_PARTICIPANTS)
        return domainError('TOO_MANY_PARTICIPANTS', MAX_PARTICIPANTS_MESSAGE);
      const holdUntil = holdSeconds === undefined ? null : holdEnd(data.bookedAt, holdSeconds);
      if (holdSeconds !== undefined && holdUntil === null)
        return domainError('INVALID', REGISTRATION_MESSAGES.badHold);
      const participants = withPrimary(given);
      const pricing = priceRegistration(participants, data.discount, data.partner);
      const status = initialRegistrationStatus(pricing.balanceDueCents, pricing.partnerPaidCents);
      // A partner's booking code completes one booking, so expiring its order would strand the customer.
      const held = holdUntil !== null && status === 'pending_payment' && data.partner === null;
      return [
        {
          type: 'RegistrationBooked',
          data: { ...data, status, participants, pricing, ...(held ? { holdUntil } : {}) },
        },
      ];
    }
    case 'AddParticipant': {
      const refusal = changeable(state) ?? erasedRefusal(state);
      if (refusal) return refusal;
      if (state.participants.length >= MAX_PARTICIPANTS) {
        return domainError('TOO_MANY_PARTICIPANTS', MAX_PARTICIPANTS_MESSAGE);
      }
      if (state.participants.some((p) => p.participantId === command.participant.participantId)) {
        return domainError('ALREADY_EXISTS', REGISTRATION_MESSAGES.participantExists);
      }
      const participant = { ...command.participant, isPrimary: false };
      const pricing = priceRegistration([...state.participants, participant], state.discount, state.partner);
      return [{ type: 'ParticipantAdded', data: { participant, pricing, at: command.at } }];
    }
    case 'UpdateParticipant': {
      const refusal = changeable(state) ?? erasedRefusal(state);
      if (refusal) return refusal;
      const index = state.participants.findIndex((p) => p.participantId === command.participantId);
      if (index === -1) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
      const participants = state.participants.map((p, i) =>
        i === index ? applyChanges(p, command.changes) : p,
      );
      const pricing = priceRegistration(participants, state.discount, state.partner);
      return [
        {
          type: 'ParticipantUpdated',
          data: { participantId: command.participantId, changes: command.changes, pricing, at: command.at },
        },
      ];
    }
    case 'RemoveParticipant': {
      const refusal = changeable(state);
      if (refusal) return refusal;
      const target = state.participants.find((p) => p.participantId === command.participantId);
      if (!target) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
      if (state.participants.length === 1)
        return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.cannotRemoveLast);
      if (target.isPrimary) return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.cannotRemovePrimary);
      const participants = state.participants.filter((p) => p !== target);
      const pricing = priceRegistration(participants, state.discount, state.partner);
      return [
        {
          type: 'ParticipantRemoved',
          data: { participantId: target.participantId, pricing, at: command.at },
        },
      ];
    }
    case 'ChangePrimaryParticipant': {
      const refusal = existing(state) ?? closed(state);
      if (refusal) return refusal;
      const target = state.participants.find((p) => p.participantId === command.participantId);
      if (!target) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.participantNotFound);
      if (target.isPrimary) return [];
      const from = state.participants.find((p) => p.isPrimary)!.participantId;
      return [
        { type: 'PrimaryParticipantChanged', data: { from, to: target.participantId, at: command.at } },
      ];
    }
    case 'ApplyDiscount': {
      const refusal = changeable(state);
      if (refusal) return refusal;
      if (state.discount)
        return domainError('DISCOUNT_ALREADY_APPLIED', REGISTRATION_MESSAGES.discountApplied);
      const pricing = priceRegistration(state.participants, command.discount, state.partner);
      return [
        {
          type: 'DiscountApplied',
          data: {
            discount: command.discount,
            amountCents: discountAmountCents(command.discount.rule, pricing.subtotalCents),
            pricing,
            at: command.at,
          },
        },
      ];
    }
    case 'RecordPayment': {
      // An expired order is revived (ReviveExpired) before it is charged; a charge that meets the
      // expiry is refused here, and the caller voids it (RecordPaymentVoided).
      const refusal = existing(state) ?? closed(state);
      if (refusal) return refusal;
      if (!Number.isSafeInteger(command.amountCents) || command.amountCents < 0) {
        return domainError('INVALID', REGISTRATION_MESSAGES.badAmount);
      }
      // the same gateway transaction recorded twice is one payment
      if (state.transactionIds.includes(command.transactionId)) return [];
      if (state.voidedCharges.some((v) => v.transactionId === command.transactionId)) {
        return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.paymentVoided);
      }
      const balanceDueCents = Math.max(0, outstandingCents(state) - command.amountCents);
      const events: RegistrationEvent[] = [
        {
          type: 'PaymentRecorded',
          data: {
            transactionId: command.transactionId,
            amountCents: command.amountCents,
            method: command.method,
            balanceDueCents,
            at: command.at,
          },
        },
      ];
      if (balanceDueCents === 0 && state.status && !isPaidStatus(state.status)) {
        events.push({
          type: 'StatusChanged',
          data: { from: state.status, to: 'paid', source: 'payment', at: command.at },
        });
      }
      return events;
    }
    case 'ConfirmCoveredBalance': {
      // a zero-balance partner booking in pending_payment becomes paid
      const refusal = existing(state) ?? (state.status === 'cancelled' ? cancelled() : null);
      if (refusal) return refusal;
      if (state.status !== 'pending_payment') return [];
      if (outstandingCents(state) > 0)
        return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.notCovered);
      return [
        {
          type: 'StatusChanged',
          data: { from: 'pending_payment', to: 'paid', source: 'partner', at: command.at },
        },
      ];
    }
    case 'ChangeStatusByAdmin': {
      const refusal = existing(state);
      if (refusal) return refusal;
      const from = state.status!;
      const t = adminStatusChange(statusChangeView(state), command.status);
      if (!t.ok) return domainError('STATUS_NOT_ALLOWED', t.message);
      if (t.to === 'cancelled') {
        return [{ type: 'RegistrationCancelled', data: { from, source: 'admin', at: command.at } }];
      }
      const owedAgain =
        t.reinstatedCents !== state.reinstatedCents ? { reinstatedCents: t.reinstatedCents } : {};
      return [
        { type: 'StatusChanged', data: { from, to: t.to, source: 'admin', at: command.at, ...owedAgain } },
      ];
    }
    case 'CancelRegistration': {
      const refusal = existing(state);
      if (refusal) return refusal;
      const t = publicCancelTransition(state.status!);
      if (!t.ok) return domainError('ALREADY_CANCELLED', t.message);
      return [
        {
          type: 'RegistrationCancelled',
          data: {
            from: state.status!,
            source: 'public',
            at: command.at,
            ...(command.needsRefundReview ? { needsRefundReview: true as const } : {}),
          },
        },
      ];
    }
    case 'ExpireHold': {
      const refusal = existing(state);
      if (refusal) return refusal;
      // workers racing on the same due hold: the second finds it expired and does nothing
      if (state.status === 'expired') return [];
      const notDue = expiryRefusal(state, command.at);
      if (notDue) return notDue;
      return [
        {
          type: 'RegistrationExpired',
          data: {
            holdUntil: state.holdUntil!,
            seats: seatsHeld(state),
            reason: 'hold-expired',
            at: command.at,
          },
        },
      ];
    }
    case 'ReviveExpired': {
      const refusal = existing(state);
      if (refusal) return refusal;
      if (state.status !== 'expired')
        return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.notExpired);
      const holdUntil = holdEnd(command.at, command.holdSeconds);
      if (holdUntil === null) return domainError('INVALID', REGISTRATION_MESSAGES.badHold);
      return [
        {
          type: 'RegistrationRevived',
          data: { holdUntil, seats: state.participants.length, at: command.at },
        },
      ];
    }
    case 'RescheduleRegistration': {
      const refusal = existing(state);
      if (refusal) return refusal;
      if (isReleasedStatus(state.status!)) {
        return domainError('CANCELLED', REGISTRATION_MESSAGES.cannotReschedule);
      }
      if (command.toTimeslotId === state.timeslotId) {
        return domainError('INVALID', REGISTRATION_MESSAGES.sameSlot);
      }
      return [
        {
          type: 'RegistrationRescheduled',
          data: {
            fromTimeslotId: state.timeslotId!,
            fromDate: command.fromDate,
            fromTime: command.fromTime,
            toTimeslotId: command.toTimeslotId,
            toDate: command.toDate,
            toTime: command.toTime,
            seats: seatsHeld(state),
            sequence: state.rescheduleCount + 1,
            at: command.at,
          },
        },
      ];
    }
    case 'RequestRefund': {
      const refusal = existing(state);
      if (refusal) return refusal;
      // the same request again (a replay, or a concurrent twin): the caller waits for its answer
      if (isKnownRefund(state, command.refundId)) return [];
      if (command.amountCents !== undefined && !isRefundAmount(command.amountCents)) {
        return domainError('INVALID', REGISTRATION_MESSAGES.badRefund);
      }
      const available = availableRefundCents(state);
      if (available === 0) return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.nothingToRefund);
      const amountCents = command.amountCents ?? available;
      if (amountCents > available) {
        return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundExceedsPaid);
      }
      const transactionId = refundSale(state, amountCents);
      if (transactionId === null) {
        return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundSpansPayments);
      }
      return [
        {
          type: 'RefundRequested',
          data: {
            refundId: command.refundId,
            amountCents,
            transactionId,
            reason: command.reason,
            at: command.at,
          },
        },
      ];
    }
    case 'RecordRefund': {
      const refusal = existing(state);
      if (refusal) return refusal;
      // the caller's retry of a refund already recorded
      if (state.refunds.some((r) => r.refundId === command.refundId)) return [];
      if (!isRefundAmount(command.amountCents)) {
        return domainError('INVALID', REGISTRATION_MESSAGES.badRefund);
      }
      // its own request's reservation is what it may take
      const reserved = state.pendingRefunds.find((r) => r.refundId === command.refundId)?.amountCents ?? 0;
      if (command.amountCents > availableRefundCents(state) + reserved) {
        return domainError('REFUND_EXCEEDS_PAID', REGISTRATION_MESSAGES.refundExceedsPaid);
      }
      return [
        {
          type: 'RefundRecorded',
          data: {
            refundId: command.refundId,
            amountCents: command.amountCents,
            kind: command.kind,
            gatewayTransactionId: command.gatewayTransactionId,
            reason: command.reason,
            refundedCents: state.refundedCents + command.amountCents,
            at: command.at,
          },
        },
      ];
    }
    case 'RecordRefundFailed': {
      const refusal = existing(state);
      if (refusal) return refusal;
      if (state.refunds.some((r) => r.refundId === command.refundId)) return [];
      if (state.failedRefunds.some((r) => r.refundId === command.refundId)) return [];
      const request = state.pendingRefunds.find((r) => r.refundId === command.refundId);
      if (!request) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.refundNotRequested);
      return [
        {
          type: 'RefundFailed',
          data: {
            refundId: request.refundId,
            amountCents: request.amountCents,
            transactionId: request.transactionId,
            failure: command.failure,
            reason: command.reason,
            at: command.at,
          },
        },
      ];
    }
    case 'RecordPaymentVoided': {
      const refusal = existing(state);
      if (refusal) return refusal;
      if (state.voidedCharges.some((v) => v.transactionId === command.transactionId)) return [];
      if (state.transactionIds.includes(command.transactionId)) {
        return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.voidOfRecorded);
      }
      if (!Number.isSafeInteger(command.amountCents) || command.amountCents <= 0) {
        return domainError('INVALID', REGISTRATION_MESSAGES.badVoid);
      }
      return [
        {
          type: 'PaymentVoided',
          data: {
            transactionId: command.transactionId,
            amountCents: command.amountCents,
            reason: command.reason,
            at: command.at,
          },
        },
      ];
    }
    case 'RecordConfirmationEmailSent':
      return (
        existing(state) ?? [
          {
            type: 'ConfirmationEmailSent',
            data: {
              to: command.to,
              ...(command.recipientId ? { recipientId: command.recipientId } : {}),
              messageId: command.messageId,
              at: command.at,
            },
          },
        ]
      );
    case 'RecordReminderEmailSent':
      return (
        existing(state) ?? [
          {
            type: 'ReminderEmailSent',
            data: {
              to: command.to,
              ...(command.recipientId ? { recipientId: command.recipientId } : {}),
              messageId: command.messageId,
              at: command.at,
            },
          },
        ]
      );
    case 'RecordPdfGenerated':
      return (
        existing(state) ?? [
          {
            type: 'PdfGenerated',
            data: { document: command.document, fileName: command.fileName, at: command.at },
          },
        ]
      );
    case 'CheckIn':
      return decideCheckIn(state, command);
    case 'MarkNoShow':
      return decideNoShow(state, command);
    case 'RevealIdentification':
    case 'ExportPersonalData':
      return decidePersonalDataAccess(state, command);
    case 'ErasePersonalData':
      return decideErasure(state, command);
    case 'RecordPartnerConfirmed': {
      const refusal = existing(state) ?? partnerOnly(state);
      if (refusal) return refusal;
      if (state.partnerConfirmed) return [];
      return [
        { type: 'PartnerConfirmed', data: { bookingCode: state.partner!.bookingCode, at: command.at } },
      ];
    }
    case 'RecordPartnerConfirmationFailed': {
      const refusal = existing(state) ?? partnerOnly(state);
      if (refusal) return refusal;
      return [
        {
          type: 'PartnerConfirmationFailed',
          data: {
            bookingCode: state.partner!.bookingCode,
            reason: command.reason,
            attempt: command.attempt,
            at: command.at,
          },
        },
      ];
    }
  }
}

const isRefundAmount = (cents: number) => Number.isSafeInteger(cents) && cents > 0;
/** Requested, recorded or failed: a refund id already used on this order. */
const isKnownRefund = (state: RegistrationState, refundId: string) =>
  [state.pendingRefunds, state.refunds, state.failedRefunds].some((list) =>
    list.some((r) => r.refundId === refundId),
  );

const cancelled = () => domainError('CANCELLED', REGISTRATION_MESSAGES.cancelled);
const expired = () => domainError('EXPIRED', REGISTRATION_MESSAGES.expired);
/** Cancelled or expired: closed to payments and changes of the primary. */
const closed = (state: RegistrationState) =>
  state.status === 'cancelled' ? cancelled() : state.status === 'expired' ? expired() : null;
const partnerOnly = (state: RegistrationState) =>
  state.partner ? null : domainError('INVALID', REGISTRATION_MESSAGES.notPartner);

function applyChanges(p: ParticipantSnapshot, changes: ParticipantChanges): ParticipantSnapshot {
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
          p.participantId === event.data.participantId ? applyChanges(p, event.data.changes) : p,
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

export const registrationDecider: Decider<RegistrationState, RegistrationCommand, RegistrationEvent> = {
  initialState: initialRegistrationState,
  decide: decideRegistration,
  evolve: evolveRegistration,
};
