/**
 * settledInLog (issue 47): for each queue, the reconciler enqueues a job Redis lost only while the
 * order's stream has neither its done fact nor its final failure, and the job would still act.
 */
import { registrationDecider } from '@hs/domain';
import { type RecordedEvent, foldStream } from '@hs/eventstore';
import { describe, expect, it } from 'vitest';
import { settledInLog } from '../src/reconciler-facts';
import type { RegistrationRead } from '../src/registration';

const at = '2026-12-01T01:00:00.000Z';
const sent = { to: 'mei@example.sg', messageId: '<m@x>', at };

/**
 * A stream of `[eventId, type, data, causationId?]`, folded as the worker folds it (a worker's fact
 * carries its job's cause event as causationId).
 */
function stream(...events: Array<[string, string, object, string?]>): RegistrationRead {
  const recorded = events.map(
    ([eventId, type, data, causationId], i) =>
      ({
        eventId,
        type,
        data,
        version: i + 1,
        streamId: 'registration-1',
        metadata: { eventId, correlationId: eventId, causationId: causationId ?? eventId, actor: 'worker:x' },
      }) as unknown as RecordedEvent,
  );
  return { state: foldStream(recorded, registrationDecider), events: recorded };
}

const booked = (status: string, partner: object | null = null): [string, string, object] => [
  'e-booked',
  'RegistrationBooked',
  {
    registrationId: '1',
    referenceNumber: 'HSB-1',
    status,
    eventId: 1,
    timeslotId: 1,
    contact: {},
    participants: [],
    discount: null,
    partner,
    pricing: { totalCents: 0 },
  },
];
const partner = { bookingCode: '100000000001', paidCents: 13_952, isPaid: true };

