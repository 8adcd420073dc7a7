/** Events of a `timeslot-<id>` stream: capacity and availability. */
import type { DomainEvent } from '../decider';

export type SeatsReserved = DomainEvent<
  'SeatsReserved',
  { registrationId: string; seats: number; bookedAfter: number; at: string }
>;
export type SeatsReleased = DomainEvent<
  'SeatsReleased',
  { registrationId: string; seats: number; bookedAfter: number; reason: SeatReleaseReason; at: string }
>;
export type SlotBlocked = DomainEvent<'SlotBlocked', { at: string }>;
export type SlotUnblocked = DomainEvent<'SlotUnblocked', { at: string }>;
export type CapacityChanged = DomainEvent<'CapacityChanged', { from: number; to: number; at: string }>;

export type SeatReleaseReason =
  | 'cancelled'
  | 'expired'
  | 'participant-removed'
  | 'moved'
  | 'failed-booking'
  | 'rescheduled'
  /** A waiting-list offer's hold (waitlistHoldKey) lapsed, was given up, or became a booking. */
  | 'offer-expired'
  | 'offer-withdrawn'
  | 'offer-claimed';

export type TimeslotEvent = SeatsReserved | SeatsReleased | SlotBlocked | SlotUnblocked | CapacityChanged;
export const TIMESLOT_EVENT_TYPES = [
  'SeatsReserved',
  'SeatsReleased',
  'SlotBlocked',
  'SlotUnblocked',
  'CapacityChanged',
] as const satisfies readonly TimeslotEvent['type'][];
