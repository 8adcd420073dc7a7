/**
 * PayNow QRs (issue 48): a Stripe PaymentIntent per balance due, one open at a time. The payment
 * itself is RecordPayment (method 'paynow', the intent id), decided like any other.
 */
import { type Decision, domainError } from '../../decider';
import type { ClosePayNowIntentCommand, OpenPayNowIntentCommand } from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { outstandingCents } from '../queries';
import type { RegistrationState } from '../state';
import { closed, existing } from './refusals';

export function openPayNowIntent(
  state: RegistrationState,
  command: OpenPayNowIntentCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state) ?? closed(state);
  if (refusal) return refusal;
  if (state.payNowIntent?.intentId === command.intentId) return [];
  const due = outstandingCents(state);
  if (due <= 0) return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.nothingToPay);
  // Another request changed what is owed between the api's read and this decision.
  if (command.amountCents !== due) {
    return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.payNowBalanceChanged);
  }
  const events: RegistrationEvent[] = [];
  if (state.payNowIntent) {
    events.push({
      type: 'PayNowIntentClosed',
      data: { intentId: state.payNowIntent.intentId, reason: 'replaced', at: command.at },
    });
  }
  events.push({
    type: 'PayNowIntentOpened',
    data: { intentId: command.intentId, amountCents: command.amountCents, at: command.at },
  });
  return events;
}

/** Closing an intent that is not the open one (already paid, replaced or closed) decides nothing. */
export function closePayNowIntent(
  state: RegistrationState,
  command: ClosePayNowIntentCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  if (state.payNowIntent?.intentId !== command.intentId) return [];
  return [
    {
      type: 'PayNowIntentClosed',
      data: { intentId: command.intentId, reason: command.reason, at: command.at },
    },
  ];
}
