import { describe, expect, it } from 'vitest';
import { reactionsTo, reminderDelayMs } from '../src/reactor';

describe('reminder delay (Asia/Singapore)', () => {
  it('waits until 24 h before the appointment, on the Singapore wall clock', () => {
    // 7 June 2025 09:00 in Singapore is 01:00 UTC; the reminder is due 6 June 01:00 UTC.
    const now = new Date('2025-06-05T01:00:00Z');
    expect(reminderDelayMs('2025-06-07', '09:00', now)).toBe(24 * 3_600_000);
    // an appointment at 07:00 SGT on the 7th is still the 6th in UTC (23:00): the day is Singapore's
    expect(reminderDelayMs('2025-06-07', '07:00', now)).toBe(22 * 3_600_000);
  });
  it('is skipped when the appointment is already within 24 h, or past', () => {
    const now = new Date('2025-06-06T01:00:00Z');
    expect(reminderDelayMs('2025-06-07', '09:00', now)).toBeNull();
    expect(reminderDelayMs('2025-06-07', '08:59', now)).toBeNull();
    expect(reminderDelayMs('2025-06-01', '09:00', now)).toBeNull();
    expect(reminderDelayMs('2025-06-07', '09:01', now)).toBe(60_000);
  });
});

describe('reactions', () => {
  const base = { eventId: '0190-e', streamId: 'registration-42' };
  const ctx = { partner: false, slot: null, now: new Date('2025-06-01T00:00:00Z') };
  const booked = (status: string, partner: object | null = null) => ({
    ...base,
    type: 'RegistrationBooked',
    data: { status, partner, timeslotId: 7 },
  });

  it('confirms bookings that are confirmed or paid, reminds every booking with a slot ahead', () => {
    expect(reactionsTo(booked('pending_payment'), ctx)).toEqual([]);
    expect(reactionsTo(booked('confirmed'), ctx).map((r) => r.queue)).toEqual(['confirmation-email']);
    const withSlot = reactionsTo(booked('pending_payment'), {
      ...ctx,
      slot: { day: '2025-06-10', time: '10:00' },
    });
    expect(withSlot).toEqual([
      {
        queue: 'reminder-email',
        data: {
          registrationId: 42,
          causeEventId: '0190-e',
          timeslotId: 7,
          appointmentAt: '2025-06-10T02:00:00.000Z',
        },
        delayMs: Date.parse('2025-06-09T02:00:00Z') - ctx.now.getTime(),
      },
    ]);
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
  it('a reschedule sends the rescheduled email and plans the reminder of the new time', () => {
    const moved = (toDate: string, toTime: string) => ({
      ...base,
      type: 'RegistrationRescheduled',
      data: { fromTimeslotId: 7, toTimeslotId: 9, toDate, toTime, seats: 1, sequence: 1, at: '' },
    });
    expect(reactionsTo(moved('2025-06-12', '07:30'), ctx)).toEqual([
      { queue: 'rescheduled-email', data: { registrationId: 42, causeEventId: '0190-e' } },
      {
        queue: 'reminder-email',
        data: {
          registrationId: 42,
          causeEventId: '0190-e',
          timeslotId: 9,
          // 07:30 in Singapore on the 12th is 23:30 UTC on the 11th
          appointmentAt: '2025-06-11T23:30:00.000Z',
        },
        delayMs: Date.parse('2025-06-10T23:30:00Z') - ctx.now.getTime(),
      },
    ]);
    // moved to within 24 h: the email only, no reminder
    expect(reactionsTo(moved('2025-06-01', '18:00'), ctx)).toEqual([
      { queue: 'rescheduled-email', data: { registrationId: 42, causeEventId: '0190-e' } },
    ]);
  });
});
