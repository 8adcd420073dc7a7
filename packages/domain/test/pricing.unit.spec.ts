import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountMatches,
  appliedPrice,
  type PricingParticipant,
  priceOrder,
  volumeDiscountPercent,
} from '../src';

const plain = (packagePriceCents: number): PricingParticipant => ({
  packagePriceCents,
  memberVerified: false,
});

describe('priceOrder', () => {
  it('prices one participant with GST 9%', () => {
    const b = priceOrder({ participants: [plain(20000)] });
    expect(b).toMatchObject({
      participantCount: 1,
      volumeDiscountPercent: 0,
      baseTotalCents: 20000,
      subtotalCents: 20000,
      discountCents: 0,
      taxableCents: 20000,
      gstCents: 1800,
      totalCents: 21800,
      partnerPaidCents: 0,
      balanceDueCents: 21800,
    });
  });

  it('applies the member price when verified and present, else the base price', () => {
    expect(appliedPrice({ packagePriceCents: 20000, aiaPriceCents: 15000, memberVerified: true })).toEqual({
      cents: 15000,
      member: true,
    });
    expect(
      appliedPrice({ packagePriceCents: 20000, aiaPriceCents: 15000, memberVerified: false }).cents,
    ).toBe(20000);
    expect(appliedPrice({ packagePriceCents: 20000, aiaPriceCents: null, memberVerified: true }).cents).toBe(
      20000,
    );
    const b = priceOrder({
      participants: [{ packagePriceCents: 20000, aiaPriceCents: 15000, memberVerified: true }],
    });
    expect(b.participants[0]).toEqual({
      basePriceCents: 20000,
      appliedPriceCents: 15000,
      usedMemberPrice: true,
      memberDiscountCents: 5000,
      volumeDiscountCents: 0,
      lineTotalCents: 15000,
    });
    expect(b.totalCents).toBe(16350);
  });

  it('gives the volume discount by count, on every participant', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(volumeDiscountPercent)).toEqual([0, 5, 10, 15, 20, 20, 20]);
    expect(volumeDiscountPercent(0)).toBe(0);
    const two = priceOrder({ participants: [plain(10000), plain(20000)] });
    expect(two.participants.map((p) => p.lineTotalCents)).toEqual([9500, 19000]);
    expect(two.volumeDiscountCents).toBe(1500);
    const five = priceOrder({ participants: Array.from({ length: 5 }, () => plain(10000)) });
    expect(five.subtotalCents).toBe(40000);
    expect(five.totalCents).toBe(43600);
  });

  it('rounds each line half-up, then sums', () => {
    // 3 x 0.95 = 2.85 -> 3; 1050 x 0.09 = 94.5 -> 95
    const b = priceOrder({ participants: [plain(3), plain(3)] });
    expect(b.participants.map((p) => p.lineTotalCents)).toEqual([3, 3]);
    expect(b.subtotalCents).toBe(6);
    expect(priceOrder({ participants: [plain(1050)] }).gstCents).toBe(95);
    // 999 x 0.85 = 849.15 -> 849
    expect(priceOrder({ participants: Array(4).fill(plain(999)) }).participants[0]!.lineTotalCents).toBe(849);
  });

  it('takes a percentage or fixed code discount, never above the subtotal', () => {
    const pct = priceOrder({ participants: [plain(20000)], discount: { type: 'percentage', percent: 10 } });
    expect(pct).toMatchObject({
      discountCents: 2000,
      taxableCents: 18000,
      gstCents: 1620,
      totalCents: 19620,
    });
    const fixed = priceOrder({
      participants: [plain(20000)],
      discount: { type: 'fixed', amountCents: 5000 },
    });
    expect(fixed).toMatchObject({ discountCents: 5000, taxableCents: 15000, totalCents: 16350 });
    const huge = priceOrder({
      participants: [plain(20000)],
      discount: { type: 'fixed', amountCents: 99999 },
    });
    expect(huge).toMatchObject({
      discountCents: 20000,
      taxableCents: 0,
      gstCents: 0,
      totalCents: 0,
      balanceDueCents: 0,
    });
  });

  it('subtracts the partner payment, floored at 0', () => {
    expect(priceOrder({ participants: [plain(20000)], partnerPaidCents: 10000 }).balanceDueCents).toBe(11800);
    expect(priceOrder({ participants: [plain(20000)], partnerPaidCents: 50000 }).balanceDueCents).toBe(0);
  });

  it('refuses bad amounts', () => {
    expect(() => priceOrder({ participants: [plain(10.5)] })).toThrow(RangeError);
    expect(() => priceOrder({ participants: [plain(-1)] })).toThrow(RangeError);
    expect(() =>
      priceOrder({ participants: [{ packagePriceCents: 1, aiaPriceCents: -1, memberVerified: true }] }),
    ).toThrow(RangeError);
    expect(() => priceOrder({ participants: [plain(1)], partnerPaidCents: -1 })).toThrow(RangeError);
  });

  it('compares client amounts to the cent', () => {
    expect(amountMatches(21800, 21800)).toBe(true);
    expect(amountMatches(21799, 21800)).toBe(false);
    expect(amountMatches(null, 0)).toBe(false);
  });
});

