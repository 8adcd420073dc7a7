import { type Decision, domainError } from '../../decider';
import { isPaidStatus } from '../../status';
import type {
  ConfirmCoveredBalanceCommand,
  RecordDeskPaymentCommand,
  RecordPaymentCommand,
  RecordPaymentVoidedCommand,
} from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { outstandingCents } from '../queries';
import type { RegistrationState } from '../state';
import { cancelled, closed, existing } from './refusals';

export function recordPayment(
  state: RegistrationState,
  command: RecordPaymentCommand,
): Decision<RegistrationEvent> {
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

export function recordDeskPayment(
  state: RegistrationState,
  command: RecordDeskPaymentCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state) ?? closed(state);
  if (refusal) return refusal;
  const amountCents = outstandingCents(state);
  if (amountCents <= 0) return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.nothingToPay);
  if (command.expectedCents !== undefined && command.expectedCents !== amountCents) {
    return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.deskBalanceChanged(amountCents));
  }
  const { expectedCents: _, ...payment } = command;
  return recordPayment(state, { ...payment, type: 'RecordPayment', amountCents });
}

export function confirmCoveredBalance(
  state: RegistrationState,
  command: ConfirmCoveredBalanceCommand,
): Decision<RegistrationEvent> {
  // a zero-balance partner booking in pending_payment becomes paid
  const refusal = existing(state) ?? (state.status === 'cancelled' ? cancelled() : null);
  if (refusal) return refusal;
  if (state.status !== 'pending_payment') return [];
  if (outstandingCents(state) > 0) return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.notCovered);
  return [
    {
      type: 'StatusChanged',
      data: { from: 'pending_payment', to: 'paid', source: 'partner', at: command.at },
    },
  ];
}

export function recordPaymentVoided(
  state: RegistrationState,
  command: RecordPaymentVoidedCommand,
): Decision<RegistrationEvent> {
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
