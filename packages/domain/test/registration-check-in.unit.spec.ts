import { describe, expect, it } from 'vitest';
import {
  type RegistrationCommand,
  type RegistrationEvent,
  domainErrorHttpStatus,
  endOfSingaporeDay,
  formatSGD,
  latestCheckIn,
  outstandingCents,
  paymentMethodLabel,
  registrationDecider,
} from '../src';
import { spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const unpaid = () => booked([person('p1'), person('p2')]);
const fold = (events: RegistrationEvent[]) =>
  events.reduce(registrationDecider.evolve, registrationDecider.initialState());
const decided = (events: RegistrationEvent[], command: RegistrationCommand): RegistrationEvent[] => {
  const r = registrationDecider.decide(fold(events), command);
  if (!Array.isArray(r)) throw new Error(r.message);
  return r;
};
/** Booked and paid in full at the desk: nothing stands between the party and its check-in. */
const party = () => {
  const events = unpaid();
  return [
    ...events,
    ...decided(events, { type: 'RecordDeskPayment', transactionId: 'desk-1', method: 'cash', at }),
  ];
};
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

describe('a balance due at the desk (issue 45)', () => {
  const owed = () => outstandingCents(fold(unpaid()));

  it('refuses a check-in while anything is left to pay, naming the amount', () => {
    expect(owed()).toBeGreaterThan(0);
    const r = given(unpaid()).when(checkIn());
    r.thenError({
      code: 'STATUS_NOT_ALLOWED',
      message: `This booking has ${formatSGD(owed())} to pay. Record the payment at the desk, or waive it with a reason, before check-in.`,
    });
    expect(domainErrorHttpStatus(r.result as { code: 'STATUS_NOT_ALLOWED' })).toBe(409);
    // a blank reason is no waiver
    given(unpaid())
      .when(checkIn({ waiveReason: '   ' }))
      .thenError({ code: 'STATUS_NOT_ALLOWED' });
  });

  it('a waiver with a reason checks in and records the amount waived; the rest of the party needs no second one', () => {
    const waived = { amountCents: owed(), reason: 'Staff screening, billed to HR' };
    const first = given(unpaid())
      .when(checkIn({ participantIds: ['p1'], waiveReason: '  Staff screening, billed to HR ' }))
      .thenEvents([
        { type: 'ParticipantsCheckedIn', data: { participantIds: ['p1'], by: 'desk1', at: scanAt, waived } },
      ]);
    expect(first.checkInWaivedCents).toBe(owed());
    // the party is here: its payment hold no longer runs out (no expiry, seats and code kept)
    const held = booked([person('p1'), person('p2')], { holdSeconds: 900 });
    const later = { type: 'ExpireHold', at: '2030-01-01T00:00:00.000Z' } as const;
    expect(fold(held).holdUntil).not.toBeNull();
    expect(decided(held, later).map((e) => e.type)).toContain('RegistrationExpired');
    const inside = [
      ...held,
      ...decided(held, checkIn({ participantIds: ['p1'], waiveReason: 'Billed to HR' })),
    ];
    expect(fold(inside).holdUntil).toBeNull();
    given(inside).when(later).thenError({ code: 'STATUS_NOT_ALLOWED' });
    // the waiver is the desk's record: the balance stays on the order
    expect(outstandingCents(first)).toBe(owed());
    given([
      ...unpaid(),
      { type: 'ParticipantsCheckedIn', data: { participantIds: ['p1'], by: 'desk1', at: scanAt, waived } },
    ])
      .when(checkIn())
      .thenEvents([checkedIn(['p2'])]);
  });

  it('the desk records what is left to pay, decided on the order, once', () => {
    const payment = decided(unpaid(), {
      type: 'RecordDeskPayment',
      transactionId: 'desk-1',
      method: 'nets',
      at,
    });
    expect(payment[0]).toEqual({
      type: 'PaymentRecorded',
      data: { transactionId: 'desk-1', amountCents: owed(), method: 'nets', balanceDueCents: 0, at },
    });
    expect(payment[1]).toMatchObject({ type: 'StatusChanged', data: { to: 'paid', source: 'payment' } });
    // the receipt names the method in words
    expect(paymentMethodLabel('nets')).toBe('NETS');
    expect(paymentMethodLabel('card_terminal')).toBe('Card (terminal at the clinic)');
    given([...unpaid(), ...payment])
      .when({ type: 'RecordDeskPayment', transactionId: 'desk-2', method: 'cash', at })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'Nothing is left to pay on this booking.' });
    given(unpaid())
      .when({
        type: 'RecordDeskPayment',
        transactionId: 'desk-4',
        method: 'cash',
        expectedCents: owed() - 1,
        at,
      })
      .thenError({
        code: 'STATUS_NOT_ALLOWED',
        message: `The balance is now ${formatSGD(owed())}: check the amount with the customer, then record it again.`,
      });
    given([
      ...unpaid(),
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'admin', at } },
    ])
      .when({ type: 'RecordDeskPayment', transactionId: 'desk-3', method: 'cash', at })
      .thenError({ code: 'CANCELLED' });
  });
});

describe('undoing a check-in (issue 45)', () => {
  const undo = (
    over: Partial<Extract<RegistrationCommand, { type: 'UndoCheckIn' }>> = {},
  ): RegistrationCommand => ({
    type: 'UndoCheckIn',
    reason: 'Scanned the wrong party',
    by: 'desk2',
    appointmentDate: '2026-02-03',
    today: '2026-02-03',
    at: '2026-02-03T02:00:00.000Z',
    ...over,
  });

  it('takes back the people named, with the reason and the staff member; they can be checked in again', () => {
    const state = given([...party(), checkedIn(['p1', 'p2'])])
      .when(undo({ participantIds: ['p2'] }))
      .thenEvents([
        {
          type: 'CheckInUndone',
          data: {
            participantIds: ['p2'],
            reason: 'Scanned the wrong party',
            by: 'desk2',
            at: '2026-02-03T02:00:00.000Z',
          },
        },
      ]);
    expect(Object.keys(state.checkIns)).toEqual(['p1']);
    const undone: RegistrationEvent = {
      type: 'CheckInUndone',
      data: { participantIds: ['p2'], reason: 'x', by: 'desk2', at },
    };
    given([...party(), checkedIn(['p1', 'p2']), undone])
      .when(checkIn({ by: 'desk3' }))
      .thenEvents([checkedIn(['p2'], 'desk3')]);
  });

  it('needs a reason, the appointment day, and someone checked in', () => {
    given([...party(), checkedIn(['p1'])])
      .when(undo({ reason: '  ' }))
      .thenError({ code: 'INVALID', message: 'Give a reason for undoing the check-in.' });
    given([...party(), checkedIn(['p1'])])
      .when(undo({ today: '2026-02-04' }))
      .thenError({
        code: 'STATUS_NOT_ALLOWED',
        message: 'A check-in can be undone only on the appointment day.',
      });
    given(party())
      .when(undo())
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'Nobody named is checked in.' });
    given([...party(), checkedIn(['p1'])])
      .when(undo({ participantIds: ['p9'] }))
      .thenError({ code: 'NOT_FOUND' });
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
