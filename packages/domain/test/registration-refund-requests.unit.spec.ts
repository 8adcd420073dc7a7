/**
 * A refund through the gateway in two steps (issue 21): RequestRefund reserves the amount, then the
 * gateway's answer records it (RecordRefund) or releases it (RecordRefundFailed).
 */
import { describe, expect, it } from 'vitest';
import {
  type RegistrationEvent,
  type RegistrationState,
  availableRefundCents,
  refundOutcome,
  refundSale,
  registrationDecider,
} from '../src';
import { fold, spec } from './given-when-then';
import { at, booked, person } from './registration-fixtures';

const given = spec(registrationDecider);
const later = '2026-01-05T02:00:00.000Z';

const payment = (transactionId: string, amountCents: number, method = 'card'): RegistrationEvent => ({
  type: 'PaymentRecorded',
  data: { transactionId, amountCents, method, balanceDueCents: 0, at },
});
const paidOrder = (): RegistrationEvent[] => [
  ...booked([person('p1')]),
  payment('tx1', 21800),
  { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'payment', at } },
];
const requested = (refundId: string, amountCents: number, transactionId = 'tx1'): RegistrationEvent => ({
  type: 'RefundRequested',
  data: { refundId, amountCents, transactionId, reason: 'Customer asked', at: later },
});
const recorded = (refundId: string, amountCents: number, refundedCents: number): RegistrationEvent => ({
  type: 'RefundRecorded',
  data: {
    refundId,
    amountCents,
    kind: 'refund',
    gatewayTransactionId: `gw-${refundId}`,
    reason: 'Customer asked',
    refundedCents,
    gateway: 'card',
    at: later,
  },
});
const request = (refundId: string, amountCents?: number) =>
  ({
    type: 'RequestRefund',
    refundId,
    ...(amountCents === undefined ? {} : { amountCents }),
    reason: 'Customer asked',
    at: later,
  }) as const;
const accept = (refundId: string, amountCents: number) =>
  ({
    type: 'RecordRefund',
    refundId,
    amountCents,
    kind: 'refund',
    gatewayTransactionId: `gw-${refundId}`,
    reason: 'Customer asked',
    at: later,
  }) as const;
const fail = (refundId: string, failure: 'refused' | 'unavailable' = 'unavailable') =>
  ({ type: 'RecordRefundFailed', refundId, failure, reason: 'Gateway down', at: later }) as const;
const stateOf = (events: RegistrationEvent[]): RegistrationState => fold(registrationDecider, events);

describe('requesting a refund', () => {
  it('reserves the amount on the card sale it comes from', () => {
    const state = given(paidOrder())
      .when(request('r1', 5000))
      .thenEvents([requested('r1', 5000)]);
    expect(state.pendingRefunds).toEqual([
      { refundId: 'r1', amountCents: 5000, transactionId: 'tx1', reason: 'Customer asked', at: later },
    ]);
    // reserved, not refunded: nothing is counted as given back yet
    expect(state.refundedCents).toBe(0);
    expect(availableRefundCents(state)).toBe(16800);
    expect(refundOutcome(state, 'r1')).toMatchObject({ status: 'pending' });
    expect(refundOutcome(state, 'other')).toBeNull();
  });

  it('defaults to everything card-paid that is neither refunded nor reserved', () => {
    given(paidOrder())
      .when(request('r1'))
      .thenEvents([requested('r1', 21800)]);
    given([...paidOrder(), requested('r1', 5000), recorded('r1', 5000, 5000), requested('r2', 800)])
      .when(request('r3'))
      .thenEvents([requested('r3', 16000)]);
  });

  it('is one request however often it is asked, whatever the amount the twin asks', () => {
    const events = [...paidOrder(), requested('r1', 5000)];
    given(events).when(request('r1', 5000)).thenEvents([]);
    given(events).when(request('r1')).thenEvents([]);
    given([...events, recorded('r1', 5000, 5000)])
      .when(request('r1', 5000))
      .thenEvents([]);
    given([...events, { type: 'RefundFailed', data: { ...failedData('r1', 5000) } }])
      .when(request('r1', 5000))
      .thenEvents([]);
  });

  it('never lets requests together exceed what was paid and not yet refunded', () => {
    const events = [...paidOrder(), requested('r1', 20000)];
    given(events).when(request('r2', 1801)).thenError({
      code: 'REFUND_EXCEEDS_PAID',
      message: 'The refund is more than what was paid and not yet refunded.',
    });
    given(events)
      .when(request('r2', 1800))
      .thenEvents([requested('r2', 1800)]);
  });

  it('says so when nothing is left to refund: unpaid, all refunded, or all reserved', () => {
    const nothing = {
      code: 'REFUND_EXCEEDS_PAID',
      message: 'Nothing paid by card on this order is left to refund.',
    } as const;
    given(booked([person('p1')]))
      .when(request('r1'))
      .thenError(nothing);
    given([...paidOrder(), requested('r1', 21800), recorded('r1', 21800, 21800)])
      .when(request('r2'))
      .thenError(nothing);
    given([...paidOrder(), requested('r1', 21800)])
      .when(request('r2', 1))
      .thenError(nothing);
    // the partner's payment is the partner's to refund
    given([...booked([person('p1')]), payment('partner:t1', 5000, 'partner')])
      .when(request('r1'))
      .thenError(nothing);
  });

  it('refuses a bad amount, and an unknown order', () => {
    for (const amountCents of [0, -1, 10.5]) {
      given(paidOrder())
        .when(request('r1', amountCents))
        .thenError({ code: 'INVALID', message: 'Refund amount must be a whole number of cents above 0' });
    }
    given([]).when(request('r1', 1)).thenError({ code: 'NOT_FOUND' });
  });

  it('takes it from the latest card sale with enough left, and never across sales', () => {
    const twoSales = [...booked([person('p1')]), payment('tx1', 10000), payment('tx2', 11800)];
    expect(refundSale(stateOf(twoSales), 11800)).toBe('tx2');
    expect(refundSale(stateOf(twoSales), 11801)).toBeNull();
    given(twoSales)
      .when(request('r1', 11000))
      .thenEvents([requested('r1', 11000, 'tx2')]);
    // tx2 has only 800 left after r1, so the next 5000 come from tx1
    given([...twoSales, requested('r1', 11000, 'tx2')])
      .when(request('r2', 5000))
      .thenEvents([requested('r2', 5000, 'tx1')]);
    given([...twoSales, requested('r1', 11000, 'tx2'), recorded('r1', 11000, 11000)])
      .when(request('r2', 1000))
      .thenEvents([requested('r2', 1000, 'tx1')]);
    given(twoSales).when(request('r1')).thenError({
      code: 'REFUND_EXCEEDS_PAID',
      message:
        'The refund is more than any single card payment of this order has left; refund each payment separately.',
    });
  });
});

