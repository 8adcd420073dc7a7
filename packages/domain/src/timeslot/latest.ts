import type { Decider } from '../decider';
import {
  type TimeslotCommand,
  type TimeslotState,
  evolveTimeslot,
  initialTimeslotState,
  timeslotDeciderFor,
} from './decider';
import type { TimeslotEvent } from './events';

/** The event kinds whose latest one each says all a booking needs to know of a slot. */
export const TIMESLOT_LATEST_KINDS = {
  seats: ['SeatsReserved', 'SeatsReleased'],
  block: ['SlotBlocked', 'SlotUnblocked'],
  capacity: ['CapacityChanged'],
} as const;

/**
 * A slot's state for reserving seats from its latest seat, block and capacity events only (any
 * order), instead of folding its whole history: every seat event carries the count after it
 * (`bookedAfter`). A slot's stream grows with every booking, so a booking that folded it read more
 * the fuller the slot was. `reservations` stays empty: releasing seats needs the whole fold.
 */
export function evolveTimeslotFromLatest(state: TimeslotState, event: TimeslotEvent): TimeslotState {
  if (event.type === 'SeatsReserved' || event.type === 'SeatsReleased') {
    return { ...state, booked: event.data.bookedAfter };
  }
  return evolveTimeslot(state, event);
}

/** Reserving seats on a slot read as its latest events (TIMESLOT_LATEST_KINDS). */
export function timeslotFromLatestDeciderFor(
  catalogueCapacity: number,
): Decider<TimeslotState, TimeslotCommand, TimeslotEvent> {
  return { ...timeslotDeciderFor(catalogueCapacity), evolve: evolveTimeslotFromLatest };
}

export function timeslotStateFromLatest(
  latest: readonly TimeslotEvent[],
  catalogueCapacity: number,
): TimeslotState {
  return latest.reduce(evolveTimeslotFromLatest, initialTimeslotState(catalogueCapacity));
}
