import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APPLICABILITY,
  type DiscountDefinition,
  applicabilityBadges,
  discountAmountCents,
  discountWindowState,
  evaluateDiscountCode,
  formatDiscountType,
  formatDiscountValidity,
  formatDiscountValue,
  generateDiscountIdentifiers,
  hasRedemptionsLeft,
  isDiscountApplicable,
  normalizeDiscountCode,
  normalizeValueType,
  parseDiscountInstant,
  redemptionLimit,
  toPricingDiscount,
} from '../src';

describe('discount code identifiers', () => {
  it('uses the uppercased prefix and random uppercase letters and digits', () => {
    const r = generateDiscountIdentifiers({ prefix: 'ny-26_', length: 8, count: 50 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toHaveLength(50);
    expect(new Set(r.value).size).toBe(50);
    for (const id of r.value) expect(id).toMatch(/^NY-26_[A-Z0-9]{8}$/);
  });

  it('draws no look-alike characters: no 0, O, 1, I or L after the prefix (issue 45)', () => {
    const r = generateDiscountIdentifiers({ prefix: 'CNY', length: 16, count: 1000 });
    if (!r.ok) throw new Error(r.message);
    const drawn = new Set(r.value.flatMap((id) => [...id.slice(3)]));
    for (const ch of '0O1IL') expect(drawn.has(ch), ch).toBe(false);
    expect(drawn.size).toBe(31);
  });

  it("defaults to 'PROMO', length 6 and 10 codes", () => {
    const r = generateDiscountIdentifiers({});
    expect(r.ok && r.value).toHaveLength(10);
    if (r.ok) for (const id of r.value) expect(id).toMatch(/^PROMO[A-Z0-9]{6}$/);
    const fixed = generateDiscountIdentifiers({ prefix: '  ', count: 1, length: 3 }, () => 0);
    expect(fixed).toEqual({ ok: true, value: ['PROMOAAA'] });
  });

  it('never returns an existing identifier', () => {
    let n = 0;
    const r = generateDiscountIdentifiers(
      { prefix: 'X', length: 1, count: 1, existing: new Set(['XA']) },
      () => (n++ < 3 ? 0 : 1),
    );
    expect(r).toEqual({ ok: true, value: ['XB'] });
  });

  it('refuses counts outside 1-1000, lengths outside 1-16 and bad prefixes', () => {
    for (const count of [0, 1001, 2.5]) {
      expect(generateDiscountIdentifiers({ count })).toEqual({
        ok: false,
        message: 'Please enter a valid number between 1 and 1000',
      });
    }
    expect(generateDiscountIdentifiers({ length: 17 })).toEqual({
      ok: false,
      message: 'Identifier length must be between 1 and 16',
    });
    expect(generateDiscountIdentifiers({ prefix: 'a b' })).toEqual({
      ok: false,
      message: 'Identifier Prefix can only contain letters, numbers, hyphens and underscores',
    });
    expect(generateDiscountIdentifiers({ length: 1, count: 20 })).toEqual({
      ok: false,
      message: 'Not enough distinct codes of this length',
    });
  });

  it('generates 1000 distinct codes in one request (property: always the format)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 50 }), (length, count) => {
        const r = generateDiscountIdentifiers({ prefix: 'p', length: Math.max(length, 3), count });
        expect(r.ok).toBe(true);
        if (r.ok)
          for (const id of r.value) expect(id).toMatch(new RegExp(`^P[A-Z0-9]{${Math.max(length, 3)}}$`));
      }),
      { numRuns: 50 },
    );
    const big = generateDiscountIdentifiers({ count: 1000 });
    expect(big.ok && new Set(big.value).size).toBe(1000);
  });

  it('normalises typed codes', () => {
    expect(normalizeDiscountCode(' promoab12 ')).toBe('PROMOAB12');
  });
});

describe('validity window', () => {
  const at = (iso: string) => new Date(iso);
  it('is inclusive, with bare days as whole Singapore days', () => {
    const w = { startDate: '2026-01-05', endDate: '2026-01-31' };
    expect(discountWindowState(w, at('2026-01-04T15:59:59Z'))).toBe('not-started');
    expect(discountWindowState(w, at('2026-01-04T16:00:00Z'))).toBe('active');
    expect(discountWindowState(w, at('2026-01-31T15:59:59Z'))).toBe('active');
    expect(discountWindowState(w, at('2026-01-31T16:00:00Z'))).toBe('expired');
    expect(discountWindowState({}, at('2030-01-01T00:00:00Z'))).toBe('active');
    expect(discountWindowState({ endDate: '2026-01-01T00:00:00.000Z' }, at('2026-01-01T00:00:01Z'))).toBe(
      'expired',
    );
    expect(parseDiscountInstant('nonsense', 'start')).toBeNull();
    expect(parseDiscountInstant(null, 'end')).toBeNull();
  });

  it('is displayed like the discounts table', () => {
    expect(formatDiscountValidity({})).toBe('Always valid');
    expect(formatDiscountValidity({ startDate: '2026-01-05' })).toBe('From Jan 5, 2026');
    expect(formatDiscountValidity({ endDate: '2026-02-01' })).toBe('Until Feb 1, 2026');
    expect(formatDiscountValidity({ startDate: '2026-01-05', endDate: '2026-02-01' })).toBe(
      'Jan 5, 2026 - Feb 1, 2026',
    );
  });
});

