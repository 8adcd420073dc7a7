/**
 * Events of a `discount-code-<identifierId>` stream (one code) or a `discount-<id>` stream (every
 * code of a discount, for the discount-wide limit): redemptions.
 */
import type { CountedUseEvent } from '../counted-uses';

export type DiscountCodeEvent = CountedUseEvent<'CodeRedeemed', 'CodeRedemptionReleased'>;
export type CodeRedeemed = Extract<DiscountCodeEvent, { type: 'CodeRedeemed' }>;
export type CodeRedemptionReleased = Extract<DiscountCodeEvent, { type: 'CodeRedemptionReleased' }>;
export const DISCOUNT_CODE_EVENT_TYPES = [
  'CodeRedeemed',
  'CodeRedemptionReleased',
] as const satisfies readonly DiscountCodeEvent['type'][];
