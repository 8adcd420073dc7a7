/** Money after the booking (issue 21): the payment hold and its expiry, revival, refunds and voids. */
import { describe, expect, it } from 'vitest';
import {
  type RegistrationEvent,
  type RegistrationState,
  cancellationRefund,
  decideRegistration,
  defaultRefundCents,
  domainErrorHttpStatus,
  holdsRedemption,
  isDomainError,
  isGatewayPaymentMethod,
  isHoldDue,
  outstandingCents,
  reclaimsRedemption,
  refundableCents,
  registrationDecider,
  releasesRedemption,
  seatReleaseReason,
  seatsHeld,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, book, booked, person, tenPercent } from './registration-fixtures';

const given = spec(registrationDecider);

// booked at 01:00Z with a 30 minute hold
const HOLD = 1800;
const holdUntil = '2026-01-05T01:30:00.000Z';
const justBefore = '2026-01-05T01:29:59.999Z';
const later = '2026-01-05T02:00:00.000Z';
const partner = { bookingCode: '123456789012', paidCents: 10000, isPaid: true };

const heldBooking = (over: object = {}) =>
  booked([person('p1'), person('p2')], { holdSeconds: HOLD, ...over });
const expiredEvent: RegistrationEvent = {
  type: 'RegistrationExpired',
  data: { holdUntil, seats: 2, reason: 'hold-expired', at: later },
};
const expiredBooking = () => [...heldBooking(), expiredEvent];
const payment = (transactionId: string, amountCents: number, method = 'card'): RegistrationEvent => ({
  type: 'PaymentRecorded',
  data: { transactionId, amountCents, method, balanceDueCents: 0, at },
});
const refund = (refundId: string, amountCents: number): RegistrationEvent => ({
  type: 'RefundRecorded',
  data: {
    refundId,
    amountCents,
    kind: 'refund',
    gatewayTransactionId: `gw-${refundId}`,
    reason: 'x',
    refundedCents: 0,
    at,
  },
});
const stateOf = (events: RegistrationEvent[]): RegistrationState => fold(registrationDecider, events);
const bookedData = (events: RegistrationEvent[]) => {
  const [e] = events;
  if (e?.type !== 'RegistrationBooked') throw new Error('not a booking');
  return e.data;
};

describe('the payment hold', () => {
  it('gives a booking awaiting payment a hold when the command asks for one', () => {
    const data = bookedData(heldBooking());
    expect(data.status).toBe('pending_payment');
    expect(data.holdUntil).toBe(holdUntil);
    expect(stateOf(heldBooking()).holdUntil).toBe(holdUntil);
  });

  it('gives none without holdSeconds: today callers book exactly as before', () => {
    const events = booked([person('p1')]);
    expect('holdUntil' in bookedData(events)).toBe(false);
    expect(stateOf(events).holdUntil).toBeNull();
  });

  it('never holds a zero-balance or a partner booking', () => {
    const free = booked([person('p1')], {
      holdSeconds: HOLD,
      discount: { ...tenPercent, rule: { type: 'percentage', percent: 100 } },
    });
    expect(bookedData(free)).toMatchObject({ status: 'confirmed' });
    expect('holdUntil' in bookedData(free)).toBe(false);
    const fullyPartnerPaid = booked([person('p1')], {
      holdSeconds: HOLD,
      partner: { ...partner, paidCents: 21800 },
    });
    expect(bookedData(fullyPartnerPaid)).toMatchObject({ status: 'paid' });
    expect('holdUntil' in bookedData(fullyPartnerPaid)).toBe(false);
    // partly partner-paid: a balance is due, but the partner's order never expires
    const partlyPartnerPaid = booked([person('p1')], { holdSeconds: HOLD, partner });
    expect(bookedData(partlyPartnerPaid)).toMatchObject({ status: 'pending_payment' });
    expect('holdUntil' in bookedData(partlyPartnerPaid)).toBe(false);
  });

  it('refuses a hold that is not a whole number of seconds above 0, or a booking time it cannot read', () => {
    for (const holdSeconds of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const r = given([]).when(book([person('p1')], { holdSeconds }));
      r.thenError({ code: 'INVALID', message: 'The payment hold must be a whole number of seconds above 0' });
      expect(domainErrorHttpStatus(r.result as never)).toBe(400);
    }
    given([])
      .when(book([person('p1')], { holdSeconds: HOLD, bookedAt: 'not a time' }))
      .thenError({ code: 'INVALID' });
  });

  it('is due exactly at holdUntil, not a millisecond before, and only while unpaid and awaiting payment', () => {
    const state = stateOf(heldBooking());
    expect(isHoldDue(state, justBefore)).toBe(false);
    expect(isHoldDue(state, holdUntil)).toBe(true);
    expect(isHoldDue(state, later)).toBe(true);
    expect(isHoldDue(stateOf([]), later)).toBe(false);
    expect(isHoldDue(stateOf(booked([person('p1')])), later)).toBe(false);
    expect(isHoldDue(stateOf(expiredBooking()), later)).toBe(false);
  });
});

