import { describe, expect, it } from 'vitest';
import {
  type RegistrationCommand,
  type RegistrationEvent,
  domainErrorHttpStatus,
  registrationDecider,
  seatsHeld,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const later = '2026-01-06T02:00:00.000Z';
const moveTo = (toTimeslotId: number): RegistrationCommand => ({
  type: 'RescheduleRegistration',
  fromDate: '2026-02-03',
  fromTime: '08:00',
  toTimeslotId,
  toDate: '2026-02-10',
  toTime: '09:30',
  at: later,
});
const moved = (fromTimeslotId: number, toTimeslotId: number, sequence: number): RegistrationEvent => ({
  type: 'RegistrationRescheduled',
  data: {
    fromTimeslotId,
    fromDate: '2026-02-03',
    fromTime: '08:00',
    toTimeslotId,
    toDate: '2026-02-10',
    toTime: '09:30',
    seats: 2,
    sequence,
    at: later,
  },
});
const twoPeople = () => booked([person('p1'), person('p2')]);

describe('rescheduling a registration', () => {
  it('moves the order and its seats to the new slot, the first move being sequence 1', () => {
    const state = given(twoPeople())
      .when(moveTo(8))
      .thenEvents([moved(3, 8, 1)]);
    expect(state.timeslotId).toBe(8);
    expect(state.rescheduleCount).toBe(1);
    // the move changes neither who comes nor what they pay
    expect(seatsHeld(state)).toBe(2);
    expect(state.pricing).toEqual(fold(registrationDecider, twoPeople()).pricing);
  });

  it('counts each move: the next one is sequence 2, from the slot the last one moved to', () => {
    given([...twoPeople(), moved(3, 8, 1)])
      .when(moveTo(3))
      .thenEvents([moved(8, 3, 2)]);
  });

  it('refuses the slot the order already has (400)', () => {
    const r = given(twoPeople()).when(moveTo(3));
    r.thenError({ code: 'INVALID', message: 'This is already your appointment time.' });
    expect(domainErrorHttpStatus(r.result as { code: 'INVALID' })).toBe(400);
  });

  it.each([
    ['cancelled', { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } }],
    [
      'expired',
      {
        type: 'RegistrationExpired',
        data: { holdUntil: at, seats: 2, reason: 'hold-expired', at },
      },
    ],
  ] as [string, RegistrationEvent][])('refuses a %s order (409)', (_, closing) => {
    const r = given([...twoPeople(), closing]).when(moveTo(8));
    r.thenError({ code: 'CANCELLED', message: 'Cancelled or expired appointments cannot be rescheduled.' });
    expect(domainErrorHttpStatus(r.result as { code: 'CANCELLED' })).toBe(409);
  });

  it('refuses an order that does not exist', () => {
    given([]).when(moveTo(8)).thenError({ code: 'NOT_FOUND' });
  });
});
