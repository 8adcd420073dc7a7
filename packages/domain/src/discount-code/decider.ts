/**
 * Redemptions of a discount code (or of a whole discount): a limited code is redeemed at most its
 * limit, even under a burst of concurrent bookings (counted-uses.ts).
 */
import { type CountedUseCommand, type CountedUseState, countedUseDecider } from '../counted-uses';
import { DISCOUNT_MESSAGES } from '../discounts';

export type DiscountCodeState = CountedUseState;
export type DiscountCodeCommand = CountedUseCommand;

export const discountCodeDecider = countedUseDecider(
  { used: 'CodeRedeemed', released: 'CodeRedemptionReleased' },
  { code: 'REDEMPTION_LIMIT_REACHED', message: DISCOUNT_MESSAGES.limitReached },
);
