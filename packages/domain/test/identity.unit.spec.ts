import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isNricFinFormat,
  isValidNricFin,
  normalizeIdentificationNumber,
  nricChecksumLetter,
  validateNricFin,
} from '../src';

describe('NRIC/FIN', () => {
  it('accepts valid numbers of every series', () => {
    expect(isValidNricFin('S1234567D')).toBe(true);
    expect(isValidNricFin('T1234567J')).toBe(true);
    expect(isValidNricFin('F1234567N')).toBe(true);
    expect(isValidNricFin('G1234567X')).toBe(true);
    expect(isValidNricFin('M1234567K')).toBe(true);
    expect(isValidNricFin('S0000001I')).toBe(true);
  });

  it('computes the official checksum letters', () => {
    expect(nricChecksumLetter('S', '1234567')).toBe('D');
    expect(nricChecksumLetter('T', '1234567')).toBe('J');
    expect(nricChecksumLetter('F', '1234567')).toBe('N');
    expect(nricChecksumLetter('G', '1234567')).toBe('X');
    expect(nricChecksumLetter('M', '1234567')).toBe('K');
    expect(() => nricChecksumLetter('A', '1234567')).toThrow(RangeError);
    expect(() => nricChecksumLetter('S', '123')).toThrow(RangeError);
  });

  it('uppercases and trims', () => {
    expect(normalizeIdentificationNumber(' s1234567d ')).toBe('S1234567D');
    expect(validateNricFin('s1234567d')).toEqual({ ok: true, value: 'S1234567D' });
  });

  it("says 'Invalid ID Format' for a bad shape", () => {
    for (const bad of [
      'A1234567D',
      'S123456D',
      'S12345678D',
      '',
      'S1234567',
      '1234567D',
      'S1234567-',
      'SS234567D',
    ]) {
      expect(validateNricFin(bad)).toEqual({ ok: false, message: 'Invalid ID Format' });
    }
  });

  it('requires the format only, as the spec does: a well-shaped number with another last letter passes', () => {
    expect(isValidNricFin('S1234567A')).toBe(false);
    expect(isNricFinFormat('S1234567A')).toBe(true);
    expect(validateNricFin('s1234567a')).toEqual({ ok: true, value: 'S1234567A' });
  });

  it('catches every single mistyped digit (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('S', 'T', 'F', 'G', 'M'),
        fc.stringMatching(/^\d{7}$/),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        (prefix, digits, pos, delta) => {
          const valid = prefix + digits + nricChecksumLetter(prefix, digits);
          expect(isValidNricFin(valid)).toBe(true);
          const typo = digits.slice(0, pos) + ((Number(digits[pos]) + delta) % 10) + digits.slice(pos + 1);
          expect(isValidNricFin(prefix + typo + nricChecksumLetter(prefix, digits))).toBe(false);
        },
      ),
    );
  });
});
