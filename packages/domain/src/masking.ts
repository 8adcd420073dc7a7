/**
 * Masking identification numbers for display (issue 24, PDPA). The PDPC's advisory guidelines on NRIC
 * numbers allow the first letter, the last three digits and the checksum letter to be shown, so an
 * NRIC/FIN becomes `S****567A`: enough to tell two people apart on a list, never the whole number.
 */

const NRIC_OR_MASKED = /^([STFGM])(?:\d{4}|\*{4})(\d{3}[A-Z])$/;

/**
 * `S1234567A` -> `S****567A` (also lower case and padded input, and idempotent on a masked value).
 * Anything else (a passport number kept from older data, a typo) is masked at least as hard: values of
 * 8 characters or more keep their first character and last four, shorter ones are starred out entirely
 * because four characters would be most of them. null/undefined/blank give ''.
 */
export function maskIdentificationNumber(input: string | null | undefined): string {
  const value = String(input ?? '')
    .trim()
    .toUpperCase();
  if (value === '') return '';
  const nric = NRIC_OR_MASKED.exec(value);
  if (nric) return `${nric[1]}****${nric[2]}`;
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value[0]}${'*'.repeat(value.length - 5)}${value.slice(-4)}`;
}

/** The keys whose values are identification numbers wherever they appear (event payloads, snapshots). */
export const IDENTIFICATION_KEYS: readonly string[] = ['identificationNumber', 'aiaMemberId'];

/**
 * A copy of a JSON value (an event's payload for the order timeline) with every string under an
 * identification key masked, at any depth; everything else as it was.
 */
export function maskIdentificationsIn<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskIdentificationsIn(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      IDENTIFICATION_KEYS.includes(key) && typeof v === 'string'
        ? maskIdentificationNumber(v)
        : maskIdentificationsIn(v),
    ]),
  ) as T;
}
