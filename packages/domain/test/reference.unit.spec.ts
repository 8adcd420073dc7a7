import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_NUMBER_PATTERN,
  generateReferenceNumber,
  generateUniqueReferenceNumber,
  isValidReferenceNumber,
  normalizeReferenceNumber,
  secureRandomInt,
} from '../src';

describe('reference numbers', () => {
  it('has the HS + YYMM-4-4 shape in Singapore time', () => {
    // 2025-04-30T16:30Z is already 1 May in Singapore
    const ref = generateReferenceNumber(new Date('2025-04-30T16:30:00Z'));
    expect(ref).toMatch(/^HS2505-\d{4}-\d{4}$/);
    expect(generateReferenceNumber(new Date('2025-05-15T00:00:00Z'), () => 6071234)).toBe('HS2505-0607-1234');
    expect(generateReferenceNumber(new Date('2026-12-01T00:00:00Z'), () => 0)).toBe('HS2612-0000-0000');
  });

  it('validates the format', () => {
    expect(isValidReferenceNumber('HS2505-0607-1234')).toBe(true);
    expect(isValidReferenceNumber('HS2513-0607-1234')).toBe(false);
    expect(isValidReferenceNumber('HS2500-0607-1234')).toBe(false);
    expect(isValidReferenceNumber('hs2505-0607-1234')).toBe(false);
    expect(isValidReferenceNumber('HS2505-607-1234')).toBe(false);
    expect(isValidReferenceNumber(normalizeReferenceNumber(' hs2505-0607-1234 '))).toBe(true);
  });

  it('is always valid (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          expect(generateReferenceNumber(d)).toMatch(REFERENCE_NUMBER_PATTERN);
        },
      ),
    );
  });

  it('has no collision in 100k when uniqueness is checked against issued ones', () => {
    const issued = new Set<string>();
    const now = new Date('2025-05-15T00:00:00Z');
    for (let i = 0; i < 100_000; i++) issued.add(generateUniqueReferenceNumber((r) => issued.has(r), now));
    expect(issued.size).toBe(100_000);
  });

  it('draws uniformly: raw collisions in 100k stay near the birthday bound of 50', () => {
    const seen = new Set<string>();
    let clashes = 0;
    const now = new Date('2025-05-15T00:00:00Z');
    for (let i = 0; i < 100_000; i++) {
      const r = generateReferenceNumber(now);
      if (seen.has(r)) clashes++;
      seen.add(r);
    }
    expect(clashes).toBeLessThan(120);
  });

  it('gives up after maxAttempts when everything is taken', () => {
    expect(() => generateUniqueReferenceNumber(() => true, new Date(), { maxAttempts: 3 })).toThrow(
      'Could not find a free reference number in 3 attempts',
    );
  });

  it('draws uniform secure integers in range', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[secureRandomInt(3)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(() => secureRandomInt(0)).toThrow(RangeError);
    expect(() => secureRandomInt(2 ** 33)).toThrow(RangeError);
    expect(secureRandomInt(1)).toBe(0);
  });
});
