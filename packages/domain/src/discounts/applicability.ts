export interface DiscountApplicability {
  applicableForAIA: boolean;
  applicableForRetail: boolean;
  applicableForHealthScreening: boolean;
  applicableForChronic: boolean;
  applicableForPDT: boolean;
}

export const DEFAULT_APPLICABILITY: DiscountApplicability = {
  applicableForAIA: false,
  applicableForRetail: false,
  applicableForHealthScreening: true,
  applicableForChronic: false,
  applicableForPDT: false,
};

const BADGES: readonly [keyof DiscountApplicability, string][] = [
  ['applicableForHealthScreening', 'Health'],
  ['applicableForAIA', 'AIA'],
  ['applicableForRetail', 'Retail'],
  ['applicableForChronic', 'Chronic'],
  ['applicableForPDT', 'PDT'],
];

/** The 'Applicable For' badges, in the table's order: Health, AIA, Retail, Chronic, PDT. */
export function applicabilityBadges(flags: DiscountApplicability): string[] {
  return BADGES.filter(([key]) => flags[key]).map(([, label]) => label);
}

/**
 * Whether a discount may be used on a health-screening booking: the Health Screening flag must be
 * on; when the booking is priced at the member (AIA) price, the AIA flag must be on as well.
 */
export function isDiscountApplicable(
  flags: DiscountApplicability,
  booking: { isAiaMember: boolean },
): boolean {
  return flags.applicableForHealthScreening && (!booking.isAiaMember || flags.applicableForAIA);
}
