/** Refusals many registration commands share, so each command checks them in the same order. */
import { type DomainError, domainError } from '../../decider';
import { isPaidStatus } from '../../status';
import { REGISTRATION_MESSAGES } from '../messages';
import type { RegistrationState } from '../state';

export const cancelled = () => domainError('CANCELLED', REGISTRATION_MESSAGES.cancelled);
const expired = () => domainError('EXPIRED', REGISTRATION_MESSAGES.expired);

/** Cancelled or expired: closed to payments and changes of the primary. */
export const closed = (state: RegistrationState): DomainError | null =>
  state.status === 'cancelled' ? cancelled() : state.status === 'expired' ? expired() : null;

/** Checks shared by every change to an existing, open, unpaid registration. */
export function changeable(state: RegistrationState): DomainError | null {
  if (!state.exists) return domainError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
  if (state.status === 'cancelled') return domainError('CANCELLED', REGISTRATION_MESSAGES.cancelled);
  if (state.status === 'expired') return expired();
  if (state.status && isPaidStatus(state.status))
    return domainError('ALREADY_PAID', REGISTRATION_MESSAGES.paid);
  return null;
}

export function existing(state: RegistrationState): DomainError | null {
  return state.exists ? null : domainError('NOT_FOUND', REGISTRATION_MESSAGES.notFound);
}
