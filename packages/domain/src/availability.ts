/** Event availability label and slots-left (spec sections 4 and 9). */

export interface SlotOccupancy {
  isAvailable: boolean;
  currentAttendees: number;
  maxAttendees: number;
}

export type AvailabilityLabel = 'Fully Booked' | 'Limited Slots' | 'Slots Available';

/** Limited-slots threshold: currentAttendees above 70% of maxAttendees. */
export const LIMITED_SLOTS_PERCENT = 70;

/** Slots left = maxAttendees - currentAttendees (never below 0). */
export function slotsLeft(slot: Pick<SlotOccupancy, 'currentAttendees' | 'maxAttendees'>): number {
  return Math.max(0, slot.maxAttendees - slot.currentAttendees);
}

/** "1 slot left" / "5 slots left". */
export function slotsLeftLabel(slot: Pick<SlotOccupancy, 'currentAttendees' | 'maxAttendees'>): string {
  const n = slotsLeft(slot);
  return `${n} ${n === 1 ? 'slot' : 'slots'} left`;
}

/** Above 70% full (integer arithmetic: current * 100 > max * 70). */
export function isLimited(slot: Pick<SlotOccupancy, 'currentAttendees' | 'maxAttendees'>): boolean {
  return slot.currentAttendees * 100 > slot.maxAttendees * LIMITED_SLOTS_PERCENT;
}

/** Bookable: marked available and with at least one seat left. */
export function isBookable(slot: SlotOccupancy): boolean {
  return slot.isAvailable && slotsLeft(slot) > 0;
}

/**
 * 'Fully Booked' when no slot is bookable; 'Limited Slots' when any bookable slot is above 70% full;
 * else 'Slots Available'. A slot marked available but with no seat left counts as not available.
 */
export function availabilityLabel(slots: readonly SlotOccupancy[]): AvailabilityLabel {
  const open = slots.filter(isBookable);
  if (open.length === 0) return 'Fully Booked';
  return open.some(isLimited) ? 'Limited Slots' : 'Slots Available';
}
