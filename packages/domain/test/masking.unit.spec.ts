import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskIdentificationNumber, maskIdentificationsIn, nricChecksumLetter } from '../src';

describe('maskIdentificationNumber', () => {
  it.each([
    ['S1234567D', 'S****567D'],
    ['T0123456G', 'T****456G'],
    ['F1234567N', 'F****567N'],
    ['G1234567X', 'G****567X'],
    ['M1234567K', 'M****567K'],
  ])('keeps the prefix, last three digits and checksum letter of every series: %s', (id, masked) => {
    expect(maskIdentificationNumber(id)).toBe(masked);
  });

  it('reads lower case and padded input as the number it is', () => {
    expect(maskIdentificationNumber('s1234567d')).toBe('S****567D');
    expect(maskIdentificationNumber('  t0123456g \n')).toBe('T****456G');
  });

  it('is idempotent: a masked value stays as it is', () => {
    expect(maskIdentificationNumber('S****567D')).toBe('S****567D');
    expect(maskIdentificationNumber(maskIdentificationNumber('G7654321Q'))).toBe('G****321Q');
  });

  it('gives an empty string for nothing', () => {
    expect(maskIdentificationNumber('')).toBe('');
    expect(maskIdentificationNumber('   ')).toBe('');
    expect(maskIdentificationNumber(null)).toBe('');
    expect(maskIdentificationNumber(undefined)).toBe('');
  });

  it.each([
    // other shapes (a passport number, a wrong prefix, a digit too many): first character and last four
    ['E12345678', 'E****5678'],
    ['A1234567B', 'A****567B'],
    ['S12345678D', 'S*****678D'],
    ['K1234567', 'K***4567'],
    // short values: nothing of them is shown
    ['S123456', '*******'],
    ['abc', '***'],
    ['1', '*'],
  ])('masks malformed input at least as hard: %j -> %j', (input, masked) => {
    expect(maskIdentificationNumber(input)).toBe(masked);
  });

  it('never shows the four middle digits of a valid number, nor more than four characters of anything', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('S', 'T', 'F', 'G', 'M'),
        fc.stringMatching(/^\d{7}$/),
        (prefix, digits) => {
          const id = `${prefix}${digits}${nricChecksumLetter(prefix, digits)}`;
          const masked = maskIdentificationNumber(id);
          expect(masked).toBe(`${prefix}****${digits.slice(4)}${id.slice(-1)}`);
          expect(masked).not.toContain(digits.slice(0, 4));
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const masked = maskIdentificationNumber(input);
        expect(masked.replace(/\*/g, '').length).toBeLessThanOrEqual(5);
        expect(masked.length).toBe(input.trim().toUpperCase().length);
      }),
    );
  });
});

describe('maskIdentificationsIn', () => {
  it('masks identification numbers and member ids at any depth, leaving the rest as it was', () => {
    const payload = {
      referenceNumber: 'HS2505-0607-1234',
      participants: [
        { firstName: 'Mei', identificationNumber: 's1234567d', aiaMemberId: 'S1234567D', isPrimary: true },
        { firstName: 'Wei', identificationNumber: 'T0123456G', aiaMemberId: null },
      ],
      changes: { identificationNumber: 'G1234567X' },
      at: '2026-01-05T01:00:00.000Z',
    };
    expect(maskIdentificationsIn(payload)).toEqual({
      referenceNumber: 'HS2505-0607-1234',
      participants: [
        { firstName: 'Mei', identificationNumber: 'S****567D', aiaMemberId: 'S****567D', isPrimary: true },
        { firstName: 'Wei', identificationNumber: 'T****456G', aiaMemberId: null },
      ],
      changes: { identificationNumber: 'G****567X' },
      at: '2026-01-05T01:00:00.000Z',
    });
    // a copy: the payload itself is untouched
    expect(payload.participants[0]!.identificationNumber).toBe('s1234567d');
    expect(maskIdentificationsIn(null)).toBeNull();
    expect(maskIdentificationsIn('S1234567D')).toBe('S1234567D');
  });
});
