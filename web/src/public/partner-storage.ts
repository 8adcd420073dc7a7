import { isPartnerHandoffValid, PARTNER_EVENT_SLUG } from '@hs/domain';

/**
 * Partner (WhiteCoat) hand-off storage. The redirect flag and its time live in session storage; the
 * prefill data and the referenced registration id in local storage (spec section 3).
 */
export const PARTNER_FLAG_KEY = 'wc_redirect';
export const PARTNER_TIME_KEY = 'wc_redirect_time';
export const PARTNER_DATA_KEY = 'wc_data';

export interface StoredPartnerData {
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
  /** "123.45" */
  whiteCoatPaidAmount: string;
  registrationId?: number | null;
  isFromWhiteCoat: true;
}

const PARTNER_PATHS = [`/events/${PARTNER_EVENT_SLUG}`, `/booking/${PARTNER_EVENT_SLUG}`];

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function storePartnerHandoff(data: StoredPartnerData, now = Date.now()): void {
  safe(() => {
    sessionStorage.setItem(PARTNER_FLAG_KEY, 'true');
    sessionStorage.setItem(PARTNER_TIME_KEY, String(now));
    localStorage.setItem(PARTNER_DATA_KEY, JSON.stringify(data));
  }, undefined);
}

export function clearPartnerHandoff(): void {
  safe(() => {
    sessionStorage.removeItem(PARTNER_FLAG_KEY);
    sessionStorage.removeItem(PARTNER_TIME_KEY);
    localStorage.removeItem(PARTNER_DATA_KEY);
  }, undefined);
}

export function hasPartnerFlag(): boolean {
  return safe(() => sessionStorage.getItem(PARTNER_FLAG_KEY) !== null, false);
}

/**
 * The stored hand-off when the flag and time exist and are under 10 minutes old; otherwise the
 * flags and data are cleared and null is returned.
 */
export function readPartnerHandoff(now = Date.now()): StoredPartnerData | null {
  const flag = safe(() => sessionStorage.getItem(PARTNER_FLAG_KEY), null);
  const timestamp = safe(() => sessionStorage.getItem(PARTNER_TIME_KEY), null);
  const raw = safe(() => localStorage.getItem(PARTNER_DATA_KEY), null);
  if (!isPartnerHandoffValid({ flag, timestamp }, now) || !raw) {
    if (flag !== null || timestamp !== null || raw !== null) clearPartnerHandoff();
    return null;
  }
  const data = safe(() => JSON.parse(raw) as StoredPartnerData, null);
  if (!data || typeof data !== 'object') {
    clearPartnerHandoff();
    return null;
  }
  return data;
}

/** The flag cleanup rule: leaving the partner event paths clears the flag, its time and the data. */
export function shouldClearPartnerOnPath(path: string): boolean {
  return !PARTNER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
