import type { Cents } from '../money';
import { type DiscountApplicability, isDiscountApplicable } from './applicability';
import { DISCOUNT_MESSAGES, type Result } from './messages';
import { hasRedemptionsLeft, redemptionLimit } from './redemptions';
import { type DiscountType, type DiscountValueType, discountAmountCents, toPricingDiscount } from './value';
import { type DiscountWindow, discountWindowState } from './window';

export interface DiscountDefinition extends DiscountApplicability, DiscountWindow {
  id: number;
  name: string;
  description?: string | null;
  lineItemLabel?: string | null;
  discountType: DiscountType;
  discountValueType: string;
  value: string | number;
  isActive: boolean;
  limitRedemption: boolean;
  maxRedemptions?: number | null;
  limitBinRedemption?: boolean;
  maxBinRedemptions?: number | null;
}

export interface DiscountIdentifierState {
  id: number;
  identifier: string;
  /** Times this code was redeemed. */
  usedCount: number;
  /** Redemptions of every code of the discount (the discount-wide 'bin' limit). */
  discountUsedCount?: number;
}

/** The discount result the validate call answers. */
export interface DiscountResult {
  code: string;
  discountAmountCents: Cents;
  type: DiscountValueType;
  description: string;
  discountIdentifierId: number;
}

/**
 * Applies the rules in order: active, window, applicability, limits (per code: maxRedemptions;
 * discount-wide: maxBinRedemptions), then the amount on the subtotal.
 */
export function evaluateDiscountCode(input: {
  discount: DiscountDefinition | null | undefined;
  identifier: DiscountIdentifierState | null | undefined;
  subtotalCents: Cents;
  isAiaMember: boolean;
  now: Date;
}): Result<DiscountResult> {
  const { discount, identifier } = input;
  if (!discount || !identifier) return { ok: false, message: DISCOUNT_MESSAGES.unknownCode };
  if (!discount.isActive) return { ok: false, message: DISCOUNT_MESSAGES.inactive };
  const window = discountWindowState(discount, input.now);
  if (window === 'not-started') return { ok: false, message: DISCOUNT_MESSAGES.notStarted };
  if (window === 'expired') return { ok: false, message: DISCOUNT_MESSAGES.expired };
  if (!isDiscountApplicable(discount, input)) {
    // Usable at standard prices, only not with the member price: say so, so the booker can pick one.
    const withoutMember = isDiscountApplicable(discount, { isAiaMember: false });
    return {
      ok: false,
      message: withoutMember ? DISCOUNT_MESSAGES.notWithMemberPrice : DISCOUNT_MESSAGES.notApplicable,
    };
  }
  const codeLimit = redemptionLimit(discount.limitRedemption, discount.maxRedemptions);
  const binLimit = redemptionLimit(discount.limitBinRedemption, discount.maxBinRedemptions);
  if (
    !hasRedemptionsLeft(codeLimit, identifier.usedCount) ||
    !hasRedemptionsLeft(binLimit, identifier.discountUsedCount ?? 0)
  ) {
    return { ok: false, message: DISCOUNT_MESSAGES.limitReached };
  }
  const pricing = toPricingDiscount(discount.discountValueType, discount.value);
  return {
    ok: true,
    value: {
      code: identifier.identifier,
      discountAmountCents: discountAmountCents(pricing, input.subtotalCents),
      type: pricing.type,
      description: discount.lineItemLabel || discount.description || discount.name,
      discountIdentifierId: identifier.id,
    },
  };
}
