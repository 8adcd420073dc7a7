/**
 * The waiting list on the wire (issue 22): the join body, the entry a `/waitlist/{token}` link reads
 * (the api's own schemas in @hs/contracts, under the names the pages use), the join form's checks and
 * the calls.
 */
import type { WaitlistJoined, WaitlistJoinRequest } from '@hs/contracts';
import {
  errorMap,
  type FieldError,
  MAX_PARTICIPANTS,
  MAX_PARTICIPANTS_MESSAGE,
  mainBookingEntries,
  validate,
} from '@hs/domain';
import * as v from 'valibot';
import { currentLanguage } from '../i18n';
import { type ApiEnvelope, ApiError, api } from '../lib/api';

export type {
  WaitlistEntry as WaitlistEntryView,
  WaitlistJoined as JoinWaitlistResult,
  WaitlistJoinRequest as JoinWaitlistBody,
  WaitlistOffer,
  WaitlistStatus,
} from '@hs/contracts';

/** The form's text values (seats as typed). */
export interface JoinWaitlistValues {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  postalCode: string;
  seats: string;
}

export const WAITLIST_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'postalCode',
  'seats',
] as const satisfies readonly (keyof JoinWaitlistValues)[];

/** Seats are people, so the booking form's participant limit and message apply. */
const seats = v.pipe(
  v.string(),
  v.transform((s) => (s.trim() === '' ? Number.NaN : Number(s))),
  v.number(MAX_PARTICIPANTS_MESSAGE),
  v.integer(MAX_PARTICIPANTS_MESSAGE),
  v.minValue(1, MAX_PARTICIPANTS_MESSAGE),
  v.maxValue(MAX_PARTICIPANTS, MAX_PARTICIPANTS_MESSAGE),
);

/** The booking form's messages for the same fields (the api answers with the same ones). */
export const joinWaitlistSchema = v.object({
  firstName: mainBookingEntries.firstName,
  lastName: mainBookingEntries.lastName,
  email: mainBookingEntries.email,
  mobileNumber: mainBookingEntries.mobileNumber,
  postalCode: mainBookingEntries.postalCode,
  seats,
});

export function joinWaitlistErrors(values: JoinWaitlistValues): Record<string, string> {
  const r = validate(joinWaitlistSchema, values);
  return r.ok ? {} : errorMap(r.errors);
}

/** The 400 answer's field messages by field, when it has any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body as { errors?: FieldError[] } | undefined;
  return Array.isArray(body?.errors) ? errorMap(body.errors) : {};
}

export function waitlistKey(token: string) {
  return `/api/waitlist/${encodeURIComponent(token)}`;
}

export function joinWaitlist(body: WaitlistJoinRequest): Promise<WaitlistJoined> {
  // the entry's emails are written in the language of the page it was joined on (issue 46)
  const sent = { ...body, language: currentLanguage() };
  return api.post<ApiEnvelope<WaitlistJoined>>('/api/waitlist', sent).then((r) => r.data);
}

export function leaveWaitlist(token: string): Promise<unknown> {
  return api.delete(waitlistKey(token));
}

/** How long until `expiresAt`, as "1 h 05 min" / "4 min 09 s"; null once it has passed. */
export function timeLeft(expiresAt: string, now: number): string | null {
  const ms = Date.parse(expiresAt) - now;
  if (!(ms > 0)) return null;
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h} h ${pad(m)} min` : `${m} min ${pad(s)} s`;
}
