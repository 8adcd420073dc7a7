import { describe, expect, it } from 'vitest';
import { REACTION_DATA_FIELDS, REACTOR_EVENT_TYPES, reactionsTo } from '../src/reactor';

describe('reactions', () => {
  const base = { eventId: '0190-e', streamId: 'registration-42' };
  const ctx = { partner: false };
  const booked = (status: string, partner: object | null = null) => ({
    ...base,
    type: 'RegistrationBooked',
    data: { status, partner, timeslotId: 7 },
  });

  it('confirms bookings that are confirmed or paid; reminders are not reactions (the sweeper plans them)', () => {
    expect(reactionsTo(booked('pending_payment'), ctx)).toEqual([]);
    expect(reactionsTo(booked('confirmed'), ctx).map((r) => r.queue)).toEqual(['confirmation-email']);
  });
  it('confirms partner bookings to the partner when paid or confirmed', () => {
    const partner = { bookingCode: 'WC1', paidCents: 100, isPaid: true };
    expect(reactionsTo(booked('paid', partner), ctx).map((r) => r.queue)).toEqual([
      'confirmation-email',
      'partner-confirmation',
    ]);
    const paid = { ...base, type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid' } };
    expect(reactionsTo(paid, { ...ctx, partner: true }).map((r) => r.queue)).toEqual([
      'confirmation-email',
      'partner-confirmation',
    ]);
    expect(reactionsTo(paid, ctx).map((r) => r.queue)).toEqual(['confirmation-email']);
  });
  it('sends a receipt per payment and a cancellation email', () => {
    const payment = { ...base, type: 'PaymentRecorded', data: { transactionId: 'T1' } };
    expect(reactionsTo(payment, ctx)).toEqual([
      { queue: 'receipt-email', data: { registrationId: 42, causeEventId: '0190-e', transactionId: 'T1' } },
    ]);
    const cancelled = { ...base, type: 'RegistrationCancelled', data: {} };
    expect(reactionsTo(cancelled, ctx).map((r) => r.queue)).toEqual(['cancellation-email']);
  });
  it('sends the partner a cancellation notice when a partner booking is cancelled', () => {
    const cancelled = { ...base, type: 'RegistrationCancelled', data: {} };
    expect(reactionsTo(cancelled, { ...ctx, partner: true })).toEqual([
      { queue: 'cancellation-email', data: { registrationId: 42, causeEventId: '0190-e' } },
      { queue: 'partner-cancellation', data: { registrationId: 42, causeEventId: '0190-e' } },
    ]);
  });
  it('sends an expiry email per expiry and a refund email per refund', () => {
    const expired = { ...base, type: 'RegistrationExpired', data: { seats: 1 } };
    expect(reactionsTo(expired, ctx)).toEqual([
      { queue: 'expiry-email', data: { registrationId: 42, causeEventId: '0190-e' } },
    ]);
    const refund = { ...base, type: 'RefundRecorded', data: { refundId: 'R1', amountCents: 500 } };
    expect(reactionsTo(refund, ctx)).toEqual([
      { queue: 'refund-email', data: { registrationId: 42, causeEventId: '0190-e', refundId: 'R1' } },
    ]);
  });
  it("a reschedule sends the rescheduled email (the sweeper plans the new time's reminders)", () => {
    const moved = {
      ...base,
      type: 'RegistrationRescheduled',
      data: {
        fromTimeslotId: 7,
        toTimeslotId: 9,
        toDate: '2025-06-12',
        toTime: '07:30',
        seats: 1,
        sequence: 1,
        at: '',
      },
    };
    expect(reactionsTo(moved, ctx)).toEqual([
      { queue: 'rescheduled-email', data: { registrationId: 42, causeEventId: '0190-e' } },
    ]);
  });

  it('reads no field of an event outside REACTION_DATA_FIELDS (the reactor reads only those from the log)', () => {
    const read = new Set<string | symbol>();
    const watched = (data: object) =>
      new Proxy(data, {
        get(target, key) {
          read.add(key);
          return Reflect.get(target, key);
        },
      });
    const full = {
      status: 'paid',
      from: 'pending_payment',
      to: 'paid',
      partner: { bookingCode: 'WC1' },
      transactionId: 'T1',
      refundId: 'R1',
      amountCents: 500,
      participants: [],
      contact: { email: 'a@example.com' },
      seats: 1,
    };
    for (const type of REACTOR_EVENT_TYPES)
      for (const partner of [false, true]) reactionsTo({ ...base, type, data: watched(full) }, { partner });
    expect(read.size).toBeGreaterThan(0);
    expect(
      [...read].filter((k) => !(REACTION_DATA_FIELDS as readonly (string | symbol)[]).includes(k)),
    ).toEqual([]);
  });
});
