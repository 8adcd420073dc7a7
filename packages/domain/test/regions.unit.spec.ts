import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REGION_INFO_PANEL_TEXT,
  prefixRuns,
  REGION_TABLE,
  isRegion,
  isValidPostalCode,
  regionForPostalCode,
  regionName,
  regionTimesOn,
} from '../src';

const regionOf = (code: string) => {
  const r = regionForPostalCode(code);
  return r.found ? r.region : null;
};

describe('regions', () => {
  it('maps the table of spec section 3', () => {
    expect(regionOf('530123')).toBe('north');
    expect(regionOf('570000')).toBe('north');
    expect(regionOf('720000')).toBe('north');
    expect(regionOf('730000')).toBe('north');
    expect(regionOf('750000')).toBe('north');
    expect(regionOf('800000')).toBe('north');
    expect(regionOf('820000')).toBe('north');
    expect(regionOf('010000')).toBe('south');
    expect(regionOf('100000')).toBe('south');
    expect(regionOf('140000')).toBe('south');
    expect(regionOf('160000')).toBe('south');
    expect(regionOf('420000')).toBe('east');
    expect(regionOf('520000')).toBe('east');
    expect(regionOf('810000')).toBe('east');
    expect(regionOf('110000')).toBe('west');
    expect(regionOf('130000')).toBe('west');
    expect(regionOf('580000')).toBe('west');
    expect(regionOf('710000')).toBe('west');
    expect(regionOf('170000')).toBe('central');
    expect(regionOf('410000')).toBe('central');
  });

  it('gives an explicit no-region result for unknown prefixes and bad codes', () => {
    expect(regionForPostalCode('740000')).toEqual({
      found: false,
      reason: 'unknown-prefix',
      message: 'No region serves this postal code',
    });
    expect(regionOf('000000')).toBeNull();
    expect(regionOf('830000')).toBeNull();
    expect(regionOf('990000')).toBeNull();
    expect(regionForPostalCode('12345')).toEqual({
      found: false,
      reason: 'invalid-postal-code',
      message: 'Postal code must be 6 digits',
    });
    expect(regionForPostalCode('12a456').found).toBe(false);
    expect(regionForPostalCode(undefined as unknown as string).found).toBe(false);
  });

  it('returns name and prefix', () => {
    const r = regionForPostalCode(' 018956 ');
    expect(r).toMatchObject({ found: true, region: 'south', name: 'South', prefix: '01' });
    expect(regionName('central')).toBe('Central');
    expect(isRegion('east')).toBe(true);
    expect(isRegion('mars')).toBe(false);
    expect(isValidPostalCode('123456')).toBe(true);
    expect(isValidPostalCode('1234567')).toBe(false);
  });

  it('knows each region weekday times', () => {
    expect(regionTimesOn('north', 1)).toEqual(['09:00', '11:00']);
    expect(regionTimesOn('north', 3)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('north', 6)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('south', 2)).toEqual(['09:00', '11:00']);
    expect(regionTimesOn('south', 6)).toEqual(['09:00']);
    expect(regionTimesOn('east', 4)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('east', 5)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('west', 2)).toEqual(['08:00']);
    expect(regionTimesOn('west', 4)).toEqual(['09:00', '11:00']);
    expect(regionTimesOn('west', 6)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('central', 1)).toEqual(['08:00', '10:00']);
    expect(regionTimesOn('central', 5)).toEqual(['09:00', '11:00']);
    expect(regionTimesOn('central', 0)).toEqual([]);
  });

  it('shows every prefix of the table on the info panel, as runs (issue 46)', () => {
    expect(REGION_INFO_PANEL_TEXT).toBe(
      'North 53-57, 72-73, 75-80, 82; South 01-10, 14-16; East 42-52, 81; West 11-13, 58-71; Central 17-41',
    );
    expect(prefixRuns([5])).toBe('05');
    expect(prefixRuns([3, 1, 2, 9])).toBe('01-03, 09');
  });

  it('maps every 2-digit prefix to at most one region (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 }), (prefix, rest) => {
        const owners = REGION_TABLE.filter((d) => d.prefixes.includes(prefix));
        expect(owners.length).toBeLessThanOrEqual(1);
        const code = String(prefix).padStart(2, '0') + String(rest).padStart(4, '0');
        expect(regionOf(code)).toBe(owners[0]?.region ?? null);
      }),
      { numRuns: 1000 },
    );
  });
});
