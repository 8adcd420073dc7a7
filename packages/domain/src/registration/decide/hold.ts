/**
 * The payment hold: a booking awaiting payment keeps its seats and code until holdUntil, then expires
 * unless paid; a payment arriving for an expired order revives it with a new hold.
 */
import { type DomainError, type Decision, domainError } from '../../decider';
import type { ExpireHoldCommand, ReviveExpiredCommand } from '../commands';
import type { RegistrationEvent } from '../events';
import { REGISTRATION_MESSAGES } from '../messages';
import { outstandingCents, seatsHeld } from '../queries';
import type { RegistrationState } from '../state';
import { existing } from './refusals';

/** The time `seconds` after `fromIso`, ISO; null when either is not usable. */
export function holdEnd(fromIso: string, seconds: number | undefined): string | null {
  const from = Date.parse(fromIso);
  if (!Number.isSafeInteger(seconds) || seconds! <= 0 || Number.isNaN(from)) return null;
  return new Date(from + seconds! * 1000).toISOString();
}

/** Why the hold cannot expire at `at`; null when it can. */
function expiryRefusal(state: RegistrationState, at: string): DomainError | null {
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

export function expireHold(
  state: RegistrationState,
  command: ExpireHoldCommand,
): Decision<RegistrationEvent> {
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

export function reviveExpired(
  state: RegistrationState,
  command: ReviveExpiredCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state);
  if (refusal) return refusal;
  if (state.status !== 'expired') return domainError('STATUS_NOT_ALLOWED', REGISTRATION_MESSAGES.notExpired);
  const holdUntil = holdEnd(command.at, command.holdSeconds);
  if (holdUntil === null) return domainError('INVALID', REGISTRATION_MESSAGES.badHold);
  return [
    {
      type: 'RegistrationRevived',
      data: { holdUntil, seats: state.participants.length, at: command.at },
    },
  ];
}
