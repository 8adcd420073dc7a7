import { type Decision, domainError } from '../../decider';
import { discountAmountCents } from '../../discounts';
import { MAX_PARTICIPANTS, MAX_PARTICIPANTS_MESSAGE } from '../../participants';
import { initialRegistrationStatus } from '../../status';
import type { ApplyDiscountCommand, BookRegistrationCommand } from '../commands';
import type { ParticipantSnapshot, RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { priceRegistration } from '../queries';
import type { RegistrationState } from '../state';
import { holdEnd } from './hold';
import { changeable } from './refusals';

const withPrimary = (participants: ParticipantSnapshot[]): ParticipantSnapshot[] => {
  const primaryIndex = Math.max(
    0,
    participants.findIndex((p) => p.isPrimary),
  );
  return participants.map((p, i) => ({ ...p, isPrimary: i === primaryIndex }));
};

export function bookRegistration(
  state: RegistrationState,
  command: BookRegistrationCommand,
): Decision<RegistrationEvent> {
  if (state.exists) return domainError('ALREADY_EXISTS', REGISTRATION_MESSAGES.alreadyExists);
  const { participants: given, holdSeconds, ...data } = command.data;
  if (given.length === 0) return domainError('PRIMARY_REQUIRED', REGISTRATION_MESSAGES.noParticipants);
  if (given.length > MAX_PARTICIPANTS) return domainError('TOO_MANY_PARTICIPANTS', MAX_PARTICIPANTS_MESSAGE);
  const holdUntil = holdSeconds === undefined ? null : holdEnd(data.bookedAt, holdSeconds);
  if (holdSeconds !== undefined && holdUntil === null)
    return domainError('INVALID', REGISTRATION_MESSAGES.badHold);
  const participants = withPrimary(given);
  const pricing = priceRegistration(participants, data.discount, data.partner, data.corporate ?? null);
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

export function applyDiscount(
  state: RegistrationState,
  command: ApplyDiscountCommand,
): Decision<RegistrationEvent> {
  const refusal = changeable(state);
  if (refusal) return refusal;
  if (state.discount) return domainError('DISCOUNT_ALREADY_APPLIED', REGISTRATION_MESSAGES.discountApplied);
  const pricing = priceRegistration(state.participants, command.discount, state.partner, state.corporate);
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