const participantArb = fc.record({
  packagePriceCents: fc.integer({ min: 0, max: 5_000_000 }),
  aiaPriceCents: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: undefined }),
  memberVerified: fc.boolean(),
});
const discountArb = fc.option(
  fc.oneof(
    fc.record({
      type: fc.constant('percentage' as const),
      percent: fc.integer({ min: 0, max: 10000 }).map((x) => x / 100),
    }),
    fc.record({ type: fc.constant('fixed' as const), amountCents: fc.integer({ min: 0, max: 10_000_000 }) }),
  ),
  { nil: undefined },
);

describe('priceOrder properties', () => {
  it('always adds up to the cent and never owes a negative balance', () => {
    fc.assert(
      fc.property(
        fc.array(participantArb, { minLength: 1, maxLength: 10 }),
        discountArb,
        fc.integer({ min: 0, max: 100_000_000 }),
        (participants, discount, partnerPaidCents) => {
          const b = priceOrder({ participants, discount, partnerPaidCents });
          const sum = (
            k: 'basePriceCents' | 'memberDiscountCents' | 'volumeDiscountCents' | 'lineTotalCents',
          ) => b.participants.reduce((a, p) => a + p[k], 0);
          for (const p of b.participants) {
            expect(p.basePriceCents - p.memberDiscountCents - p.volumeDiscountCents).toBe(p.lineTotalCents);
            expect(p.volumeDiscountCents).toBeGreaterThanOrEqual(0);
            for (const v of Object.values(p))
              if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
          }
          expect(b.baseTotalCents).toBe(sum('basePriceCents'));
          expect(b.memberDiscountCents).toBe(sum('memberDiscountCents'));
          expect(b.volumeDiscountCents).toBe(sum('volumeDiscountCents'));
          expect(b.subtotalCents).toBe(sum('lineTotalCents'));
          expect(b.baseTotalCents - b.memberDiscountCents - b.volumeDiscountCents).toBe(b.subtotalCents);
          expect(b.discountCents).toBeGreaterThanOrEqual(0);
          expect(b.discountCents).toBeLessThanOrEqual(b.subtotalCents);
          expect(b.taxableCents).toBe(b.subtotalCents - b.discountCents);
          expect(b.totalCents).toBe(b.taxableCents + b.gstCents);
          // GST is 9% of taxable, rounded half-up: |gst - taxable*0.09| <= 0.5 cent
          expect(Math.abs(b.gstCents * 100 - b.taxableCents * 9)).toBeLessThanOrEqual(50);
          expect(b.balanceDueCents).toBeGreaterThanOrEqual(0);
          expect(b.balanceDueCents).toBe(Math.max(0, b.totalCents - partnerPaidCents));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('more participants never raise the per-person price', () => {
    fc.assert(
      fc.property(
        fc.array(participantArb, { minLength: 1, maxLength: 11 }),
        participantArb,
        (participants, extra) => {
          const before = priceOrder({ participants });
          const after = priceOrder({ participants: [...participants, extra] });
          before.participants.forEach((p, i) => {
            expect(after.participants[i]!.lineTotalCents).toBeLessThanOrEqual(p.lineTotalCents);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