const failedData = (refundId: string, amountCents: number) => ({
  refundId,
  amountCents,
  transactionId: 'tx1',
  failure: 'unavailable' as const,
  reason: 'Gateway down',
  at: later,
});

describe("the gateway's answer", () => {
  it('an accepted refund closes its request and names the sale it gave back', () => {
    const state = given([...paidOrder(), requested('r1', 21800)])
      .when(accept('r1', 21800))
      .thenEvents([recorded('r1', 21800, 21800)]);
    expect(state.pendingRefunds).toEqual([]);
    expect(state.refunds).toEqual([
      {
        refundId: 'r1',
        amountCents: 21800,
        kind: 'refund',
        gatewayTransactionId: 'gw-r1',
        transactionId: 'tx1',
        at: later,
      },
    ]);
    expect(refundOutcome(state, 'r1')).toEqual({ status: 'succeeded', refund: state.refunds[0] });
  });

  it('a refund recorded without a request may not take what other requests reserved', () => {
    given([...paidOrder(), requested('r1', 20000)])
      .when(accept('r2', 1801))
      .thenError({ code: 'REFUND_EXCEEDS_PAID' });
  });

  it('a failure releases the reservation and records nothing as refunded', () => {
    const state = given([...paidOrder(), requested('r1', 21800)])
      .when(fail('r1'))
      .thenEvents([{ type: 'RefundFailed', data: failedData('r1', 21800) }]);
    expect(state).toMatchObject({ refundedCents: 0, refunds: [], pendingRefunds: [] });
    expect(availableRefundCents(state)).toBe(21800);
    expect(refundOutcome(state, 'r1')).toEqual({
      status: 'failed',
      failure: {
        refundId: 'r1',
        amountCents: 21800,
        failure: 'unavailable',
        reason: 'Gateway down',
        at: later,
      },
    });
    // the money can be asked for again under another id
    given([...paidOrder(), requested('r1', 21800), { type: 'RefundFailed', data: failedData('r1', 21800) }])
      .when(request('r2'))
      .thenEvents([requested('r2', 21800)]);
  });

  it('records a refusal with the gateway reason', () => {
    given([...paidOrder(), requested('r1', 100)])
      .when({ ...fail('r1', 'refused'), reason: 'Not settled yet' })
      .thenEvents([
        {
          type: 'RefundFailed',
          data: { ...failedData('r1', 100), failure: 'refused', reason: 'Not settled yet' },
        },
      ]);
  });

  it('a failure of an answered refund changes nothing; of one never requested, or an unknown order, is refused', () => {
    const failedEvent: RegistrationEvent = { type: 'RefundFailed', data: failedData('r1', 21800) };
    given([...paidOrder(), requested('r1', 21800), failedEvent])
      .when(fail('r1'))
      .thenEvents([]);
    given([...paidOrder(), requested('r1', 21800), recorded('r1', 21800, 21800)])
      .when(fail('r1'))
      .thenEvents([]);
    given(paidOrder())
      .when(fail('r1'))
      .thenError({ code: 'NOT_FOUND', message: 'No such refund was requested' });
    given([]).when(fail('r1')).thenError({ code: 'NOT_FOUND' });
  });

  it('the new events are plain JSON', () => {
    const history = [
      ...paidOrder(),
      requested('r1', 100),
      { type: 'RefundFailed', data: failedData('r1', 100) } as RegistrationEvent,
    ];
    expect(JSON.parse(JSON.stringify(history))).toEqual(history);
  });
});
