/**
 * Storage of the older flow (spec section 2): booking details and the registration result live in
 * session storage; the participants page keeps its list in local storage.
 */
import type { PersonValues } from './person-fields';

export const BOOKING_DETAILS_KEY = 'bookingDetails';
export const REGISTRATION_DATA_KEY = 'registrationData';
export const PARTICIPANTS_KEY = 'participants';

export interface LegacyBookingDetails {
  eventId: number;
  eventSlug?: string | null;
  eventName?: string | null;
  location?: string | null;
  packageId: number;
  packageName?: string | null;
  /** "123.45" */
  packagePrice?: string | null;
  timeslotId: number;
  date?: string | null;
  time?: string | null;
  timeLabel?: string | null;
}

export interface LegacyRegistrationData
  extends Pick<
    PersonValues,
    'firstName' | 'lastName' | 'email' | 'mobileNumber' | 'gender' | 'identificationNumber' | 'dateOfBirth'
  > {
  referenceNumber: string;
  id?: number | null;
  status?: string | null;
  balanceDue?: string | null;
  unitNumber?: string | null;
  address?: string | null;
  postalCode?: string | null;
}

function read<T>(storage: () => Storage, key: string): T | null {
  try {
    const raw = storage().getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: unknown) {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the next page redirects home
  }
}

export const readBookingDetails = () => read<LegacyBookingDetails>(() => sessionStorage, BOOKING_DETAILS_KEY);
export const storeBookingDetails = (d: LegacyBookingDetails) =>
  write(() => sessionStorage, BOOKING_DETAILS_KEY, d);
export const readRegistrationData = () =>
  read<LegacyRegistrationData>(() => sessionStorage, REGISTRATION_DATA_KEY);
export const storeRegistrationData = (d: LegacyRegistrationData) =>
  write(() => sessionStorage, REGISTRATION_DATA_KEY, d);
export const storeParticipants = (list: unknown[]) => write(() => localStorage, PARTICIPANTS_KEY, list);
export function readParticipants<T>(): T[] {
  try {
    const raw = localStorage.getItem(PARTICIPANTS_KEY);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** A positive integer from a query-string value, else null. */
export function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
