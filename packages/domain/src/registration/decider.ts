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
  adminStatusTransition,
  initialRegistrationStatus,
  isPaidStatus,
  publicCancelTransition,
} from '../status';
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
  RegistrationBooked,
  RegistrationEvent,
} from './events';

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
  transactionIds: string[];
  confirmationEmailSent: boolean;
  reminderEmailSent: boolean;
  partnerConfirmed: boolean;
  cancelledAt: string | null;
}

export type RegistrationCommand =
  | {
      type: 'BookRegistration';
      data: Omit<RegistrationBooked['data'], 'status' | 'pricing' | 'participants'> & {
        /** Everyone on the order; exactly one isPrimary (the first is made primary when none is). */
        participants: ParticipantSnapshot[];
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
  | { type: 'CancelRegistration'; at: string }
  | { type: 'RecordConfirmationEmailSent'; to: string; messageId: string | null; at: string }
  | { type: 'RecordReminderEmailSent'; to: string; messageId: string | null; at: string }
  | {
      type: 'RecordPdfGenerated';
      document: 'invoice' | 'receipt' | 'confirmation';
      fileName: string;
      at: string;
    }
  | { type: 'RecordPartnerConfirmed'; at: string }
  | { type: 'RecordPartnerConfirmationFailed'; reason: string; attempt: number; at: string };

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
    transactionIds: [],
    confirmationEmailSent: false,
    reminderEmailSent: false,
    partnerConfirmed: false,
    cancelledAt: null,
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

/** What is still to pay: the order's balance due minus payments recorded. */
export function outstandingCents(state: RegistrationState): number {
  return Math.max(0, (state.pricing?.balanceDueCents ?? 0) - state.paidCents);
}

/** Seats this registration holds in its timeslot: one per participant. */
export function seatsHeld(state: RegistrationState): number {
  return state.exists && state.status !== 'cancelled' ? state.participants.length : 0;
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
      const { participants: given, ...data } = command.data;
      if (given.length === 0) return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.noParticipants);
      if (given.length > MAX_PARTICIPANTS)
        return domainError('TOO_MANY_PARTICIPANTS', MAX_PARTICIPANTS_MESSAGE);
      const participants = withPrimary(given);
      const pricing = priceRegistration(participants, data.discount, data.partner);
      const status = initialRegistrationStatus(pricing.balanceDueCents, pricing.partnerPaidCents);
      return [{ type: 'RegistrationBooked', data: { ...data, status, participants, pricing } }];
    }
    case 'AddParticipant': {
      const refusal = changeable(state);
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
      const refusal = changeable(state);
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
      const refusal = existing(state) ?? (state.status === 'cancelled' ? cancelled() : null);
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
      const refusal = existing(state) ?? (state.status === 'cancelled' ? cancelled() : null);
      if (refusal) return refusal;
      if (!Number.isSafeInteger(command.amountCents) || command.amountCents < 0) {
        return domainError('INVALID', REGISTRATION_MESSAGES.badAmount);
      }
      // the same gateway transaction recorded twice is one payment
      if (state.transactionIds.includes(command.transactionId)) return [];
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
      const t = adminStatusTransition(from, command.status);
      if (!t.ok) return domainError('STATUS_NOT_ALLOWED', t.message);
      if (t.to === 'cancelled') {
        return [{ type: 'RegistrationCancelled', data: { from, source: 'admin', at: command.at } }];
      }
      return [{ type: 'StatusChanged', data: { from, to: t.to, source: 'admin', at: command.at } }];
    }
    case 'CancelRegistration': {
      const refusal = existing(state);
      if (refusal) return refusal;
      const t = publicCancelTransition(state.status!);
      if (!t.ok) return domainError('ALREADY_CANCELLED', t.message);
      return [
        { type: 'RegistrationCancelled', data: { from: state.status!, source: 'public', at: command.at } },
      ];
    }
    case 'RecordConfirmationEmailSent':
      return (
        existing(state) ?? [
          {
            type: 'ConfirmationEmailSent',
            data: { to: command.to, messageId: command.messageId, at: command.at },
          },
        ]
      );
    case 'RecordReminderEmailSent':
      return (
        existing(state) ?? [
          {
            type: 'ReminderEmailSent',
            data: { to: command.to, messageId: command.messageId, at: command.at },
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

const cancelled = () => domainError('CANCELLED', REGISTRATION_MESSAGES.cancelled);
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
      };
    }
    case 'ParticipantAdded':
      return {
        ...state,
        participants: [...state.participants, event.data.participant],
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
    case 'PaymentRecorded':
      return {
        ...state,
        paidCents: state.paidCents + event.data.amountCents,
        transactionIds: [...state.transactionIds, event.data.transactionId],
      };
    case 'StatusChanged':
      return { ...state, status: event.data.to };
    case 'RegistrationCancelled':
      return { ...state, status: 'cancelled', cancelledAt: event.data.at };
    case 'ConfirmationEmailSent':
      return { ...state, confirmationEmailSent: true };
    case 'ReminderEmailSent':
      return { ...state, reminderEmailSent: true };
    case 'PdfGenerated':
      return state;
    case 'PartnerConfirmed':
      return { ...state, partnerConfirmed: true };
    case 'PartnerConfirmationFailed':
    case 'ReceiptEmailSent':
    case 'CancellationEmailSent':
    case 'EmailDeliveryFailed':
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