describe('expiring a hold', () => {
  it('expires an unpaid order at holdUntil: no seats, no code redemption', () => {
    const events = heldBooking({ discount: tenPercent });
    const before = stateOf(events);
    const after = given(events)
      .when({ type: 'ExpireHold', at: holdUntil })
      .thenEvents([
        {
          type: 'RegistrationExpired',
          data: { holdUntil, seats: 2, reason: 'hold-expired', at: holdUntil },
        },
      ]);
    expect(after).toMatchObject({ status: 'expired', expiredAt: holdUntil });
    expect(seatsHeld(before)).toBe(2);
    expect(seatsHeld(after)).toBe(0);
    expect(holdsRedemption(before)).toBe(true);
    expect(holdsRedemption(after)).toBe(false);
    expect(releasesRedemption(before, after)).toBe(true);
    expect(reclaimsRedemption(before, after)).toBe(false);
    expect(seatReleaseReason(after)).toBe('expired');
  });

  it('is one expiry however many workers ask', () => {
    given(expiredBooking()).when({ type: 'ExpireHold', at: later }).thenEvents([]);
  });

  it('refuses before holdUntil', () => {
    given(heldBooking())
      .when({ type: 'ExpireHold', at: justBefore })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'The payment hold has not run out yet' });
  });

  it('refuses an order without a hold, or an unknown one', () => {
    given(booked([person('p1')]))
      .when({ type: 'ExpireHold', at: later })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'This registration has no payment hold' });
    given([]).when({ type: 'ExpireHold', at: later }).thenError({ code: 'NOT_FOUND' });
  });

  it('refuses a paid, partly paid, cancelled or zero-balance order', () => {
    const cannot = {
      code: 'STATUS_NOT_ALLOWED',
      message: 'Only an unpaid registration awaiting payment can expire',
    } as const;
    const due = outstandingCents(stateOf(heldBooking()));
    // paid in full: the payment moved it to paid
    given([
      ...heldBooking(),
      payment('tx1', due),
      { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'payment', at } },
    ])
      .when({ type: 'ExpireHold', at: later })
      .thenError(cannot);
    // partly paid: still awaiting payment, but it keeps its seats
    given([...heldBooking(), payment('tx1', 100)])
      .when({ type: 'ExpireHold', at: later })
      .thenError(cannot);
    given([
      ...heldBooking(),
      { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } },
    ])
      .when({ type: 'ExpireHold', at: later })
      .thenError(cannot);
    // a 100% code applied after booking: nothing is due any more
    given([
      ...booked([person('p1')], { holdSeconds: HOLD }),
      {
        type: 'DiscountApplied',
        data: {
          discount: { ...tenPercent, rule: { type: 'percentage', percent: 100 } },
          amountCents: 20000,
          pricing: { ...stateOf(booked([person('p1')])).pricing!, balanceDueCents: 0 },
          at,
        },
      },
    ])
      .when({ type: 'ExpireHold', at: later })
      .thenError(cannot);
  });

  it('closes an expired order to changes and payments', () => {
    const refused = { code: 'EXPIRED', message: 'This reservation has expired' } as const;
    const events = expiredBooking();
    given(events)
      .when({ type: 'AddParticipant', participant: person('p3'), at: later })
      .thenError(refused);
    given(events).when({ type: 'RemoveParticipant', participantId: 'p2', at: later }).thenError(refused);
    given(events)
      .when({ type: 'UpdateParticipant', participantId: 'p2', changes: { firstName: 'Wei' }, at: later })
      .thenError(refused);
    given(events).when({ type: 'ApplyDiscount', discount: tenPercent, at: later }).thenError(refused);
    given(events)
      .when({ type: 'ChangePrimaryParticipant', participantId: 'p2', at: later })
      .thenError(refused);
    const r = given(events).when({
      type: 'RecordPayment',
      transactionId: 'tx-late',
      amountCents: 41420,
      method: 'card',
      at: later,
    });
    r.thenError(refused);
    expect(domainErrorHttpStatus(r.result as never)).toBe(409);
    given(events).when({ type: 'ConfirmCoveredBalance', at: later }).thenEvents([]);
  });

  it('lets an admin cancel an expired order but not confirm it', () => {
    const events = expiredBooking();
    given(events).when({ type: 'ChangeStatusByAdmin', status: 'confirmed', at: later }).thenError({
      code: 'STATUS_NOT_ALLOWED',
      message:
        'This reservation has expired and holds no seats; it cannot be confirmed. Ask the customer to book again.',
    });
    const before = stateOf(events);
    const after = given(events)
      .when({ type: 'ChangeStatusByAdmin', status: 'canceled', at: later })
      .thenEvents([{ type: 'RegistrationCancelled', data: { from: 'expired', source: 'admin', at: later } }]);
    expect(seatsHeld(after)).toBe(0);
    expect(releasesRedemption(before, after)).toBe(false);
    given(events)
      .when({ type: 'CancelRegistration', at: later })
      .thenEvents([
        { type: 'RegistrationCancelled', data: { from: 'expired', source: 'public', at: later } },
      ]);
  });
});

