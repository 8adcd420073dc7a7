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
