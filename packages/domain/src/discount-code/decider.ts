/**
 * Redemptions of a discount code (or of a whole discount): a limited code is redeemed at most its
 * limit, even under a burst of concurrent bookings (each redemption is appended with the stream's
 * expected version). The limit comes with the command: null or 0 = unlimited.
 */
import { type Decider, type Decision, domainError } from '../decider';
import { DISCOUNT_MESSAGES } from '../discounts';
import type { DiscountCodeEvent } from './events';

export interface DiscountCodeState {
  count: number;
  /** Registrations currently holding a redemption. */
  redeemedBy: Record<string, true>;
}

export type DiscountCodeCommand =
  | { type: 'RedeemCode'; registrationId: string; limit: number | null; at: string }
  | { type: 'ReleaseRedemption'; registrationId: string; at: string };

export function initialDiscountCodeState(): DiscountCodeState {
  return { count: 0, redeemedBy: {} };
}

export function decideDiscountCode(
  state: DiscountCodeState,
  command: DiscountCodeCommand,
): Decision<DiscountCodeEvent> {
  const held = state.redeemedBy[command.registrationId] === true;
  switch (command.type) {
    case 'RedeemCode': {
      // the same registration redeeming again changes nothing
      if (held) return [];
      if (command.limit && command.limit > 0 && state.count >= command.limit) {
        return domainError('REDEMPTION_LIMIT_REACHED', DISCOUNT_MESSAGES.limitReached);
      }
      return [
        {
          type: 'CodeRedeemed',
          data: { registrationId: command.registrationId, countAfter: state.count + 1, at: command.at },
        },
      ];
    }
    case 'ReleaseRedemption':
      if (!held) return [];
      return [
        {
          type: 'CodeRedemptionReleased',
          data: { registrationId: command.registrationId, countAfter: state.count - 1, at: command.at },
        },
      ];
  }
}

export function evolveDiscountCode(state: DiscountCodeState, event: DiscountCodeEvent): DiscountCodeState {
  switch (event.type) {
    case 'CodeRedeemed':
      return {
        count: state.count + 1,
        redeemedBy: { ...state.redeemedBy, [event.data.registrationId]: true },
      };
    case 'CodeRedemptionReleased': {
      const { [event.data.registrationId]: _released, ...rest } = state.redeemedBy;
      return { count: Math.max(0, state.count - 1), redeemedBy: rest };
    }
  }
}

export const discountCodeDecider: Decider<DiscountCodeState, DiscountCodeCommand, DiscountCodeEvent> = {
  initialState: initialDiscountCodeState,
  decide: decideDiscountCode,
  evolve: evolveDiscountCode,
};
