import { describe, expect, it } from 'vitest';
import {
  type RegistrationCommand,
  type RegistrationEvent,
  domainErrorHttpStatus,
  endOfSingaporeDay,
  latestCheckIn,
  registrationDecider,
} from '../src';
import { spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const party = () => booked([person('p1'), person('p2')]);
const scanAt = '2026-02-03T01:02:00.000Z';
const checkIn = (
  over: Partial<Extract<RegistrationCommand, { type: 'CheckIn' }>> = {},
): RegistrationCommand => ({
  type: 'CheckIn',
  by: 'desk1',
  appointmentDate: '2026-02-03',
  today: '2026-02-03',
  at: scanAt,
  ...over,
});
const checkedIn = (participantIds: string[], by = 'desk1', when = scanAt): RegistrationEvent => ({
  type: 'ParticipantsCheckedIn',
  data: { participantIds, by, at: when },
});
const noShow = (at: string): RegistrationCommand => ({
  type: 'MarkNoShow',
  appointmentDate: '2026-02-03',
  at,
});

describe('checking a party in', () => {
  it('checks the whole party in with one event naming the staff member', () => {
    const state = given(party())
      .when(checkIn())
      .thenEvents([checkedIn(['p1', 'p2'])]);
    expect(state.checkIns).toEqual({ p1: { at: scanAt, by: 'desk1' }, p2: { at: scanAt, by: 'desk1' } });
  });

  it('checks in one person alone, then the rest of the party only', () => {
    given(party())
      .when(checkIn({ participantIds: ['p2'] }))
      .thenEvents([checkedIn(['p2'])]);
    given([...party(), checkedIn(['p2'])])
      .when(checkIn({ by: 'desk2' }))
      .thenEvents([checkedIn(['p1'], 'desk2')]);
  });

  it('a second scan records nothing, and the first check-in is what it reports', () => {
    const r = given([...party(), checkedIn(['p1', 'p2'])]).when(
      checkIn({ by: 'desk2', at: '2026-02-03T02:00:00.000Z' }),
    );
    r.thenEvents([]);
    const later = checkedIn(['p1'], 'desk3', '2026-02-03T03:00:00.000Z');
    // a repeated event (never appended by the decider) does not move the first mark
    const state = [...party(), checkedIn(['p1', 'p2']), later].reduce(
      registrationDecider.evolve,
      registrationDecider.initialState(),
    );
    expect(latestCheckIn(state.checkIns, ['p1', 'p2'])).toEqual({ at: scanAt, by: 'desk1' });
  });

  it('refuses a person not on the booking (404)', () => {
    const r = given(party()).when(checkIn({ participantIds: ['p9'] }));
    r.thenError({ code: 'NOT_FOUND', message: 'That person is not on this booking.' });
    expect(domainErrorHttpStatus(r.result as { code: 'NOT_FOUND' })).toBe(404);
  });

  it('refuses a booking of another day (409), a cancelled one and an expired one', () => {
    given(party())
      .when(checkIn({ today: '2026-02-04' }))
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'This booking is for 2026-02-03, not today.' });
    given([
      ...party(),
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'admin', at } },
    ])
      .when(checkIn())
      .thenError({ code: 'CANCELLED', message: 'This booking was cancelled; it cannot be checked in.' });
    given([
      ...party(),
      { type: 'RegistrationExpired', data: { holdUntil: at, seats: 2, reason: 'hold-expired', at } },
    ])
      .when(checkIn())
      .thenError({ code: 'EXPIRED' });
  });

  it('refuses an order that does not exist', () => {
    given([]).when(checkIn()).thenError({ code: 'NOT_FOUND' });
  });
});

describe('marking no-shows', () => {
  const dayOver = endOfSingaporeDay('2026-02-03').toISOString();

  it('the Singapore day ends at 16:00 UTC', () => {
    expect(dayOver).toBe('2026-02-03T16:00:00.000Z');
  });

  it('marks everyone not checked in once the day has ended, once', () => {
    const events = given([...party(), checkedIn(['p2'])]).when(noShow(dayOver));
    events.thenEvents([
      { type: 'MarkedNoShow', data: { participantIds: ['p1'], appointmentDate: '2026-02-03', at: dayOver } },
    ]);
    given([
      ...party(),
      {
        type: 'MarkedNoShow',
        data: { participantIds: ['p1', 'p2'], appointmentDate: '2026-02-03', at: dayOver },
      },
    ])
      .when(noShow(dayOver))
      .thenEvents([]);
  });

  it('waits for the day to end', () => {
    given(party())
      .when(noShow('2026-02-03T15:59:59.999Z'))
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'The appointment day has not ended yet.' });
  });

  it('marks nothing when everyone came, or the order was cancelled', () => {
    given([...party(), checkedIn(['p1', 'p2'])])
      .when(noShow(dayOver))
      .thenEvents([]);
    given([
      ...party(),
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'admin', at } },
    ])
      .when(noShow(dayOver))
      .thenEvents([]);
  });
});
