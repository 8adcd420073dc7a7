import { formatDateOrNA } from '@hs/domain';
import { money } from './money';
import type { RegistrationLookup } from './types';

/**
 * What the customer is told about the payment hold and the refund a cancel would make (issue 21),
 * in one place for the confirmation and cancel pages.
 */
export const RESERVATION_MESSAGES = {
  heldUntil: (holdUntil: string) => `Your seats are held until ${holdTime(holdUntil)}`,
  holdHint: 'Please complete your payment by then, or the seats are released for other bookings.',
  expiredTitle: 'Reservation Expired',
  expired: 'This reservation has expired and its seats were released.',
  bookAgain: 'Book Again',
  refundAutomatic: (amount: string) =>
    `Your card payment of ${money(amount)} will be refunded automatically.`,
  // The lookup does not carry the cut-off hours, so the text names no number of hours.
  refundReview:
    'Your appointment is too close for an automatic refund, so no refund is made when you cancel; our staff will review a refund of your card payment.',
} as const;

/** The hold's end as Singapore wall-clock time, 24 h: "14:32". */
export function holdTime(holdUntil: string): string {
  return formatDateOrNA(holdUntil, 'HH:mm');
}

/** The sentence for a cancellation's refund; null when there is nothing to say. */
export function cancellationRefundText(
  refund: RegistrationLookup['cancellationRefund'] | undefined,
): string | null {
  if (!refund) return null;
  if (refund.kind === 'automatic') return RESERVATION_MESSAGES.refundAutomatic(refund.amount);
  if (refund.kind === 'review') return RESERVATION_MESSAGES.refundReview;
  return null;
}
