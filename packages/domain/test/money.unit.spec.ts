import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatSGD,
  includedGstCents,
  priceOrder,
  withGstCents,
  withGstShares,
  parseMoney,
  percentOf,
  roundHalfUp,
  toDollars,
  toMoneyString,
} from '../src';

describe('money', () => {
  it('formats SGD en-SG with 2 decimals', () => {
    expect(formatSGD(123450)).toBe('S$1,234.50');
    expect(formatSGD(0)).toBe('S$0.00');
    expect(formatSGD(5)).toBe('S$0.05');
    expect(formatSGD(100000000)).toBe('S$1,000,000.00');
    expect(formatSGD(-500)).toBe('-S$5.00');
  });

  it('parses decimal strings exactly', () => {
    expect(parseMoney('123.45')).toBe(12345);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney(' 19.90 ')).toBe(1990);
    expect(parseMoney('-1.20')).toBe(-120);
    expect(parseMoney('-0')).toBe(0);
    expect(parseMoney(0.29)).toBe(29);
    expect(parseMoney(150)).toBe(15000);
  });

  it('rejects junk', () => {
    for (const junk of ['', 'abc', '1,000', '12.345', '1.', '.5', '1e3', '--1', '12.3.4']) {
      expect(parseMoney(junk)).toBeNull();
    }
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseMoney(1.005)).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(undefined)).toBeNull();
    expect(parseMoney('99999999999999999')).toBeNull();
    // Numbers past whole-cent exactness are refused like strings are.
    expect(parseMoney(1e20)).toBeNull();
    expect(parseMoney(-1e20)).toBeNull();
    expect(parseMoney(Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(parseMoney(90_071_992_547_410)).toBeNull();
    expect(parseMoney(90_071_992_547.4)).toBe(9_007_199_254_740);
  });

  it('writes the wire format', () => {
    expect(toMoneyString(12345)).toBe('123.45');
    expect(toMoneyString(5)).toBe('0.05');
    expect(toMoneyString(-5)).toBe('-0.05');
    expect(toMoneyString(0)).toBe('0.00');
    expect(toDollars(12345)).toBe(123.45);
    expect(() => toMoneyString(1.5)).toThrow(RangeError);
  });

  it('round-trips every amount through the wire format', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(parseMoney(toMoneyString(cents))).toBe(cents);
        expect(parseMoney(toDollars(cents))).toBe(cents);
      }),
    );
  });

  it('rounds half-up', () => {
    expect(roundHalfUp(5, 2)).toBe(3);
    expect(roundHalfUp(4, 3)).toBe(1);
    expect(roundHalfUp(149, 100)).toBe(1);
    expect(roundHalfUp(150, 100)).toBe(2);
    expect(roundHalfUp(-150, 100)).toBe(-2);
    expect(roundHalfUp(0, 7)).toBe(0);
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
  });

  it('takes percentages to the cent', () => {
    expect(percentOf(10000, 9)).toBe(900);
    expect(percentOf(1050, 9)).toBe(95); // 94.5 -> 95
    expect(percentOf(10000, 12.5)).toBe(1250);
    expect(percentOf(333, 33.33)).toBe(111); // 110.9889 -> 111
  });

  it('finds the GST inside a GST-inclusive amount (9/109), half-up to the cent', () => {
    expect(includedGstCents(10900)).toBe(900);
    expect(includedGstCents(13952)).toBe(1152); // S$128.00 + 9%
    expect(includedGstCents(5000)).toBe(413); // 412.84
    expect(includedGstCents(103)).toBe(9); // 8.504...
    expect(includedGstCents(6)).toBe(0); // 0.495...
    expect(includedGstCents(0)).toBe(0);
  });
});

describe('prices to the public, GST included (issue 46)', () => {
  it('adds 9 % rounded half-up: what one person pays at the review', () => {
    expect(withGstCents(12_800)).toBe(13_952);
    expect(withGstCents(26_800)).toBe(29_212);
    expect(withGstCents(0)).toBe(0);
  });

  it('is the order total of one person at that price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const order = priceOrder({
          participants: [{ packagePriceCents: cents, aiaPriceCents: null, memberVerified: false }],
          discount: null,
          partnerPaidCents: 0,
        });
        expect(withGstCents(cents)).toBe(order.totalCents);
      }),
    );
  });
});

describe('GST-inclusive lines that add up to the total (issue 46)', () => {
  it('shows each line with GST and the lines sum to the total to the cent', () => {
    const shares = withGstShares([26_800, 26_800, -2_680]);
    expect(shares).toEqual([29_212, 29_212, -2_921]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(withGstCents(26_800 + 26_800 - 2_680));
  });

  it('adds up for every mix of prices and discounts', () => {
    for (let seed = 1; seed < 500; seed++) {
      const lines = [((seed * 7919) % 50_000) + 1, ((seed * 104_729) % 30_000) + 3, (seed * 13) % 999];
      const subtotal = lines.reduce((a, b) => a + b, 0);
      const discount = -((seed * 31) % subtotal);
      const shares = withGstShares([...lines, discount]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(withGstCents(subtotal + discount));
      // No line moves by more than a cent from its own GST-inclusive price.
      for (const [i, l] of lines.entries()) {
        expect(Math.abs((shares[i] ?? 0) - withGstCents(l))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('refuses a running total below zero', () => {
    expect(() => withGstShares([100, -200])).toThrow(RangeError);
  });
});
