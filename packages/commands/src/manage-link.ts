/**
 * The signed manage link of every email (issue 46): `/manage-appointment?ref={ref}&token={token}`
 * opens the booking with nothing else asked. The token is `<expiry>.<hmac>`: the expiry in Unix
 * seconds, in clear so an expired link can say so, and a base64url HMAC-SHA256 of the reference and
 * that expiry under MANAGE_LINK_SECRET. The worker signs (emails), the api verifies; nothing is stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeReferenceNumber } from '@hs/domain';

/** A link stays valid this long after its appointment's day (then the reference and a second check serve). */
export const MANAGE_LINK_DAYS_AFTER_APPOINTMENT = 30;

const DAY_MS = 86_400_000;

const mac = (secret: string, reference: string, expiresAt: number) =>
  createHmac('sha256', secret)
    .update(`manage-link:${normalizeReferenceNumber(reference)}:${expiresAt}`)
    .digest('base64url');

/**
 * When a link for an appointment on `appointmentDay` (Singapore yyyy-MM-dd) stops working: the end
 * of that day plus MANAGE_LINK_DAYS_AFTER_APPOINTMENT. Without a day, that many days from `now`.
 */
export function manageLinkExpiry(appointmentDay: string | null, now: Date = new Date()): Date {
  const day = appointmentDay && /^\d{4}-\d{2}-\d{2}$/.test(appointmentDay) ? appointmentDay : null;
  if (!day) return new Date(now.getTime() + MANAGE_LINK_DAYS_AFTER_APPOINTMENT * DAY_MS);
  // Midnight after the appointment's day in Singapore (UTC+8, no daylight saving).
  const endOfDay = Date.parse(`${day}T00:00:00+08:00`) + DAY_MS;
  return new Date(endOfDay + MANAGE_LINK_DAYS_AFTER_APPOINTMENT * DAY_MS);
}

/** The token of the booking `reference`'s manage link, valid until `expiresAt`. */
export function manageLinkToken(secret: string, reference: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds}.${mac(secret, reference, seconds)}`;
}

export type ManageLinkCheck = 'valid' | 'invalid' | 'expired';

/** Whether `token` was signed for `reference` with `secret`, and is still within its expiry. */
export function checkManageLinkToken(
  secret: string,
  reference: string,
  token: string,
  now: Date = new Date(),
): ManageLinkCheck {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || !secret) return 'invalid';
  const seconds = Number(m[1]);
  const expected = Buffer.from(mac(secret, reference, seconds));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  // Checked after the signature, so a forged expiry never earns the "expired" answer.
  return seconds * 1000 > now.getTime() ? 'valid' : 'expired';
}

/** The whole link: `{base}/manage-appointment?ref={reference}&token={token}`. */
export function signedManageUrl(
  publicBaseUrl: string,
  secret: string,
  reference: string,
  expiresAt: Date,
): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const token = manageLinkToken(secret, reference, expiresAt);
  return `${base}/manage-appointment?ref=${encodeURIComponent(reference)}&token=${encodeURIComponent(token)}`;
}