describe('reviving an expired order (a payment arrives and its seats are free)', () => {
  it('puts it back awaiting payment with a new hold, holding its seats and code again', () => {
    const events = [...heldBooking({ discount: tenPercent }), expiredEvent];
    const before = stateOf(events);
    const after = given(events)
      .when({ type: 'ReviveExpired', holdSeconds: 600, at: later })
      .thenEvents([
        { type: 'RegistrationRevived', data: { holdUntil: '2026-01-05T02:10:00.000Z', seats: 2, at: later } },
      ]);
    expect(after).toMatchObject({
      status: 'pending_payment',
      holdUntil: '2026-01-05T02:10:00.000Z',
      expiredAt: null,
    });
    expect(seatsHeld(after)).toBe(2);
    expect(reclaimsRedemption(before, after)).toBe(true);
    expect(releasesRedemption(before, after)).toBe(false);
    expect(isHoldDue(after, later)).toBe(false);
    expect(isHoldDue(after, '2026-01-05T02:10:00.000Z')).toBe(true);
    // and it can be paid now
    given([...events, { type: 'RegistrationRevived', data: { holdUntil, seats: 2, at: later } }])
      .when({ type: 'RecordPayment', transactionId: 'tx1', amountCents: 41420, method: 'card', at: later })
      .thenEvents([
        {
          type: 'PaymentRecorded',
          data: { transactionId: 'tx1', amountCents: 41420, method: 'card', balanceDueCents: 0, at: later },
        },
        {
          type: 'StatusChanged',
          data: { from: 'pending_payment', to: 'paid', source: 'payment', at: later },
        },
      ]);
  });

  it('refuses an order that is not expired, a bad hold, or an unknown order', () => {
    given(heldBooking())
      .when({ type: 'ReviveExpired', holdSeconds: 600, at: later })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'Only an expired registration can be revived' });
    given(expiredBooking())
      .when({ type: 'ReviveExpired', holdSeconds: 0, at: later })
      .thenError({ code: 'INVALID', message: 'The payment hold must be a whole number of seconds above 0' });
    given([]).when({ type: 'ReviveExpired', holdSeconds: 600, at: later }).thenError({ code: 'NOT_FOUND' });
  });
});

