import type { TimeslotState } from './decider';
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
export function timeslotStateFromLatest(
  latest: readonly TimeslotEvent[],
  catalogueCapacity: number,
): TimeslotState {
  const state: TimeslotState = { capacity: catalogueCapacity, booked: 0, blocked: false, reservations: {} };
  for (const event of latest) {
    switch (event.type) {
      case 'SeatsReserved':
      case 'SeatsReleased':
        state.booked = event.data.bookedAfter;
        break;
      case 'SlotBlocked':
        state.blocked = true;
        break;
      case 'SlotUnblocked':
        state.blocked = false;
        break;
      case 'CapacityChanged':
        state.capacity = event.data.to;
        break;
    }
  }
  return state;
}
