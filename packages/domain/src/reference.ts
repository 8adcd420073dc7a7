/**
 * Registration reference numbers: "HS" + YYMM (Singapore time) + "-" + 4 digits + "-" + 4 digits,
 * e.g. HS2505-0607-1234. The 8 digits come from a cryptographically secure source: they are the only
 * secret guarding the public cancel.
 *
 * The random space is 10^8 per month, so collisions are possible (birthday bound: about 50 among
 * 100 000 references of one month). Uniqueness is therefore enforced by the store: pass `isTaken`
 * to `generateUniqueReferenceNumber` (and keep a unique index), which redraws on a clash.
 */
import { singaporeYearMonth } from './dates';
import { type RandomInt, secureRandomInt } from './random';

export const REFERENCE_NUMBER_PATTERN = /^HS\d{2}(0[1-9]|1[0-2])-\d{4}-\d{4}$/;
export const REFERENCE_NUMBER_EXAMPLE = 'HS2505-0607-1234';

export function generateReferenceNumber(now: Date = new Date(), random: RandomInt = secureRandomInt): string {
  const digits = String(random(100_000_000)).padStart(8, '0');
  return `HS${singaporeYearMonth(now)}-${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** Draws until `isTaken` says no (at most `maxAttempts` draws, then throws). */
export function generateUniqueReferenceNumber(
  isTaken: (reference: string) => boolean,
  now: Date = new Date(),
  { maxAttempts = 20, random = secureRandomInt }: { maxAttempts?: number; random?: RandomInt } = {},
): string {
  for (let i = 0; i < maxAttempts; i++) {
    const ref = generateReferenceNumber(now, random);
    if (!isTaken(ref)) return ref;
  }
  throw new Error(`Could not find a free reference number in ${maxAttempts} attempts`);
}

/** Trim and uppercase what a person typed ("hs2505-0607-1234 " -> "HS2505-0607-1234"). */
export function normalizeReferenceNumber(input: string): string {
  return String(input ?? '')
    .trim()
    .toUpperCase();
}

export function isValidReferenceNumber(input: string): boolean {
  return REFERENCE_NUMBER_PATTERN.test(input);
}
