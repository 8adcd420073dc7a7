import { type RandomInt, randomString, secureRandomInt } from '../random';
import { DISCOUNT_MESSAGES, type Result } from './messages';

export const DISCOUNT_CODE_COUNT_DEFAULT = 10;
export const DISCOUNT_CODE_COUNT_MAX = 1000;
export const DISCOUNT_IDENTIFIER_LENGTH_DEFAULT = 6;
export const DISCOUNT_IDENTIFIER_LENGTH_MAX = 16;
export const DEFAULT_IDENTIFIER_PREFIX = 'PROMO';
/**
 * Uppercase letters and digits without the ones read as each other (0/O, 1/I/L): a code read out at the
 * desk or copied from print is typed right (issue 45; `CNYD0QHOI` was generated).
 */
export const IDENTIFIER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** After uppercasing: letters, digits, hyphen, underscore ('' allowed: the prefix may be empty). */
export const IDENTIFIER_PREFIX_PATTERN = /^[A-Z0-9_-]*$/;

export interface GenerateIdentifiersInput {
  /** Uppercased; empty or missing gives 'PROMO'. */
  prefix?: string | null;
  /** Random part length, 1-16, default 6. */
  length?: number;
  /** How many, 1-1000, default 10. */
  count?: number;
  /** Identifiers that already exist (never returned again). */
  existing?: ReadonlySet<string>;
}

/**
 * Distinct identifiers: prefix (uppercased, or 'PROMO') + `length` crypto-random uppercase letters
 * and digits.
 */
export function generateDiscountIdentifiers(
  input: GenerateIdentifiersInput,
  random: RandomInt = secureRandomInt,
): Result<string[]> {
  const count = input.count ?? DISCOUNT_CODE_COUNT_DEFAULT;
  const length = input.length ?? DISCOUNT_IDENTIFIER_LENGTH_DEFAULT;
  const prefix = (input.prefix ?? '').trim().toUpperCase() || DEFAULT_IDENTIFIER_PREFIX;
  if (!Number.isInteger(count) || count < 1 || count > DISCOUNT_CODE_COUNT_MAX) {
    return { ok: false, message: DISCOUNT_MESSAGES.countInvalid };
  }
  if (!Number.isInteger(length) || length < 1 || length > DISCOUNT_IDENTIFIER_LENGTH_MAX) {
    return { ok: false, message: DISCOUNT_MESSAGES.lengthInvalid };
  }
  if (!IDENTIFIER_PREFIX_PATTERN.test(prefix)) return { ok: false, message: DISCOUNT_MESSAGES.prefixInvalid };
  const existing = input.existing ?? new Set<string>();
  // refuse when fewer than twice the needed codes exist, so the draw below always ends quickly
  const space = IDENTIFIER_ALPHABET.length ** length;
  if (space < 2 * (count + existing.size)) return { ok: false, message: DISCOUNT_MESSAGES.tooManyForLength };
  const out = new Set<string>();
  while (out.size < count) {
    const id = prefix + randomString(IDENTIFIER_ALPHABET, length, random);
    if (!existing.has(id)) out.add(id);
  }
  return { ok: true, value: [...out] };
}

/** Codes are matched case-insensitively: stored and compared uppercased and trimmed. */
export function normalizeDiscountCode(code: string): string {
  return String(code ?? '')
    .trim()
    .toUpperCase();
}
