import type { AdminOrder } from '@hs/contracts';
import { formatAdminDateTime } from './admin-api';

/**
 * The order dialog's "Privacy Consent" line (issue 24): what the booking recorded. Bookings made
 * before consent was recorded have none; a booking sent without the tick (through the api) says so.
 */
export function consentLabel(consent: AdminOrder['consent']): string {
  if (!consent) return 'Not recorded (booked before consent was asked)';
  const when = formatAdminDateTime(consent.at);
  return consent.given
    ? `Given to notice version ${consent.noticeVersion}, ${when}`
    : `Not given (booked without the consent tick; notice version ${consent.noticeVersion} in force)`;
}
