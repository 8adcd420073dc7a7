/** The fold of a `registration-<id>` stream; apart from state.ts so the state's shape reads on its own. */
import type { RegistrationEvent } from './events';
import { erasedContact, erasedParticipant } from './personal-data';
import { type RefundEntry, type RegistrationState, applyParticipantChanges, paymentGatewayOf } from './state';

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
        corporate: d.corporate ?? null,
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
      const gateway = paymentGatewayOf(method);
      return {
        ...state,
        paidCents: state.paidCents + amountCents,
        cardPaidCents: state.cardPaidCents + (gateway ? amountCents : 0),
        transactionIds: [...state.transactionIds, transactionId],
        cardPayments: gateway
          ? [...state.cardPayments, { transactionId, amountCents, gateway }]
          : state.cardPayments,
        payNowIntent: state.payNowIntent?.intentId === transactionId ? null : state.payNowIntent,
      };
    }
    case 'PayNowIntentOpened':
      return {
        ...state,
        payNowIntent: {
          intentId: event.data.intentId,
          amountCents: event.data.amountCents,
          openedAt: event.data.at,
        },
        payNowIntentCount: state.payNowIntentCount + 1,
        payNowIntentIds: [...state.payNowIntentIds, event.data.intentId],
      };
    case 'PayNowIntentClosed':
      return {
        ...state,
        payNowIntent: state.payNowIntent?.intentId === event.data.intentId ? null : state.payNowIntent,
      };
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
      return {
        ...state,
        voidedCharges: [...state.voidedCharges, { transactionId, amountCents, at }],
        // a PayNow payment given back because its order had closed (issue 48)
        payNowIntent: state.payNowIntent?.intentId === transactionId ? null : state.payNowIntent,
      };
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
      const waived = event.data.waived?.amountCents ?? 0;
      // The party is here: a payment hold (a waived balance's) no longer runs out on it.
      return {
        ...state,
        checkIns,
        checkInWaivedCents: Math.max(state.checkInWaivedCents, waived),
        holdUntil: null,
      };
    }
    case 'CheckInUndone': {
      const checkIns = { ...state.checkIns };
      for (const id of event.data.participantIds) delete checkIns[id];
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
    case 'PartnerCancellationNotified':
    case 'ReceiptEmailSent':
    case 'CancellationEmailSent':
    case 'ExpiryEmailSent':
    case 'RescheduledEmailSent':
    case 'RefundEmailSent':
    case 'EmailDeliveryFailed':
    case 'IdentificationRevealed':
    case 'PersonalDataExported':
    // the reminder facts (issue 26): planReminders reads them from the events, not the state
    case 'ReminderSent':
    case 'ReminderFailed':
    case 'ReminderSkipped':
    case 'SmsOptedOut':
      return state;
    default:
      // A type a newer build appended: what this build knows of the order still holds.
      return state;
  }
}