describe('seats and redemptions a change gives back', () => {
  it('names the reason a seat goes back', () => {
    const open = stateOf(heldBooking());
    expect(seatReleaseReason(open)).toBe('participant-removed');
    expect(
      seatReleaseReason(
        stateOf([
          ...heldBooking(),
          { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at } },
        ]),
      ),
    ).toBe('cancelled');
  });

  it('releases a redemption on cancellation just as on expiry, and only when there is a code', () => {
    const withCode = heldBooking({ discount: tenPercent });
    const cancel: RegistrationEvent = {
      type: 'RegistrationCancelled',
      data: { from: 'pending_payment', source: 'public', at },
    };
    expect(releasesRedemption(stateOf(withCode), stateOf([...withCode, cancel]))).toBe(true);
    expect(releasesRedemption(stateOf(heldBooking()), stateOf([...heldBooking(), cancel]))).toBe(false);
    expect(holdsRedemption(stateOf([]))).toBe(false);
  });
});

describe('refunds', () => {
  const paidOrder = () => {
    const events = booked([person('p1')]);
    return [
      ...events,
      payment('tx1', 21800),
      {
        type: 'StatusChanged',
        data: { from: 'pending_payment', to: 'paid', source: 'payment', at },
      } as RegistrationEvent,
    ];
  };
  const refundCommand = (refundId: string, amountCents: number) =>
    ({
      type: 'RecordRefund',
      refundId,
      amountCents,
      kind: 'refund',
      gatewayTransactionId: `gw-${refundId}`,
      reason: 'Customer asked',
      at: later,
    }) as const;

  it('records a refund with its gateway id and the total refunded', () => {
    const state = given(paidOrder())
      .when(refundCommand('r1', 5000))
      .thenEvents([
        {
          type: 'RefundRecorded',
          data: {
            refundId: 'r1',
            amountCents: 5000,
            kind: 'refund',
            gatewayTransactionId: 'gw-r1',
            reason: 'Customer asked',
            refundedCents: 5000,
            gateway: 'card',
            at: later,
          },
        },
      ]);
    expect(state.refundedCents).toBe(5000);
    expect(state.refunds).toEqual([
      { refundId: 'r1', amountCents: 5000, kind: 'refund', gatewayTransactionId: 'gw-r1', at: later },
    ]);
    expect(refundableCents(state)).toBe(16800);
    // a refund changes neither what was paid nor the status
    expect(state).toMatchObject({ paidCents: 21800, status: 'paid' });
    expect(outstandingCents(state)).toBe(0);
  });

  it('records a void of a sale the same way', () => {
    const state = given(paidOrder())
      .when({ ...refundCommand('v1', 21800), kind: 'void' })
      .thenEvents([
        {
          type: 'RefundRecorded',
          data: {
            refundId: 'v1',
            amountCents: 21800,
            kind: 'void',
            gatewayTransactionId: 'gw-v1',
            reason: 'Customer asked',
            refundedCents: 21800,
            gateway: 'card',
            at: later,
          },
        },
      ]);
    expect(refundableCents(state)).toBe(0);
  });

  it('refunds up to exactly what was paid, over several refunds, and not a cent more', () => {
    const events = [...paidOrder(), refund('r1', 10000), refund('r2', 10000)];
    expect(refundableCents(stateOf(events))).toBe(1800);
    const r = given(events).when(refundCommand('r3', 1801));
    r.thenError({
      code: 'REFUND_EXCEEDS_PAID',
      message: 'The refund is more than what was paid and not yet refunded.',
    });
    expect(domainErrorHttpStatus(r.result as never)).toBe(409);
    const state = given(events)
      .when(refundCommand('r3', 1800))
      .thenEvents([
        {
          type: 'RefundRecorded',
          data: {
            refundId: 'r3',
            amountCents: 1800,
            kind: 'refund',
            gatewayTransactionId: 'gw-r3',
            reason: 'Customer asked',
            refundedCents: 21800,
            gateway: 'card',
            at: later,
          },
        },
      ]);
    expect(refundableCents(state)).toBe(0);
    given([...events, refund('r3', 1800)])
      .when(refundCommand('r4', 1))
      .thenError({ code: 'REFUND_EXCEEDS_PAID' });
  });

  it('treats the same refund id twice as one refund, even once nothing is left', () => {
    const events = [...paidOrder(), refund('r1', 21800)];
    given(events).when(refundCommand('r1', 21800)).thenEvents([]);
    given([...paidOrder(), refund('r1', 100)])
      .when(refundCommand('r1', 100))
      .thenEvents([]);
  });

  it('refuses an amount of 0 or less, or not whole cents', () => {
    for (const amountCents of [0, -100, 10.5, Number.NaN]) {
      given(paidOrder())
        .when(refundCommand('r1', amountCents))
        .thenError({ code: 'INVALID', message: 'Refund amount must be a whole number of cents above 0' });
    }
  });

  it('refunds nothing of an unpaid order, nor the partner payment', () => {
    given(booked([person('p1')]))
      .when(refundCommand('r1', 1))
      .thenError({ code: 'REFUND_EXCEEDS_PAID' });
    // the partner paid 100.00 at booking and 50.00 later; the customer paid the rest by card
    const events = [
      ...booked([person('p1')], { partner }),
      payment('partner:t1', 5000, 'partner'),
      payment('tx1', 6800, 'test card (Visa ending 1111)'),
    ];
    const state = stateOf(events);
    expect(state).toMatchObject({ paidCents: 11800, cardPaidCents: 6800 });
    expect(refundableCents(state)).toBe(6800);
    expect(defaultRefundCents(state)).toBe(6800);
    given(events).when(refundCommand('r1', 6801)).thenError({ code: 'REFUND_EXCEEDS_PAID' });
    given([]).when(refundCommand('r1', 1)).thenError({ code: 'NOT_FOUND' });
  });

  it('refunds a cancelled order too', () => {
    given([...paidOrder(), { type: 'RegistrationCancelled', data: { from: 'paid', source: 'admin', at } }])
      .when(refundCommand('r1', 21800))
      .thenEvents([
        {
          type: 'RefundRecorded',
          data: {
            refundId: 'r1',
            amountCents: 21800,
            kind: 'refund',
            gatewayTransactionId: 'gw-r1',
            reason: 'Customer asked',
            refundedCents: 21800,
            gateway: 'card',
            at: later,
          },
        },
      ]);
  });

  it('defaults to everything card-paid and not yet refunded', () => {
    expect(defaultRefundCents(stateOf(paidOrder()))).toBe(21800);
    expect(defaultRefundCents(stateOf([...paidOrder(), refund('r1', 800)]))).toBe(21000);
    expect(defaultRefundCents(stateOf(booked([person('p1')])))).toBe(0);
  });

  it('knows which payment methods went through our gateway', () => {
    expect(isGatewayPaymentMethod('card')).toBe(true);
    expect(isGatewayPaymentMethod('card (Visa ending 1111)')).toBe(true);
    expect(isGatewayPaymentMethod('test card')).toBe(true);
    expect(isGatewayPaymentMethod('test card (Mastercard ending 4444)')).toBe(true);
    expect(isGatewayPaymentMethod('partner')).toBe(false);
    expect(isGatewayPaymentMethod('prepaid')).toBe(false);
    expect(isGatewayPaymentMethod('cardboard')).toBe(false);
  });
});

