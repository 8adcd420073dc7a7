/** Event availability label and slots-left (spec sections 4 and 9). */
import { REGIONS } from './regions';
import { type EventTimeslotConfig, generateRegionTimeslots } from './timeslots';

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
 * Spec section 4, on the slots with isAvailable true ("open"): 'Fully Booked' when none has a seat
 * left (a full open slot cannot be booked either); 'Limited Slots' when any open slot is above 70 %
 * full, a full one included; else 'Slots Available'.
 */
export function availabilityLabel(slots: readonly SlotOccupancy[]): AvailabilityLabel {
  const open = slots.filter((slot) => slot.isAvailable);
  if (!open.some((slot) => slotsLeft(slot) > 0)) return 'Fully Booked';
  return open.some(isLimited) ? 'Limited Slots' : 'Slots Available';
}

/** A stored slot of an auto event, found by its natural key. */
export interface StoredAutoSlot extends SlotOccupancy {
  region: string | null;
  date: string;
  time: string;
}

/**
 * The slots an auto event has over its horizon: every region's generated slots, each with its stored
 * occupancy once a lookup has materialised it, else empty and open. A generated slot nobody looked
 * up yet still has every seat free, so it must count.
 */
export function autoEventOccupancy(
  input: {
    eventId: number;
    now: Date;
    holidays?: Iterable<string>;
    config?: EventTimeslotConfig;
  },
  stored: readonly StoredAutoSlot[],
): SlotOccupancy[] {
  const byKey = new Map(stored.map((slot) => [`${slot.region}|${slot.date}|${slot.time}`, slot]));
  const holidays = [...(input.holidays ?? [])];
  return REGIONS.flatMap((region) =>
    generateRegionTimeslots({ ...input, holidays, region }).flatMap((day) => day.timeslots),
  ).map(
    (slot) =>
      byKey.get(`${slot.region}|${slot.date}|${slot.time}`) ?? {
        isAvailable: true,
        currentAttendees: 0,
        maxAttendees: slot.maxAttendees,
      },
  );
}
