/**
 * Singapore NRIC/FIN: a prefix letter (S, T, F, G or M), 7 digits and a checksum letter.
 * The checksum is the official one: weights 2,7,6,5,4,3,2 on the digits, plus 4 for T/G and 3 for M,
 * modulo 11, read from the table of the prefix's series.
 *
 * What the product requires is the format only (spec section 5: "letter S, T, F or G, 7 digits, a
 * letter"; M is the FIN series issued since 2022): the insurer decides on the number itself, and a
 * number of the right shape with another last letter must not be refused before it is asked.
 * The checksum is for generating realistic numbers (the fakes, the demo data).
 */

export const INVALID_ID_MESSAGE = 'Invalid ID Format';

const NRIC_PATTERN = /^([STFGM])(\d{7})([A-Z])$/;
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;
const SERIES: Record<string, { offset: number; letters: string }> = {
  S: { offset: 0, letters: 'JZIHGFEDCBA' },
  T: { offset: 4, letters: 'JZIHGFEDCBA' },
  F: { offset: 0, letters: 'XWUTRQPNMLK' },
  G: { offset: 4, letters: 'XWUTRQPNMLK' },
  M: { offset: 3, letters: 'XWUTRQPNJLK' },
};

/** Trim and uppercase: " s1234567d" -> "S1234567D". */
export function normalizeIdentificationNumber(input: string): string {
  return String(input ?? '')
    .trim()
    .toUpperCase();
}

/** The checksum letter for a prefix and 7 digits ("S", "1234567" -> "D"). */
export function nricChecksumLetter(prefix: string, digits: string): string {
  const series = SERIES[prefix.toUpperCase()];
  if (!series || !/^\d{7}$/.test(digits)) throw new RangeError('Expected S/T/F/G/M and 7 digits');
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), series.offset);
  return series.letters[sum % 11]!;
}

/** Format and checksum, after normalising (lowercase input is accepted). */
export function isValidNricFin(input: string): boolean {
  const m = NRIC_PATTERN.exec(normalizeIdentificationNumber(input));
  return !!m && nricChecksumLetter(m[1]!, m[2]!) === m[3];
}

/** The format alone, after normalising: prefix letter, 7 digits, a letter. */
export function isNricFinFormat(input: string): boolean {
  return NRIC_PATTERN.test(normalizeIdentificationNumber(input));
}

export type IdResult = { ok: true; value: string } | { ok: false; message: typeof INVALID_ID_MESSAGE };

/** Normalised NRIC/FIN or 'Invalid ID Format' (the format; the checksum is not required, see above). */
export function validateNricFin(input: string): IdResult {
  const value = normalizeIdentificationNumber(input);
  return isNricFinFormat(value) ? { ok: true, value } : { ok: false, message: INVALID_ID_MESSAGE };
}