describe('the refund a public cancel gives', () => {
  const appointment = new Date('2026-01-10T02:00:00.000Z');
  const hoursBefore = (h: number) => new Date(appointment.getTime() - h * 3_600_000);
  const paid = (cents: number, method = 'card') =>
    stateOf([...booked([person('p1')]), payment('tx1', cents, method)]);

  it('refunds everything card-paid automatically at least the cutoff before, exactly at it included', () => {
    expect(cancellationRefund(paid(21800), appointment, hoursBefore(48), 24)).toEqual({
      kind: 'automatic',
      amountCents: 21800,
    });
    expect(cancellationRefund(paid(21800), appointment, hoursBefore(24), 24)).toEqual({
      kind: 'automatic',
      amountCents: 21800,
    });
  });

  it('asks staff to review later than that, even after the appointment', () => {
    const review = {
      kind: 'review',
      reason: 'Cancelled less than 24 hours before the appointment; a refund needs staff review.',
    };
    const aMillisecondLate = new Date(hoursBefore(24).getTime() + 1);
    expect(cancellationRefund(paid(21800), appointment, aMillisecondLate, 24)).toEqual(review);
    expect(cancellationRefund(paid(21800), appointment, hoursBefore(1), 24)).toEqual(review);
    expect(cancellationRefund(paid(21800), appointment, hoursBefore(-2), 24)).toEqual(review);
    expect(cancellationRefund(paid(21800), appointment, hoursBefore(5), 6)).toEqual({
      kind: 'review',
      reason: 'Cancelled less than 6 hours before the appointment; a refund needs staff review.',
    });
  });

  it('refunds nothing when nothing card-paid is left: unpaid, zero balance, partner-paid, already refunded', () => {
    const early = hoursBefore(48);
    const late = hoursBefore(1);
    for (const now of [early, late]) {
      expect(cancellationRefund(stateOf(booked([person('p1')])), appointment, now, 24)).toEqual({
        kind: 'none',
      });
      const free = stateOf(
        booked([person('p1')], { discount: { ...tenPercent, rule: { type: 'percentage', percent: 100 } } }),
      );
      expect(cancellationRefund(free, appointment, now, 24)).toEqual({ kind: 'none' });
      const partnerPaid = stateOf(booked([person('p1')], { partner: { ...partner, paidCents: 21800 } }));
      expect(cancellationRefund(partnerPaid, appointment, now, 24)).toEqual({ kind: 'none' });
      expect(cancellationRefund(paid(5000, 'partner'), appointment, now, 24)).toEqual({ kind: 'none' });
      const refunded = stateOf([...booked([person('p1')]), payment('tx1', 21800), refund('r1', 21800)]);
      expect(cancellationRefund(refunded, appointment, now, 24)).toEqual({ kind: 'none' });
    }
  });

  it('refunds only the card part of a partly partner-paid order, and what is left after earlier refunds', () => {
    const state = stateOf([...booked([person('p1')], { partner }), payment('tx1', 11800)]);
    expect(cancellationRefund(state, appointment, hoursBefore(48), 24)).toEqual({
      kind: 'automatic',
      amountCents: 11800,
    });
    const partly = stateOf([...booked([person('p1')]), payment('tx1', 21800), refund('r1', 1800)]);
    expect(cancellationRefund(partly, appointment, hoursBefore(48), 24)).toEqual({
      kind: 'automatic',
      amountCents: 20000,
    });
  });

  it('records the staff review on the cancellation when asked, and only then', () => {
    const events = [...booked([person('p1')]), payment('tx1', 21800)];
    const flagged = given(events)
      .when({ type: 'CancelRegistration', at: later, needsRefundReview: true })
      .thenEvents([
        {
          type: 'RegistrationCancelled',
          data: { from: 'pending_payment', source: 'public', at: later, needsRefundReview: true },
        },
      ]);
    expect(flagged.needsRefundReview).toBe(true);
    const plain = given(events)
      .when({ type: 'CancelRegistration', at: later, needsRefundReview: false })
      .thenEvents([
        { type: 'RegistrationCancelled', data: { from: 'pending_payment', source: 'public', at: later } },
      ]);
    expect(plain.needsRefundReview).toBe(false);
  });
});

