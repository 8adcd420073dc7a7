import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { TIMESLOTS } from '../../public/test-utils';
import type { PostalTimeslotsResponse } from '../../public/types';
import { applyFreshSlots, type FreshSlot, freshSlotsOf, isFull, nextFreeSlot } from './fresh-slots';

const slot = (id: number, time: string, currentAttendees: number, isAvailable = true): FreshSlot => ({
  id,
  date: '2026-12-01',
  time,
  region: 'central',
  maxAttendees: 20,
  currentAttendees,
  isAvailable,
});

describe("a full slot's 409 (issue 50)", () => {
  it('reads the fresh slots of a 409 only', () => {
    const fresh = [slot(11, '09:00', 20)];
    const body = JSON.stringify({
      success: false,
      message: 'This timeslot is fully booked',
      timeslots: fresh,
    });
    expect(freshSlotsOf(new ApiError(409, body))).toEqual(fresh);
    expect(freshSlotsOf(new ApiError(409, '{"success":false,"message":"Already booked"}'))).toBeNull();
    expect(freshSlotsOf(new ApiError(400, body))).toBeNull();
    expect(freshSlotsOf(new Error('offline'))).toBeNull();
  });

  it('counts a slot full when its seats are taken or it is closed', () => {
    expect(isFull(slot(1, '09:00', 20))).toBe(true);
    expect(isFull(slot(1, '09:00', 3, false))).toBe(true);
    expect(isFull(slot(1, '09:00', 19))).toBe(false);
  });

  it('offers the next free slot of the day after the refused one, else the first free one before it', () => {
    const day = [
      slot(13, '14:00', 20),
      slot(11, '09:00', 20),
      slot(12, '11:00', 5, false),
      slot(14, '16:00', 2),
    ];
    expect(nextFreeSlot(day, 11)?.id).toBe(14);
    expect(nextFreeSlot([slot(11, '09:00', 4), slot(13, '14:00', 20)], 13)?.id).toBe(11);
    expect(nextFreeSlot([slot(11, '09:00', 20), slot(13, '14:00', 20)], 11)).toBeNull();
  });

  it('puts the fresh seats in the cached day and leaves the other days and the labels as they were', () => {
    const cached = TIMESLOTS as unknown as PostalTimeslotsResponse;
    const updated = applyFreshSlots(cached, [slot(11, '09:00', 20), slot(12, '11:00', 19)]);
    expect(updated.data['2026-12-01']!.timeslots.map((t) => [t.id, t.label, t.currentAttendees])).toEqual([
      [11, '9:00 AM', 20],
      [12, '11:00 AM', 19],
    ]);
    expect(updated.data['2026-12-04']).toEqual(cached.data['2026-12-04']);
    expect(cached.data['2026-12-01']!.timeslots[0]!.currentAttendees).toBe(3); // not changed in place
  });
});
