/**
 * Registration status (spec section 4). One internal enum spelled 'cancelled'; the admin edge
 * (orders filter, PATCH body, CSV) spells it 'canceled', the public edge 'cancelled'. 'expired' is
 * an order whose payment hold ran out unpaid (issue 21): like a cancelled one it holds no seats and
 * no code redemption.
 */
import type { Cents } from './money';

export const REGISTRATION_STATUSES = [
  'confirmed',
  'pending',
  'pending_payment',
  'paid',
  'completed',
  'cancelled',
  'expired',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** The admin spelling of the same set. */
export type AdminRegistrationStatus = Exclude<RegistrationStatus, 'cancelled'> | 'canceled';

export const DEFAULT_REGISTRATION_STATUS: RegistrationStatus = 'confirmed';

/** Reads either spelling (and any case / surrounding spaces); null when not a status. */
export function parseRegistrationStatus(input: unknown): RegistrationStatus | null {
  if (typeof input !== 'string') return null;
  const s = input.trim().toLowerCase();
  if (s === 'canceled') return 'cancelled';
  return (REGISTRATION_STATUSES as readonly string[]).includes(s) ? (s as RegistrationStatus) : null;
}

/** Spelling for admin answers: 'cancelled' -> 'canceled'. */
export function toAdminStatus(status: RegistrationStatus): AdminRegistrationStatus {
  return status === 'cancelled' ? 'canceled' : status;
}

/** Spelling for public answers: always 'cancelled' (the internal one). */
export function toPublicStatus(status: RegistrationStatus): RegistrationStatus {
  return status;
}

/** Paid and completed count as paid. */
export function isPaidStatus(status: RegistrationStatus): boolean {
  return status === 'paid' || status === 'completed';
}

export function isCancelledStatus(status: RegistrationStatus): boolean {
  return status === 'cancelled';
}

/** An order in this status has given its seats and its discount code redemption back. */
export function isReleasedStatus(status: RegistrationStatus): boolean {
  return status === 'cancelled' || status === 'expired';
}

export type TransitionResult = { ok: true; to: RegistrationStatus } | { ok: false; message: string };

export const STATUS_MESSAGES = {
  adminTargetNotAllowed: 'Status can only be set to confirmed or canceled',
  unchanged: (status: RegistrationStatus) => `Registration is already ${toAdminStatus(status)}`,
  alreadyCancelled: 'This appointment has already been cancelled.',
  alreadyCancelledTitle: 'Appointment Already Cancelled',
  notPendingPayment: 'Only a registration awaiting payment can be marked as paid',
  expiredCannotBeConfirmed:
    'This reservation has expired and holds no seats; it cannot be confirmed. Ask the customer to book again.',
} as const;

/**
 * Admin PATCH: confirmed from any other status, canceled from any other status; nothing else. An
 * expired order cannot be confirmed: it holds no seats, and confirming it would put people on a slot
 * that may since have filled (a payment re-reserves them instead, or refuses when they are gone).
 */
export function adminStatusTransition(from: RegistrationStatus, requested: unknown): TransitionResult {
  const to = parseRegistrationStatus(requested);
  if (to !== 'confirmed' && to !== 'cancelled')
    return { ok: false, message: STATUS_MESSAGES.adminTargetNotAllowed };
  if (from === to) return { ok: false, message: STATUS_MESSAGES.unchanged(from) };
  if (from === 'expired' && to === 'confirmed')
    return { ok: false, message: STATUS_MESSAGES.expiredCannotBeConfirmed };
  return { ok: true, to };
}

/** Public cancel by reference: anything not yet cancelled becomes cancelled. */
export function publicCancelTransition(from: RegistrationStatus): TransitionResult {
  if (from === 'cancelled') return { ok: false, message: STATUS_MESSAGES.alreadyCancelled };
  return { ok: true, to: 'cancelled' };
}

/**
 * A payment (card, partner direct confirmation, or the automatic update when the partner payment
 * covers the balance) moves pending_payment to paid.
 */
export function paymentTransition(from: RegistrationStatus): TransitionResult {
  if (from !== 'pending_payment') return { ok: false, message: STATUS_MESSAGES.notPendingPayment };
  return { ok: true, to: 'paid' };
}

/**
 * Status a new booking starts in: payment due -> pending_payment; fully covered by the partner
 * payment -> paid; nothing to pay -> confirmed.
 */
export function initialRegistrationStatus(
  balanceDueCents: Cents,
  partnerPaidCents: Cents = 0,
): RegistrationStatus {
  if (balanceDueCents > 0) return 'pending_payment';
  return partnerPaidCents > 0 ? 'paid' : 'confirmed';
}

/**
 * The status filter of the admin orders tab: the statuses each value shows. Each value is exactly its
 * status (paid orders are not "confirmed" ones, orders awaiting payment not "pending" ones), but
 * 'paid' also covers completed (spec section 4: paid and completed count as paid).
 */
export const ADMIN_STATUS_FILTERS = {
  confirmed: ['confirmed'],
  pending: ['pending'],
  pending_payment: ['pending_payment'],
  paid: ['paid', 'completed'],
  canceled: ['cancelled'],
  expired: ['expired'],
} as const satisfies Record<string, readonly RegistrationStatus[]>;
export type AdminStatusFilter = 'all' | keyof typeof ADMIN_STATUS_FILTERS;
export function matchesAdminStatusFilter(status: RegistrationStatus, filter: AdminStatusFilter): boolean {
  if (filter === 'all') return true;
  return (ADMIN_STATUS_FILTERS[filter] as readonly RegistrationStatus[]).includes(status);
}

export interface PaymentView {
  /** Title of the confirmation card. */
  title: 'Payment Pending' | 'Booking Confirmed';
  /** Status line on the card. */
  statusLabel: 'Paid' | 'Payment Pending';
  /** Pay Now is offered. */
  canPay: boolean;
  /** Confirm Booking is offered (zero balance while pending_payment). */
  canConfirmZeroBalance: boolean;
}

/**
 * What the confirmation page shows for a status and balance. An expired order with a balance may
 * still be paid: the payment re-reserves its seats when they are still free.
 */
export function paymentView(status: RegistrationStatus, balanceDueCents: Cents): PaymentView {
  const pending = !isPaidStatus(status) && status !== 'cancelled' && balanceDueCents > 0;
  return {
    title: pending ? 'Payment Pending' : 'Booking Confirmed',
    statusLabel: pending ? 'Payment Pending' : 'Paid',
    canPay: pending,
    canConfirmZeroBalance: status === 'pending_payment' && balanceDueCents <= 0,
  };
}

export const PAYMENT_PANEL_CLOSED_MESSAGE = 'You can complete your payment later.';

/** Payment panel opens when showPayment=true, or when not paid/completed and balance above zero. */
export function shouldOpenPaymentPanel(input: {
  showPayment?: boolean;
  status: RegistrationStatus;
  balanceDueCents: Cents;
}): boolean {
  return input.showPayment === true || (!isPaidStatus(input.status) && input.balanceDueCents > 0);
}

/** A balance of zero or less skips card payment. */
export function needsCardPayment(balanceDueCents: Cents): boolean {
  return balanceDueCents > 0;
}