describe('a charge voided because the order expired as it was paid', () => {
  const voidCommand = (transactionId: string, amountCents = 41420) =>
    ({
      type: 'RecordPaymentVoided',
      transactionId,
      amountCents,
      reason: 'The order expired as it was paid',
      at: later,
    }) as const;

  it('records the void and never counts it as paid', () => {
    const state = given(expiredBooking())
      .when(voidCommand('tx-late'))
      .thenEvents([
        {
          type: 'PaymentVoided',
          data: {
            transactionId: 'tx-late',
            amountCents: 41420,
            reason: 'The order expired as it was paid',
            at: later,
          },
        },
      ]);
    expect(state).toMatchObject({ status: 'expired', paidCents: 0, cardPaidCents: 0, refundedCents: 0 });
    expect(state.voidedCharges).toEqual([{ transactionId: 'tx-late', amountCents: 41420, at: later }]);
    expect(refundableCents(state)).toBe(0);
  });

  it('voids a charge once, and never records the voided charge as a payment afterwards', () => {
    const voided: RegistrationEvent = {
      type: 'PaymentVoided',
      data: { transactionId: 'tx-late', amountCents: 41420, reason: 'x', at: later },
    };
    const events = [...expiredBooking(), voided];
    given(events).when(voidCommand('tx-late')).thenEvents([]);
    const revived = [
      ...events,
      { type: 'RegistrationRevived', data: { holdUntil, seats: 2, at: later } } as const,
    ];
    given(revived)
      .when({
        type: 'RecordPayment',
        transactionId: 'tx-late',
        amountCents: 41420,
        method: 'card',
        at: later,
      })
      .thenError({ code: 'STATUS_NOT_ALLOWED', message: 'This payment was voided; it cannot be recorded' });
  });

  it('refuses to void a recorded payment (that is a refund), a bad amount, or an unknown order', () => {
    given([...heldBooking(), payment('tx1', 100)])
      .when(voidCommand('tx1', 100))
      .thenError({
        code: 'STATUS_NOT_ALLOWED',
        message: 'This payment was recorded; refund it instead of voiding it',
      });
    for (const amountCents of [0, -1, 0.5]) {
      given(expiredBooking())
        .when(voidCommand('tx-late', amountCents))
        .thenError({ code: 'INVALID', message: 'Voided amount must be a whole number of cents above 0' });
    }
    given([]).when(voidCommand('tx')).thenError({ code: 'NOT_FOUND' });
  });
});

describe('the new events', () => {
  it('are plain JSON and fold with the rest', () => {
    const history: RegistrationEvent[] = [
      ...expiredBooking(),
      {
        type: 'PaymentVoided',
        data: { transactionId: 'tx-late', amountCents: 41420, reason: 'x', at: later },
      },
      { type: 'RegistrationRevived', data: { holdUntil, seats: 2, at: later } },
      payment('tx2', 41420),
      { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'payment', at: later } },
      refund('r1', 41420),
      {
        type: 'RegistrationCancelled',
        data: { from: 'paid', source: 'public', at: later, needsRefundReview: true },
      },
    ];
    expect(JSON.parse(JSON.stringify(history))).toEqual(history);
    expect(stateOf(history)).toMatchObject({
      status: 'cancelled',
      paidCents: 41420,
      cardPaidCents: 41420,
      refundedCents: 41420,
      needsRefundReview: true,
      expiredAt: null,
    });
    // decide answers the same for the booking of a held order twice
    const r = decideRegistration(stateOf(heldBooking()), book([person('p1')], { holdSeconds: HOLD }));
    expect(isDomainError(r) && r.code).toBe('ALREADY_EXISTS');
  });
});