describe('settledInLog: what the log says of a job Redis lost', () => {
  it('confirmation: owed until ConfirmationEmailSent, or its failure for good, or the order cancelled', () => {
    const cause = { causeEventId: 'e-booked' };
    expect(settledInLog('confirmation-email', cause, stream(booked('confirmed')))).toBe(false);
    expect(
      settledInLog(
        'confirmation-email',
        cause,
        stream(booked('confirmed'), ['f', 'ConfirmationEmailSent', sent]),
      ),
    ).toBe(true);
    const failed = [
      'f',
      'EmailDeliveryFailed',
      { emailType: 'confirmation', reason: '550', to: 'x', at },
      'e-booked',
    ];
    expect(
      settledInLog(
        'confirmation-email',
        cause,
        stream(booked('confirmed'), failed as [string, string, object, string]),
      ),
    ).toBe(true);
    expect(
      settledInLog(
        'confirmation-email',
        cause,
        stream(booked('confirmed'), ['c', 'RegistrationCancelled', { at }]),
      ),
    ).toBe(true);
  });

  it('receipt: per payment (its transaction id); another email type failing settles nothing', () => {
    const paid = stream(
      booked('pending_payment'),
      ['p1', 'PaymentRecorded', { transactionId: 'T1', amountCents: 100, method: 'card', at }],
      ['r1', 'ReceiptEmailSent', { ...sent, transactionId: 'T1' }],
      ['p2', 'PaymentRecorded', { transactionId: 'T2', amountCents: 100, method: 'card', at }],
      ['x', 'EmailDeliveryFailed', { emailType: 'cancellation', reason: '550', to: 'x', at }],
    );
    expect(settledInLog('receipt-email', { causeEventId: 'p1', transactionId: 'T1' }, paid)).toBe(true);
    expect(settledInLog('receipt-email', { causeEventId: 'p2', transactionId: 'T2' }, paid)).toBe(false);
  });

  it('expiry, refund and rescheduled: per expiry, refund and move', () => {
    const expired = stream(booked('pending_payment'), [
      'x1',
      'RegistrationExpired',
      { holdUntil: at, seats: 1, reason: 'hold', at },
    ]);
    expect(settledInLog('expiry-email', { causeEventId: 'x1' }, expired)).toBe(false);
    const mailed = stream(
      booked('pending_payment'),
      ['x1', 'RegistrationExpired', { holdUntil: at, seats: 1, reason: 'hold', at }],
      ['m', 'ExpiryEmailSent', { ...sent, expiredAt: at }],
    );
    expect(settledInLog('expiry-email', { causeEventId: 'x1' }, mailed)).toBe(true);

    const refund = { refundId: 'R1', amountCents: 100, kind: 'refund', gatewayTransactionId: 'G', at };
    const refunded = stream(booked('paid'), ['rf', 'RefundRecorded', refund]);
    expect(settledInLog('refund-email', { causeEventId: 'rf', refundId: 'R1' }, refunded)).toBe(false);
    const noted = stream(
      booked('paid'),
      ['rf', 'RefundRecorded', refund],
      ['n', 'RefundEmailSent', { ...sent, refundId: 'R1', creditNoteNumber: 'CN-1' }],
    );
    expect(settledInLog('refund-email', { causeEventId: 'rf', refundId: 'R1' }, noted)).toBe(true);

    const move = (id: string, sequence: number): [string, string, object] => [
      id,
      'RegistrationRescheduled',
      { toTimeslotId: 2, sequence, fromDate: '2026-12-01', fromTime: '09:00', at },
    ];
    const moved = stream(booked('paid'), move('mv1', 1));
    expect(settledInLog('rescheduled-email', { causeEventId: 'mv1' }, moved)).toBe(false);
    // moved again: the first move's email would be stale, the second one's is owed
    const twice = stream(booked('paid'), move('mv1', 1), move('mv2', 2));
    expect(settledInLog('rescheduled-email', { causeEventId: 'mv1' }, twice)).toBe(true);
    expect(settledInLog('rescheduled-email', { causeEventId: 'mv2' }, twice)).toBe(false);
  });

  it('partner confirmation and cancellation: PartnerConfirmed (or failed for good), PartnerCancellationNotified per cancellation', () => {
    const cause = { causeEventId: 'e-booked' };
    expect(settledInLog('partner-confirmation', cause, stream(booked('paid', partner)))).toBe(false);
    const confirmed = stream(booked('paid', partner), [
      'pc',
      'PartnerConfirmed',
      { bookingCode: partner.bookingCode, at },
    ]);
    expect(settledInLog('partner-confirmation', cause, confirmed)).toBe(true);
    const refused = stream(booked('paid', partner), [
      'pf',
      'PartnerConfirmationFailed',
      { bookingCode: partner.bookingCode, reason: '409', attempt: 1, at },
      'e-booked',
    ]);
    expect(settledInLog('partner-confirmation', cause, refused)).toBe(true);

    const cancelled = stream(booked('paid', partner), ['c1', 'RegistrationCancelled', { at }]);
    expect(settledInLog('partner-cancellation', { causeEventId: 'c1' }, cancelled)).toBe(false);
    const notified = stream(
      booked('paid', partner),
      ['c1', 'RegistrationCancelled', { at }],
      ['n1', 'PartnerCancellationNotified', { bookingCode: partner.bookingCode, causeEventId: 'c1', at }],
    );
    expect(settledInLog('partner-cancellation', { causeEventId: 'c1' }, notified)).toBe(true);
    // not a partner booking: the job would skip
    expect(
      settledInLog(
        'partner-cancellation',
        { causeEventId: 'c1' },
        stream(booked('paid'), ['c1', 'RegistrationCancelled', { at }]),
      ),
    ).toBe(true);
  });

  it('an order erased or unknown owes nothing', () => {
    expect(settledInLog('confirmation-email', { causeEventId: 'e' }, stream())).toBe(true);
    const erased = stream(booked('confirmed'), [
      'pe',
      'PersonalDataErased',
      { at, by: 'admin', reason: 'request' },
    ]);
    expect(settledInLog('confirmation-email', { causeEventId: 'e-booked' }, erased)).toBe(true);
  });

  it("one job's failure never settles another's: a failed receipt of payment A owes B's receipt, an earlier partner confirmation's failure owes a later one", () => {
    const payment = (id: string, txn: string): [string, string, object] => [
      id,
      'PaymentRecorded',
      { transactionId: txn, amountCents: 100, method: 'card', at },
    ];
    const failedReceipt = (cause: string): [string, string, object, string] => [
      `f-${cause}`,
      'EmailDeliveryFailed',
      { emailType: 'receipt', reason: '550', to: 'x', at },
      cause,
    ];
    // A's receipt failed for good before B was paid, and after it: B's is still owed either way
    const before = stream(
      booked('pending_payment'),
      payment('p1', 'T1'),
      failedReceipt('p1'),
      payment('p2', 'T2'),
    );
    const after = stream(
      booked('pending_payment'),
      payment('p1', 'T1'),
      payment('p2', 'T2'),
      failedReceipt('p1'),
    );
    for (const read of [before, after]) {
      expect(settledInLog('receipt-email', { causeEventId: 'p1', transactionId: 'T1' }, read)).toBe(true);
      expect(settledInLog('receipt-email', { causeEventId: 'p2', transactionId: 'T2' }, read)).toBe(false);
    }

    const paidLater: [string, string, object] = [
      's2',
      'StatusChanged',
      { from: 'pending_payment', to: 'paid', source: 'payment', at },
    ];
    const earlierFailure = stream(
      booked('pending_payment', partner),
      [
        'pf',
        'PartnerConfirmationFailed',
        { bookingCode: partner.bookingCode, reason: '503', attempt: 8, at },
        'e-booked',
      ],
      paidLater,
    );
    expect(settledInLog('partner-confirmation', { causeEventId: 'e-booked' }, earlierFailure)).toBe(true);
    expect(settledInLog('partner-confirmation', { causeEventId: 's2' }, earlierFailure)).toBe(false);
  });
});
