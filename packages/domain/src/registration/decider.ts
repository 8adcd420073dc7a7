/**
 * The registration (order) decider. Each command is decided by one function in decide/; this file
 * only routes a command to it. Pricing is re-done by the decider itself from the participants'
 * snapshotted package prices, the applied discount and the partner payment, so every event carries a
 * breakdown that adds up (see pricing.ts).
 */
import type { Decider, Decision } from '../decider';
import { decideCheckIn, decideNoShow, decideUndoCheckIn } from './check-in';
import type { RegistrationCommand } from './commands';
import { applyDiscount, bookRegistration } from './decide/booking';
import { expireHold, reviveExpired } from './decide/hold';
import {
  addParticipant,
  changePrimaryParticipant,
  removeParticipant,
  updateParticipant,
} from './decide/participants';
import {
  confirmCoveredBalance,
  recordDeskPayment,
  recordPayment,
  recordPaymentVoided,
} from './decide/payment';
import { closePayNowIntent, openPayNowIntent } from './decide/paynow';
import { recordRefund, recordRefundFailed, requestRefund } from './decide/refunds';
import { rescheduleRegistration } from './decide/reschedule';
import { cancelRegistration, changeStatusByAdmin } from './decide/status';
import {
  recordConfirmationEmailSent,
  recordPartnerConfirmationFailed,
  recordPartnerConfirmed,
  recordPdfGenerated,
  recordReminderEmailSent,
  recordWorkerFact,
} from './decide/worker-facts';
import type { RegistrationEvent } from './events';
import { evolveRegistration } from './evolve';
import { outstandingCents } from './queries';
import { decideErasure, decidePersonalDataAccess } from './personal-data';
import { type RegistrationState, initialRegistrationState } from './state';

// index.ts re-exports this module, so the names that lived here before the split stay public through it.
export type { RegistrationCommand, DeskPaymentMethod } from './commands';
export { DESK_PAYMENT_METHODS } from './commands';
export { isHoldDue } from './decide/hold';
export { WORKER_FACT_TYPES } from './decide/worker-facts';
export { REGISTRATION_MESSAGES } from './messages';
export {
  holdsRedemption,
  outstandingCents,
  priceRegistration,
  reclaimsRedemption,
  releasesRedemption,
  seatReleaseReason,
  seatsHeld,
  statusChangeView,
} from './queries';
export { evolveRegistration } from './evolve';
export {
  type CardPayment,
  type OpenPayNowIntent,
  type PaymentGatewayKind,
  type FailedRefund,
  type PendingRefund,
  type RefundEntry,
  type RegistrationState,
  type VoidedCharge,
  initialRegistrationState,
} from './state';

export function decideRegistration(
  state: RegistrationState,
  command: RegistrationCommand,
): Decision<RegistrationEvent> {
  switch (command.type) {
    case 'BookRegistration':
      return bookRegistration(state, command);
    case 'AddParticipant':
      return addParticipant(state, command);
    case 'UpdateParticipant':
      return updateParticipant(state, command);
    case 'RemoveParticipant':
      return removeParticipant(state, command);
    case 'ChangePrimaryParticipant':
      return changePrimaryParticipant(state, command);
    case 'ApplyDiscount':
      return applyDiscount(state, command);
    case 'RecordPayment':
      return recordPayment(state, command);
    case 'RecordDeskPayment':
      return recordDeskPayment(state, command);
    case 'ConfirmCoveredBalance':
      return confirmCoveredBalance(state, command);
    case 'ChangeStatusByAdmin':
      return changeStatusByAdmin(state, command);
    case 'CancelRegistration':
      return cancelRegistration(state, command);
    case 'ExpireHold':
      return expireHold(state, command);
    case 'ReviveExpired':
      return reviveExpired(state, command);
    case 'RescheduleRegistration':
      return rescheduleRegistration(state, command);
    case 'RequestRefund':
      return requestRefund(state, command);
    case 'RecordRefund':
      return recordRefund(state, command);
    case 'RecordRefundFailed':
      return recordRefundFailed(state, command);
    case 'RecordPaymentVoided':
      return recordPaymentVoided(state, command);
    case 'OpenPayNowIntent':
      return openPayNowIntent(state, command);
    case 'ClosePayNowIntent':
      return closePayNowIntent(state, command);
    case 'RecordConfirmationEmailSent':
      return recordConfirmationEmailSent(state, command);
    case 'RecordReminderEmailSent':
      return recordReminderEmailSent(state, command);
    case 'RecordPdfGenerated':
      return recordPdfGenerated(state, command);
    case 'CheckIn':
      return decideCheckIn(state, command, outstandingCents(state));
    case 'UndoCheckIn':
      return decideUndoCheckIn(state, command);
    case 'MarkNoShow':
      return decideNoShow(state, command);
    case 'RevealIdentification':
    case 'ExportPersonalData':
      return decidePersonalDataAccess(state, command);
    case 'ErasePersonalData':
      return decideErasure(state, command);
    case 'RecordPartnerConfirmed':
      return recordPartnerConfirmed(state, command);
    case 'RecordPartnerConfirmationFailed':
      return recordPartnerConfirmationFailed(state, command);
    case 'RecordWorkerFact':
      return recordWorkerFact(state, command);
  }
}

export const registrationDecider: Decider<RegistrationState, RegistrationCommand, RegistrationEvent> = {
  initialState: initialRegistrationState,
  decide: decideRegistration,
  evolve: evolveRegistration,
};
