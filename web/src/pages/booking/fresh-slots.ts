import type { PostalTimeslotsResponse } from '../../public/types';
import { ApiError } from '../../lib/api';

/**
 * Issue 50: the public slot reads may be a few seconds old (a CDN carries them), so a booking can hit
 * a slot that filled meanwhile. The api's 409 then carries that slot's day and region as they are now,
 * uncached; the wizard shows them and offers the next free slot at once.
 */
export interface FreshSlot {
  id: number;
  date: string;
  time: string;
  region: string | null;
  maxAttendees: number;
  currentAttendees: number;
  isAvailable: boolean;
}

/** The fresh slots of a 409 refusal ('This timeslot is fully booked' / not available), else null. */
export function freshSlotsOf(error: unknown): FreshSlot[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { timeslots?: unknown } | null;
  return Array.isArray(body?.timeslots) && body.timeslots.length > 0 ? (body.timeslots as FreshSlot[]) : null;
}

export const isFull = (slot: Pick<FreshSlot, 'isAvailable' | 'currentAttendees' | 'maxAttendees'>) =>
  !slot.isAvailable || slot.currentAttendees >= slot.maxAttendees;

/** The cached region answer with the fresh slots' seats in place of what it had for them. */
export function applyFreshSlots(data: PostalTimeslotsResponse, fresh: FreshSlot[]): PostalTimeslotsResponse {
  const byId = new Map(fresh.map((s) => [s.id, s]));
  const groups = Object.fromEntries(
    Object.entries(data.data).map(([day, group]) => [
      day,
      {
        ...group,
        timeslots: group.timeslots.map((slot) => {
          const now = byId.get(slot.id);
          return now
            ? {
                ...slot,
                isAvailable: now.isAvailable,
                currentAttendees: now.currentAttendees,
                maxAttendees: now.maxAttendees,
              }
            : slot;
        }),
      },
    ]),
  );
  return { ...data, data: groups };
}

/**
 * The slot to offer instead of the refused one: the first free one of the day after it, else the
 * first free one before it; null when the whole day is full.
 */
export function nextFreeSlot(fresh: FreshSlot[], refusedId: number | null): FreshSlot | null {
  const day = [...fresh].sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id);
  const refused = day.find((s) => s.id === refusedId);
  const free = day.filter((s) => s.id !== refusedId && !isFull(s));
  return (refused && free.find((s) => s.time >= refused.time)) ?? free[0] ?? null;
}
