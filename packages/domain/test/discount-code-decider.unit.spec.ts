import { describe, expect, it } from 'vitest';
import { type DiscountCodeEvent, discountCodeDecider } from '../src';
import { spec } from './given-when-then';

const at = '2026-01-05T01:00:00.000Z';
const given = spec(discountCodeDecider);
const redeemed = (registrationId: string, countAfter: number): DiscountCodeEvent => ({
  type: 'CodeRedeemed',
  data: { registrationId, countAfter, at },
});

describe('discount code redemption', () => {
  it('redeems under the limit', () => {
    const s = given([redeemed('r1', 1)])
      .when({ type: 'Use', registrationId: 'r2', limit: 2, at })
      .thenEvents([redeemed('r2', 2)]);
    expect(s).toEqual({ count: 2, redeemedBy: { r1: true, r2: true } });
  });

  it('refuses at the limit', () => {
    given([redeemed('r1', 1), redeemed('r2', 2)])
      .when({ type: 'Use', registrationId: 'r3', limit: 2, at })
      .thenError({
        code: 'REDEMPTION_LIMIT_REACHED',
        message: 'This discount code has reached its redemption limit',
      });
  });

  it('treats 0 or null as unlimited', () => {
    const many = Array.from({ length: 50 }, (_, i) => redeemed(`r${i}`, i + 1));
    given(many)
      .when({ type: 'Use', registrationId: 'x', limit: 0, at })
      .thenEvents([redeemed('x', 51)]);
    given(many)
      .when({ type: 'Use', registrationId: 'y', limit: null, at })
      .thenEvents([redeemed('y', 51)]);
  });

  it('is idempotent per registration and releases for reuse', () => {
    given([redeemed('r1', 1)])
      .when({ type: 'Use', registrationId: 'r1', limit: 1, at })
      .thenEvents([]);
    const s = given([redeemed('r1', 1)])
      .when({ type: 'Release', registrationId: 'r1', at })
      .thenEvents([{ type: 'CodeRedemptionReleased', data: { registrationId: 'r1', countAfter: 0, at } }]);
    expect(s).toEqual({ count: 0, redeemedBy: {} });
    given([]).when({ type: 'Release', registrationId: 'r1', at }).thenEvents([]);
    given([
      redeemed('r1', 1),
      { type: 'CodeRedemptionReleased', data: { registrationId: 'r1', countAfter: 0, at } },
    ])
      .when({ type: 'Use', registrationId: 'r2', limit: 1, at })
      .thenEvents([redeemed('r2', 1)]);
  });
});
