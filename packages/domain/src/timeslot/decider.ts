/**
 * Timeslot capacity: every seat taken or freed is an event, so a slot is never overbooked (the
 * reservation is appended with the slot's expected version). Each participant takes one seat.
 */
import { type Decider, type Decision, domainError } from '../decider';
import { EVENT_CONFIG_DEFAULTS } from '../event-config';
import type { SeatReleaseReason, TimeslotEvent } from './events';

export interface TimeslotState {
  capacity: number;
  booked: number;
  blocked: boolean;
  /** Seats held per registration. */
  reservations: Record<string, number>;
}

export type TimeslotCommand =
  | { type: 'ReserveSeats'; registrationId: string; seats: number; at: string }
  | { type: 'ReleaseSeats'; registrationId: string; seats?: number; reason: SeatReleaseReason; at: string }
  | { type: 'BlockSlot'; at: string }
  | { type: 'UnblockSlot'; at: string }
  | { type: 'ChangeCapacity'; maxAttendees: number; at: string }
  /**
   * A waiting-list offer's held seats become a booking's: the whole hold is released ('offer-claimed')
   * and `seats` of it reserved for the registration, in one decision, so no other booking can take
   * them in between. Needs the full fold (the hold's reservation).
   */
  | { type: 'ClaimHold'; holdKey: string; registrationId: string; seats: number; at: string };

export const TIMESLOT_MESSAGES = {
  full: 'This timeslot is fully booked',
  notAvailable: 'This timeslot is not available',
  notEnough: (left: number) => `Only ${left} ${left === 1 ? 'slot' : 'slots'} left in this timeslot`,
  badSeats: 'Seats must be a whole number of at least 1',
  badCapacity: 'Capacity must be a whole number of at least 1',
  belowBooked: (booked: number) => `Capacity cannot be lower than the ${booked} seats already booked`,
  holdGone: 'This offer has expired',
  beyondHold: (held: number) => `This offer holds ${held} ${held === 1 ? 'seat' : 'seats'}`,
} as const;

/** A slot before any event: the catalogue's capacity (default 20), open, empty. */
export function initialTimeslotState(capacity: number = EVENT_CONFIG_DEFAULTS.maxAttendees): TimeslotState {
  return { capacity, booked: 0, blocked: false, reservations: {} };
}

export function seatsLeft(state: TimeslotState): number {
  return Math.max(0, state.capacity - state.booked);
}

const isWhole = (n: number) => Number.isInteger(n) && n >= 1;

export function decideTimeslot(state: TimeslotState, command: TimeslotCommand): Decision<TimeslotEvent> {
  switch (command.type) {
    case 'ReserveSeats': {
      if (!isWhole(command.seats)) return domainError('INVALID', TIMESLOT_MESSAGES.badSeats);
      if (state.blocked) return domainError('SLOT_NOT_AVAILABLE', TIMESLOT_MESSAGES.notAvailable);
      const left = seatsLeft(state);
      if (left === 0) return domainError('SLOT_FULL', TIMESLOT_MESSAGES.full);
      if (command.seats > left) return domainError('SLOT_FULL', TIMESLOT_MESSAGES.notEnough(left));
      return [
        {
          type: 'SeatsReserved',
          data: {
            registrationId: command.registrationId,
            seats: command.seats,
            bookedAfter: state.booked + command.seats,
            at: command.at,
          },
        },
      ];
    }
    case 'ReleaseSeats': {
      const held = state.reservations[command.registrationId] ?? 0;
      if (command.seats !== undefined && !isWhole(command.seats)) {
        return domainError('INVALID', TIMESLOT_MESSAGES.badSeats);
      }
      const seats = Math.min(held, command.seats ?? held);
      // nothing held: releasing again is harmless
      if (seats === 0) return [];
      return [
        {
          type: 'SeatsReleased',
          data: {
            registrationId: command.registrationId,
            seats,
            bookedAfter: state.booked - seats,
            reason: command.reason,
            at: command.at,
          },
        },
      ];
    }
    case 'ClaimHold': {
      if (!isWhole(command.seats)) return domainError('INVALID', TIMESLOT_MESSAGES.badSeats);
      const held = state.reservations[command.holdKey] ?? 0;
      if (held === 0) return domainError('EXPIRED', TIMESLOT_MESSAGES.holdGone);
      if (command.seats > held)
        return domainError('TOO_MANY_PARTICIPANTS', TIMESLOT_MESSAGES.beyondHold(held));
      if (state.blocked) return domainError('SLOT_NOT_AVAILABLE', TIMESLOT_MESSAGES.notAvailable);
      const released = state.booked - held;
      return [
        {
          type: 'SeatsReleased',
          data: {
            registrationId: command.holdKey,
            seats: held,
            bookedAfter: released,
            reason: 'offer-claimed',
            at: command.at,
          },
        },
        {
          type: 'SeatsReserved',
          data: {
            registrationId: command.registrationId,
            seats: command.seats,
            bookedAfter: released + command.seats,
            at: command.at,
          },
        },
      ];
    }
    case 'BlockSlot':
      return state.blocked ? [] : [{ type: 'SlotBlocked', data: { at: command.at } }];
    case 'UnblockSlot':
      return state.blocked ? [{ type: 'SlotUnblocked', data: { at: command.at } }] : [];
    case 'ChangeCapacity': {
      if (!isWhole(command.maxAttendees)) return domainError('INVALID', TIMESLOT_MESSAGES.badCapacity);
      if (command.maxAttendees < state.booked) {
        return domainError('CAPACITY_BELOW_BOOKED', TIMESLOT_MESSAGES.belowBooked(state.booked));
      }
      if (command.maxAttendees === state.capacity) return [];
      return [
        { type: 'CapacityChanged', data: { from: state.capacity, to: command.maxAttendees, at: command.at } },
      ];
    }
  }
}

export function evolveTimeslot(state: TimeslotState, event: TimeslotEvent): TimeslotState {
  switch (event.type) {
    case 'SeatsReserved': {
      const { registrationId, seats } = event.data;
      return {
        ...state,
        booked: state.booked + seats,
        reservations: {
          ...state.reservations,
          [registrationId]: (state.reservations[registrationId] ?? 0) + seats,
        },
      };
    }
    case 'SeatsReleased': {
      const { registrationId, seats } = event.data;
      const { [registrationId]: held = 0, ...others } = state.reservations;
      const remaining = held - seats;
      return {
        ...state,
        booked: Math.max(0, state.booked - seats),
        reservations: remaining > 0 ? { ...others, [registrationId]: remaining } : others,
      };
    }
    case 'SlotBlocked':
      return { ...state, blocked: true };
    case 'SlotUnblocked':
      return { ...state, blocked: false };
    case 'CapacityChanged':
      return { ...state, capacity: event.data.to };
  }
}

/** The read-model view of a slot (spec Timeslot fields). */
export function timeslotAvailability(state: TimeslotState): {
  maxAttendees: number;
  currentAttendees: number;
  isAvailable: boolean;
} {
  return { maxAttendees: state.capacity, currentAttendees: state.booked, isAvailable: !state.blocked };
}

/** A slot's decider, starting from the catalogue's capacity (the stream holds only changes to it). */
export function timeslotDeciderFor(
  catalogueCapacity?: number,
): Decider<TimeslotState, TimeslotCommand, TimeslotEvent> {
  return {
    initialState: () => initialTimeslotState(catalogueCapacity),
    decide: decideTimeslot,
    evolve: evolveTimeslot,
  };
}

export const timeslotDecider = timeslotDeciderFor();
