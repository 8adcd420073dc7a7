/**
 * The venue form (issue 46), shared by the admin's event dialog and the api: one venue, and the
 * per-region venues of a region-based event. Each field's message names what is wrong with it.
 */
import * as v from 'valibot';
import { parseSingaporeNumber } from '../phone';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN, REGIONS, type Region } from '../regions';
import type { Venue } from '../venue';
import { EMAIL_PATTERN, INVALID_INPUT_MESSAGE, requiredText, text } from './fields';

export const VENUE_MESSAGES = {
  name: 'Venue name is required',
  nameLength: 'Venue name must be at most 200 characters',
  address: 'Venue address is required',
  addressLength: 'Venue address must be at most 300 characters',
  postalCode: POSTAL_CODE_MESSAGE,
  mapUrl: 'Map link must be an https:// web address',
  phone: 'Contact phone must be a Singapore number: +65 and 8 digits',
  email: 'Contact email must be a valid email address',
  lat: 'Latitude must be a number between -90 and 90',
  lng: 'Longitude must be a number between -180 and 180',
  latLng: 'Give both latitude and longitude, or neither',
} as const;

/** 'https://maps.google.com/...' and nothing else: a link people tap must not run script or leave TLS. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** '+65 6123 4567' from any way of writing a Singapore number; null when it is none. */
export function formatVenuePhone(raw: string): string | null {
  const parsed = parseSingaporeNumber(raw);
  if (parsed.kind === 'invalid') return null;
  const digits = parsed.e164.slice(3);
  return `+65 ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

/** Empty text becomes null; anything else must pass `check` and becomes `map(value)`. */
const optionalField = <T>(message: string, check: (s: string) => boolean, map: (s: string) => T) =>
  v.pipe(
    text(message),
    v.check((s) => s === '' || check(s), message),
    v.transform((s) => (s === '' ? null : map(s))),
  );

/** A coordinate as number or numeric text (a form field), empty = null, within ±limit. */
const coordinate = (limit: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
    v.check((n) => n === null || (Number.isFinite(n) && Math.abs(n) <= limit), message),
  );

export const venueFormSchema = v.pipe(
  v.object(
    {
      name: v.pipe(requiredText(VENUE_MESSAGES.name), v.maxLength(200, VENUE_MESSAGES.nameLength)),
      address: v.pipe(requiredText(VENUE_MESSAGES.address), v.maxLength(300, VENUE_MESSAGES.addressLength)),
      postalCode: v.pipe(
        text(VENUE_MESSAGES.postalCode),
        v.regex(POSTAL_CODE_PATTERN, VENUE_MESSAGES.postalCode),
      ),
      // stored as the URL reads it (`HTTPS://x`, `https:x` -> `https://x/`): the database keeps only `https://…`
      mapUrl: optionalField(VENUE_MESSAGES.mapUrl, isHttpsUrl, (s) => new URL(s).href),
      phone: optionalField(
        VENUE_MESSAGES.phone,
        (s) => formatVenuePhone(s) !== null,
        (s) => formatVenuePhone(s)!,
      ),
      email: optionalField(
        VENUE_MESSAGES.email,
        (s) => s.length <= 254 && EMAIL_PATTERN.test(s),
        (s) => s,
      ),
      lat: coordinate(90, VENUE_MESSAGES.lat),
      lng: coordinate(180, VENUE_MESSAGES.lng),
    },
    INVALID_INPUT_MESSAGE,
  ),
  v.forward(
    v.partialCheck([['lat'], ['lng']], (c) => (c.lat === null) === (c.lng === null), VENUE_MESSAGES.latLng),
    ['lng'],
  ),
) satisfies v.GenericSchema<unknown, Venue>;

/** A venue, or null to have none. */
export const optionalVenueSchema = v.nullable(venueFormSchema);

/** The per-region venues of a region-based event: a region left out (or null) has none of its own. */
export const regionVenuesFormSchema = v.pipe(
  v.object(
    Object.fromEntries(REGIONS.map((r) => [r, v.optional(optionalVenueSchema, null)])) as Record<
      Region,
      v.OptionalSchema<typeof optionalVenueSchema, null>
    >,
    INVALID_INPUT_MESSAGE,
  ),
  v.transform((byRegion) => {
    const out: Partial<Record<Region, Venue>> = {};
    for (const r of REGIONS) {
      const venue = byRegion[r];
      if (venue) out[r] = venue;
    }
    return out;
  }),
);
