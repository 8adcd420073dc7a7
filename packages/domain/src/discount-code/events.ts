/**
 * Events of a `discount-code-<identifierId>` stream (one code) or a `discount-<id>` stream (every
 * code of a discount, for the discount-wide limit): redemptions.
 */
import type { DomainEvent } from '../decider';

export type CodeRedeemed = DomainEvent<
  'CodeRedeemed',
  { registrationId: string; countAfter: number; at: string }
>;
export type CodeRedemptionReleased = DomainEvent<
  'CodeRedemptionReleased',
  { registrationId: string; countAfter: number; at: string }
>;
export type DiscountCodeEvent = CodeRedeemed | CodeRedemptionReleased;
export const DISCOUNT_CODE_EVENT_TYPES = [
  'CodeRedeemed',
  'CodeRedemptionReleased',
] as const satisfies readonly DiscountCodeEvent['type'][];
