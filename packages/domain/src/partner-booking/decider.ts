/**
 * A partner's booking code completes one booking: the use is appended with the code stream's
 * expected version, so two bookings racing with the same code cannot both succeed.
 */
import { type Decider, type Decision, domainError } from '../decider';
import type { PartnerBookingEvent } from './events';

export interface PartnerBookingState {
  /** The registration that used the code, once used. */
  usedBy: string | null;
}

export type PartnerBookingCommand = { type: 'UsePartnerBooking'; registrationId: string; at: string };

export const PARTNER_BOOKING_MESSAGES = {
  alreadyUsed: 'This booking code has already been used for a booking',
} as const;

export function decidePartnerBooking(
  state: PartnerBookingState,
  command: PartnerBookingCommand,
): Decision<PartnerBookingEvent> {
  if (state.usedBy !== null) return domainError('ALREADY_EXISTS', PARTNER_BOOKING_MESSAGES.alreadyUsed);
  return [{ type: 'PartnerBookingUsed', data: { registrationId: command.registrationId, at: command.at } }];
}

export function evolvePartnerBooking(
  _state: PartnerBookingState,
  event: PartnerBookingEvent,
): PartnerBookingState {
  return { usedBy: event.data.registrationId };
}

export const partnerBookingDecider: Decider<PartnerBookingState, PartnerBookingCommand, PartnerBookingEvent> =
  {
    initialState: () => ({ usedBy: null }),
    decide: decidePartnerBooking,
    evolve: evolvePartnerBooking,
  };
