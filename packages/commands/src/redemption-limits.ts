import type { Sql } from '@hs/db';
import type { AppliedDiscount } from '@hs/domain';

/** How many times a code, and its whole discount, may be redeemed; null: without limit. */
export interface RedemptionLimits {
  codeLimit: number | null;
  binLimit: number | null;
}

/** The limits a discount's settings give (a limit switched off, or of 0, is none). */
export function redemptionLimitsOf(row: {
  limitRedemption?: boolean;
  maxRedemptions?: number | null;
  limitBinRedemption?: boolean;
  maxBinRedemptions?: number | null;
}): RedemptionLimits {
  return {
    codeLimit: row.limitRedemption && row.maxRedemptions ? row.maxRedemptions : null,
    binLimit: row.limitBinRedemption && row.maxBinRedemptions ? row.maxBinRedemptions : null,
  };
}

/** The applied discount's limits as the catalogue has them now; none when the discount is gone. */
export async function redemptionLimits(sql: Sql, discount: AppliedDiscount): Promise<RedemptionLimits> {
  const [row] = await sql<Parameters<typeof redemptionLimitsOf>[0][]>`
    select limit_redemption as "limitRedemption", max_redemptions as "maxRedemptions",
           limit_bin_redemption as "limitBinRedemption", max_bin_redemptions as "maxBinRedemptions"
    from discounts where id = ${discount.discountId}`;
  return row ? redemptionLimitsOf(row) : { codeLimit: null, binLimit: null };
}

/** A corporate programme's limits as the catalogue has them now (issue 51): its cap and the entitlement. */
export async function programmeLimits(
  sql: Sql,
  programmeId: number,
): Promise<{ cap: number | null; entitlement: number | null }> {
  const [row] = await sql<{ cap: number | null; entitlement: number }[]>`
    select booking_cap as cap, entitlement from programmes where id = ${programmeId}`;
  return row ?? { cap: null, entitlement: null };
}
