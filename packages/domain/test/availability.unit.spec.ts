import { describe, expect, it } from 'vitest';
import {
  autoEventOccupancy,
  availabilityLabel,
  generateRegionTimeslots,
  isLimited,
  REGIONS,
  slotsLeft,
  slotsLeftLabel,
} from '../src';

const slot = (currentAttendees: number, maxAttendees = 20, isAvailable = true) => ({
  currentAttendees,
  maxAttendees,
  isAvailable,
});

describe('availability label', () => {
  it('is Fully Booked with no available slot', () => {
    expect(availabilityLabel([])).toBe('Fully Booked');
    expect(availabilityLabel([slot(0, 20, false)])).toBe('Fully Booked');
    expect(availabilityLabel([slot(20, 20, true)])).toBe('Fully Booked');
  });

  it('is Limited Slots when an available slot is above 70% full', () => {
    expect(availabilityLabel([slot(15), slot(0)])).toBe('Limited Slots'); // 75%
    expect(availabilityLabel([slot(14)])).toBe('Slots Available'); // exactly 70% is not above
    expect(availabilityLabel([slot(19, 20, false), slot(2)])).toBe('Slots Available');
    expect(isLimited(slot(8, 10))).toBe(true);
    expect(isLimited(slot(7, 10))).toBe(false);
  });

  it('counts a full open slot as open: above 70 % full, so Limited Slots, but not a free seat', () => {
    expect(availabilityLabel([slot(20), slot(0)])).toBe('Limited Slots');
    expect(availabilityLabel([slot(20), slot(20, 20, false), slot(0, 20, false)])).toBe('Fully Booked');
  });

  it('counts an auto event over its whole horizon, stored slots by their own occupancy', () => {
    const input = { eventId: 7, now: new Date('2026-03-02T00:00:00Z'), config: { numSlots: 2 } };
    const generated = REGIONS.flatMap((region) =>
      generateRegionTimeslots({ ...input, region }).flatMap((d) => d.timeslots),
    );
    // Nothing looked up yet: every generated slot is empty and open.
    expect(autoEventOccupancy(input, [])).toHaveLength(generated.length);
    expect(availabilityLabel(autoEventOccupancy(input, []))).toBe('Slots Available');

    const stored = (occupancy: (i: number) => { isAvailable: boolean; currentAttendees: number }) =>
      generated.map((g, i) => ({
        region: g.region,
        date: g.date,
        time: g.time,
        maxAttendees: 20,
        ...occupancy(i),
      }));
    // No free seat in any region and date: blocked or full.
    const none = stored((i) => ({ isAvailable: i % 2 === 0, currentAttendees: i % 2 === 0 ? 20 : 0 }));
    expect(availabilityLabel(autoEventOccupancy(input, none))).toBe('Fully Booked');
    // One slot left unstored still has its seats.
    expect(availabilityLabel(autoEventOccupancy(input, none.slice(1)))).toBe('Limited Slots');
    const busy = stored((i) => ({ isAvailable: true, currentAttendees: i === 0 ? 15 : 0 }));
    expect(availabilityLabel(autoEventOccupancy(input, busy))).toBe('Limited Slots');
    // Stored slots outside the horizon do not count.
    const past = {
      region: 'north',
      date: '2020-01-06',
      time: '09:00',
      isAvailable: true,
      currentAttendees: 19,
      maxAttendees: 20,
    };
    expect(availabilityLabel(autoEventOccupancy(input, [past]))).toBe('Slots Available');
  });

  it('counts slots left', () => {
    expect(slotsLeft(slot(5))).toBe(15);
    expect(slotsLeft(slot(25))).toBe(0);
    expect(slotsLeftLabel(slot(5))).toBe('15 slots left');
    expect(slotsLeftLabel(slot(19))).toBe('1 slot left');
  });
});