describe('applicability, value and limits', () => {
  it('shows badges in table order and defaults to Health Screening only', () => {
    expect(applicabilityBadges(DEFAULT_APPLICABILITY)).toEqual(['Health']);
    expect(
      applicabilityBadges({
        applicableForAIA: true,
        applicableForRetail: true,
        applicableForHealthScreening: true,
        applicableForChronic: true,
        applicableForPDT: true,
      }),
    ).toEqual(['Health', 'AIA', 'Retail', 'Chronic', 'PDT']);
  });

  it('applies to health screening; to member-priced bookings only with the AIA flag', () => {
    expect(isDiscountApplicable(DEFAULT_APPLICABILITY, { isAiaMember: false })).toBe(true);
    expect(isDiscountApplicable(DEFAULT_APPLICABILITY, { isAiaMember: true })).toBe(false);
    expect(
      isDiscountApplicable({ ...DEFAULT_APPLICABILITY, applicableForAIA: true }, { isAiaMember: true }),
    ).toBe(true);
    expect(
      isDiscountApplicable(
        { ...DEFAULT_APPLICABILITY, applicableForHealthScreening: false },
        { isAiaMember: false },
      ),
    ).toBe(false);
  });

  it('computes percentage vs fixed amounts, capped at the subtotal', () => {
    expect(normalizeValueType('amount')).toBe('fixed');
    expect(normalizeValueType(undefined)).toBe('percentage');
    expect(toPricingDiscount('percentage', '12.50')).toEqual({ type: 'percentage', percent: 12.5 });
    expect(toPricingDiscount('percentage', '150')).toEqual({ type: 'percentage', percent: 100 });
    expect(toPricingDiscount('amount', '15.00')).toEqual({ type: 'fixed', amountCents: 1500 });
    expect(discountAmountCents({ type: 'percentage', percent: 12.5 }, 19999)).toBe(2500); // 2499.875 -> 2500
    expect(discountAmountCents({ type: 'fixed', amountCents: 1500 }, 1000)).toBe(1000);
    expect(discountAmountCents({ type: 'fixed', amountCents: -5 }, 1000)).toBe(0);
    expect(formatDiscountValue('percentage', '10.00')).toBe('10%');
    expect(formatDiscountValue('percentage', 12.5)).toBe('12.5%');
    expect(formatDiscountValue('fixed', '15')).toBe('$15.00');
    expect(formatDiscountType('promo')).toBe('Promo');
    expect(formatDiscountType('bin')).toBe('Bin');
    expect(formatDiscountType('-')).toBe('-');
  });

  it('treats 0 or a switched-off limit as unlimited', () => {
    expect(redemptionLimit(true, 0)).toBeNull();
    expect(redemptionLimit(false, 5)).toBeNull();
    expect(redemptionLimit(true, 5)).toBe(5);
    expect(hasRedemptionsLeft(null, 1_000_000)).toBe(true);
    expect(hasRedemptionsLeft(5, 4)).toBe(true);
    expect(hasRedemptionsLeft(5, 5)).toBe(false);
  });
});

describe('evaluateDiscountCode', () => {
  const discount: DiscountDefinition = {
    id: 1,
    name: 'New Year',
    lineItemLabel: 'New Year 10%',
    discountType: 'promo',
    discountValueType: 'percentage',
    value: '10.00',
    isActive: true,
    limitRedemption: true,
    maxRedemptions: 2,
    limitBinRedemption: true,
    maxBinRedemptions: 100,
    startDate: '2026-01-01',
    endDate: '2026-01-31',
    ...DEFAULT_APPLICABILITY,
  };
  const identifier = { id: 9, identifier: 'PROMOAB12CD', usedCount: 0, discountUsedCount: 0 };
  const base = {
    discount,
    identifier,
    subtotalCents: 20000,
    isAiaMember: false,
    now: new Date('2026-01-10T00:00:00Z'),
  };

  it('answers the discount result', () => {
    expect(evaluateDiscountCode(base)).toEqual({
      ok: true,
      value: {
        code: 'PROMOAB12CD',
        discountAmountCents: 2000,
        type: 'percentage',
        description: 'New Year 10%',
        discountIdentifierId: 9,
      },
    });
    const plain = evaluateDiscountCode({
      ...base,
      discount: { ...discount, lineItemLabel: null, description: null },
    });
    expect(plain.ok && plain.value.description).toBe('New Year');
  });

  it('refuses in order with clear messages', () => {
    const msg = (over: Partial<Parameters<typeof evaluateDiscountCode>[0]>) => {
      const r = evaluateDiscountCode({ ...base, ...over });
      return r.ok ? null : r.message;
    };
    expect(msg({ discount: null })).toBe('Invalid discount code');
    expect(msg({ identifier: undefined })).toBe('Invalid discount code');
    expect(msg({ discount: { ...discount, isActive: false } })).toBe(
      'This discount code is no longer active',
    );
    expect(msg({ now: new Date('2025-12-31T00:00:00Z') })).toBe('This discount code is not valid yet');
    expect(msg({ now: new Date('2026-02-01T00:00:00Z') })).toBe('This discount code has expired');
    // issue 46: a code only barred by the member price says so, in words
    expect(msg({ isAiaMember: true })).toBe('This code cannot be combined with the AIA member price.');
    expect(msg({ isAiaMember: true, discount: { ...discount, applicableForAIA: true } })).toBeNull();
    expect(msg({ discount: { ...discount, applicableForHealthScreening: false } })).toBe(
      'This discount code cannot be used for this booking',
    );
    expect(msg({ isAiaMember: true, discount: { ...discount, applicableForHealthScreening: false } })).toBe(
      'This discount code cannot be used for this booking',
    );
    expect(msg({ identifier: { ...identifier, usedCount: 2 } })).toBe(
      'This discount code has reached its redemption limit',
    );
    expect(msg({ identifier: { ...identifier, discountUsedCount: 100 } })).toBe(
      'This discount code has reached its redemption limit',
    );
    expect(
      msg({ identifier: { ...identifier, usedCount: 2 }, discount: { ...discount, maxRedemptions: 0 } }),
    ).toBeNull();
  });
});
