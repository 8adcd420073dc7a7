import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_STATUSES,
  adminStatusTransition,
  initialRegistrationStatus,
  isCancelledStatus,
  isPaidStatus,
  isReleasedStatus,
  matchesAdminStatusFilter,
  needsCardPayment,
  parseRegistrationStatus,
  paymentTransition,
  paymentView,
  publicCancelTransition,
  shouldOpenPaymentPanel,
  toAdminStatus,
  toPublicStatus,
} from '../src';

describe('registration status', () => {
  it('reads both spellings into one internal enum', () => {
    expect(parseRegistrationStatus('canceled')).toBe('cancelled');
    expect(parseRegistrationStatus('cancelled')).toBe('cancelled');
    expect(parseRegistrationStatus(' Pending_Payment ')).toBe('pending_payment');
    expect(parseRegistrationStatus('refunded')).toBeNull();
    expect(parseRegistrationStatus(3)).toBeNull();
    expect(toAdminStatus('cancelled')).toBe('canceled');
    expect(toAdminStatus('paid')).toBe('paid');
    expect(toPublicStatus('cancelled')).toBe('cancelled');
    expect(isCancelledStatus('cancelled')).toBe(true);
  });

  it('counts paid and completed as paid', () => {
    expect(REGISTRATION_STATUSES.filter(isPaidStatus)).toEqual(['paid', 'completed']);
  });

  it('lets an admin set confirmed or canceled from any other status (but confirm an expired one)', () => {
    for (const from of REGISTRATION_STATUSES) {
      if (from !== 'confirmed' && from !== 'expired')
        expect(adminStatusTransition(from, 'confirmed')).toEqual({ ok: true, to: 'confirmed' });
      if (from !== 'cancelled')
        expect(adminStatusTransition(from, 'canceled')).toEqual({ ok: true, to: 'cancelled' });
    }
    expect(adminStatusTransition('confirmed', 'confirmed')).toEqual({
      ok: false,
      message: 'Registration is already confirmed',
    });
    expect(adminStatusTransition('cancelled', 'canceled')).toEqual({
      ok: false,
      message: 'Registration is already canceled',
    });
    expect(adminStatusTransition('confirmed', 'paid')).toEqual({
      ok: false,
      message: 'Status can only be set to confirmed or canceled',
    });
  });

  it('refuses to confirm an expired order (it holds no seats) but cancels it', () => {
    expect(adminStatusTransition('expired', 'confirmed')).toEqual({
      ok: false,
      message:
        'This reservation has expired and holds no seats; it cannot be confirmed. Ask the customer to book again.',
    });
    expect(adminStatusTransition('expired', 'canceled')).toEqual({ ok: true, to: 'cancelled' });
    expect(adminStatusTransition('expired', 'expired')).toEqual({
      ok: false,
      message: 'Status can only be set to confirmed or canceled',
    });
    expect(publicCancelTransition('expired')).toEqual({ ok: true, to: 'cancelled' });
    expect(paymentTransition('expired').ok).toBe(false);
  });

  it('knows expired: parsed, spelled the same on both edges, neither paid nor cancelled, holds nothing', () => {
    expect(REGISTRATION_STATUSES).toContain('expired');
    expect(parseRegistrationStatus(' Expired ')).toBe('expired');
    expect(toAdminStatus('expired')).toBe('expired');
    expect(toPublicStatus('expired')).toBe('expired');
    expect(isPaidStatus('expired')).toBe(false);
    expect(isCancelledStatus('expired')).toBe(false);
    expect(REGISTRATION_STATUSES.filter(isReleasedStatus)).toEqual(['cancelled', 'expired']);
  });

  it('cancels publicly once', () => {
    expect(publicCancelTransition('confirmed')).toEqual({ ok: true, to: 'cancelled' });
    expect(publicCancelTransition('pending_payment')).toEqual({ ok: true, to: 'cancelled' });
    expect(publicCancelTransition('cancelled')).toEqual({
      ok: false,
      message: 'This appointment has already been cancelled.',
    });
  });

  it('moves pending_payment to paid on payment', () => {
    expect(paymentTransition('pending_payment')).toEqual({ ok: true, to: 'paid' });
    expect(paymentTransition('paid').ok).toBe(false);
  });

  it('starts a booking in the right status', () => {
    expect(initialRegistrationStatus(10900)).toBe('pending_payment');
    expect(initialRegistrationStatus(0, 10900)).toBe('paid');
    expect(initialRegistrationStatus(0)).toBe('confirmed');
  });

  it('filters the admin orders list', () => {
    expect(matchesAdminStatusFilter('pending_payment', 'pending')).toBe(false);
    expect(matchesAdminStatusFilter('pending_payment', 'pending_payment')).toBe(true);
    expect(matchesAdminStatusFilter('pending', 'pending_payment')).toBe(false);
    expect(matchesAdminStatusFilter('pending', 'pending')).toBe(true);
    expect(matchesAdminStatusFilter('cancelled', 'canceled')).toBe(true);
    expect(matchesAdminStatusFilter('paid', 'confirmed')).toBe(false);
    expect(matchesAdminStatusFilter('confirmed', 'confirmed')).toBe(true);
    expect(matchesAdminStatusFilter('paid', 'all')).toBe(true);
    expect(matchesAdminStatusFilter('completed', 'confirmed')).toBe(false);
    expect(matchesAdminStatusFilter('paid', 'paid')).toBe(true);
    expect(matchesAdminStatusFilter('completed', 'paid')).toBe(true);
    expect(matchesAdminStatusFilter('confirmed', 'paid')).toBe(false);
    expect(matchesAdminStatusFilter('expired', 'expired')).toBe(true);
    expect(matchesAdminStatusFilter('expired', 'all')).toBe(true);
    for (const filter of ['confirmed', 'pending', 'paid', 'canceled'] as const) {
      expect(matchesAdminStatusFilter('expired', filter), filter).toBe(false);
    }
    for (const status of REGISTRATION_STATUSES.filter((s) => s !== 'expired')) {
      expect(matchesAdminStatusFilter(status, 'expired'), status).toBe(false);
    }
  });

  it('shows Payment Pending only with a balance on an unpaid booking', () => {
    expect(paymentView('pending_payment', 5000)).toEqual({
      title: 'Payment Pending',
      statusLabel: 'Payment Pending',
      canPay: true,
      canConfirmZeroBalance: false,
    });
    expect(paymentView('confirmed', 5000).statusLabel).toBe('Payment Pending');
    expect(paymentView('paid', 5000)).toMatchObject({
      title: 'Booking Confirmed',
      statusLabel: 'Paid',
      canPay: false,
    });
    expect(paymentView('pending_payment', 0)).toMatchObject({ canConfirmZeroBalance: true, canPay: false });
    // a payment can still revive an expired order whose seats are free
    expect(paymentView('expired', 5000)).toMatchObject({ canPay: true, canConfirmZeroBalance: false });
  });

  it('opens the payment panel by rule', () => {
    expect(shouldOpenPaymentPanel({ showPayment: true, status: 'paid', balanceDueCents: 0 })).toBe(true);
    expect(shouldOpenPaymentPanel({ status: 'pending_payment', balanceDueCents: 1 })).toBe(true);
    expect(shouldOpenPaymentPanel({ status: 'completed', balanceDueCents: 100 })).toBe(false);
    expect(shouldOpenPaymentPanel({ status: 'pending_payment', balanceDueCents: 0 })).toBe(false);
    expect(needsCardPayment(0)).toBe(false);
    expect(needsCardPayment(-5)).toBe(false);
    expect(needsCardPayment(1)).toBe(true);
  });
});
