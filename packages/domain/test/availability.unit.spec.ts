import { describe, expect, it } from 'vitest';
import { availabilityLabel, isLimited, slotsLeft, slotsLeftLabel } from '../src';

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

  it('counts slots left', () => {
    expect(slotsLeft(slot(5))).toBe(15);
    expect(slotsLeft(slot(25))).toBe(0);
    expect(slotsLeftLabel(slot(5))).toBe('15 slots left');
    expect(slotsLeftLabel(slot(19))).toBe('1 slot left');
  });
});
