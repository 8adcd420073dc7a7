/** Partner (WhiteCoat) handoff rules (spec sections 4, 5, 9). */
import { type Cents, parseMoney } from './money';

/** Partner handoff validity: 10 minutes. */
export const PARTNER_HANDOFF_VALIDITY_MS = 600_000;
export const PARTNER_EVENT_SLUG = 'whitecoat-health-screening';

export const PARTNER_CODE_MESSAGES = {
  missing: 'Invalid URL. Please check the link and try again.',
  format: 'Invalid booking code format. The code should be 12-16 digits.',
} as const;

export const PARTNER_CODE_PATTERN = /^\d{12,16}$/;

export type PartnerCodeResult = { ok: true; value: string } | { ok: false; message: string };

/** Booking code from the /wc/{code} link: present, 12-16 digits. */
export function validatePartnerBookingCode(code: string | null | undefined): PartnerCodeResult {
  const value = String(code ?? '').trim();
  if (!value) return { ok: false, message: PARTNER_CODE_MESSAGES.missing };
  if (!PARTNER_CODE_PATTERN.test(value)) return { ok: false, message: PARTNER_CODE_MESSAGES.format };
  return { ok: true, value };
}

/**
 * Stored handoff is honoured only if the redirect flag and its time exist and are less than
 * 10 minutes old (a time in the future is not honoured either).
 */
export function isPartnerHandoffValid(
  stored: { flag?: boolean | string | null; timestamp?: number | string | null },
  nowMs: number,
): boolean {
  const flagSet = stored.flag === true || stored.flag === 'true';
  const ts = typeof stored.timestamp === 'string' ? Number(stored.timestamp) : stored.timestamp;
  if (!flagSet || ts === null || ts === undefined || !Number.isFinite(ts)) return false;
  const age = nowMs - ts;
  return age >= 0 && age < PARTNER_HANDOFF_VALIDITY_MS;
}

/** What the partner server answers for a booking code. */
export interface PartnerPatientData {
  name?: string | null;
  email?: string | null;
  nric?: string | null;
  dateOfBirth?: string | null;
  contact?: string | null;
  address?: { postalCode?: string | null; unitNumber?: string | null; street?: string | null } | null;
  packageInfo?: { amount?: number | string | null; isPaid?: boolean | null } | null;
}

/** What the booking form is prefilled with. */
export interface PartnerHandoffData {
  bookingCode: string;
  firstName: string;
  lastName: string;
  email: string;
  identificationNumber: string;
  dateOfBirth: string;
  postalCode: string;
  unitNumber: string;
  address: string;
  mobileNumber: string;
  isPaidInWhiteCoat: boolean;
  whiteCoatPaidCents: Cents;
}

/** Splits the partner's single name at the first space: "Tan Mei Ling" -> "Tan" / "Mei Ling". */
export function partnerDataToHandoff(bookingCode: string, data: PartnerPatientData): PartnerHandoffData {
  const name = (data.name ?? '').trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  const isPaid = data.packageInfo?.isPaid === true;
  return {
    bookingCode,
    firstName: space === -1 ? name : name.slice(0, space),
    lastName: space === -1 ? '' : name.slice(space + 1),
    email: data.email ?? '',
    identificationNumber: (data.nric ?? '').trim().toUpperCase(),
    dateOfBirth: data.dateOfBirth ?? '',
    postalCode: data.address?.postalCode ?? '',
    unitNumber: data.address?.unitNumber ?? '',
    address: data.address?.street ?? '',
    mobileNumber: data.contact ?? '',
    isPaidInWhiteCoat: isPaid,
    whiteCoatPaidCents: isPaid ? Math.max(0, parseMoney(data.packageInfo?.amount ?? null) ?? 0) : 0,
  };
}
