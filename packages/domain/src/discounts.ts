/**
 * Discounts and discount codes (spec sections 3, 5 and 9): code identifiers, validity window,
 * applicability flags, percentage vs fixed amount, redemption limits (0 = unlimited).
 */
import { TZDate } from '@date-fns/tz';
import { formatDiscountDate, parseIsoDay, SINGAPORE_TZ } from './dates';
import { type Cents, parseMoney, percentOf, toMoneyString } from './money';
import { type RandomInt, randomString, secureRandomInt } from './random';

export type DiscountType = '-' | 'promo' | 'bin';
/** 'amount' (the form's word) and 'fixed' mean the same: a fixed amount of money. */
export type DiscountValueType = 'percentage' | 'fixed';

export const DISCOUNT_CODE_COUNT_DEFAULT = 10;
export const DISCOUNT_CODE_COUNT_MAX = 1000;
export const DISCOUNT_IDENTIFIER_LENGTH_DEFAULT = 6;
export const DISCOUNT_IDENTIFIER_LENGTH_MAX = 16;
export const DEFAULT_IDENTIFIER_PREFIX = 'PROMO';
/**
 * Uppercase letters and digits without the ones read as each other (0/O, 1/I/L): a code read out at the
 * desk or copied from print is typed right (issue 45; `CNYD0QHOI` was generated).
 */
export const IDENTIFIER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** After uppercasing: letters, digits, hyphen, underscore ('' allowed: the prefix may be empty). */
export const IDENTIFIER_PREFIX_PATTERN = /^[A-Z0-9_-]*$/;

export const DISCOUNT_MESSAGES = {
  nameRequired: 'Discount name is required',
  valueRequired: 'Discount value is required',
  prefixRequired: 'Identifier Prefix is required for Promo discounts',
  prefixInvalid: 'Identifier Prefix can only contain letters, numbers, hyphens and underscores',
  lengthInvalid: 'Identifier length must be between 1 and 16',
  countInvalid: 'Please enter a valid number between 1 and 1000',
  typeInvalid: 'Please select a discount type',
  valueTypeInvalid: 'Please select a value type',
  valueInvalid: 'Discount value must be a positive number',
  valueTooHigh: 'Discount value must be at most 99,999,999.99',
  percentTooHigh: 'Percentage discount cannot exceed 100',
  dateInvalid: 'Please enter a valid date',
  endBeforeStart: 'End date must be on or after the start date',
  maxRedemptionsInvalid: 'Maximum redemptions must be 0 or more',
  tooManyForLength: 'Not enough distinct codes of this length',
  // evaluation of a code typed by a customer
  unknownCode: 'Invalid discount code',
  inactive: 'This discount code is no longer active',
  notStarted: 'This discount code is not valid yet',
  expired: 'This discount code has expired',
  limitReached: 'This discount code has reached its redemption limit',
  notApplicable: 'This discount code cannot be used for this booking',
} as const;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

/* ---------- code identifiers ---------- */

export interface GenerateIdentifiersInput {
  /** Uppercased; empty or missing gives 'PROMO'. */
  prefix?: string | null;
  /** Random part length, 1-16, default 6. */
  length?: number;
  /** How many, 1-1000, default 10. */
  count?: number;
  /** Identifiers that already exist (never returned again). */
  existing?: ReadonlySet<string>;
}

/**
 * Distinct identifiers: prefix (uppercased, or 'PROMO') + `length` crypto-random uppercase letters
 * and digits.
 */
export function generateDiscountIdentifiers(
  input: GenerateIdentifiersInput,
  random: RandomInt = secureRandomInt,
): Result<string[]> {
  const count = input.count ?? DISCOUNT_CODE_COUNT_DEFAULT;
  const length = input.length ?? DISCOUNT_IDENTIFIER_LENGTH_DEFAULT;
  const prefix = (input.prefix ?? '').trim().toUpperCase() || DEFAULT_IDENTIFIER_PREFIX;
  if (!Number.isInteger(count) || count < 1 || count > DISCOUNT_CODE_COUNT_MAX) {
    return { ok: false, message: DISCOUNT_MESSAGES.countInvalid };
  }
  if (!Number.isInteger(length) || length < 1 || length > DISCOUNT_IDENTIFIER_LENGTH_MAX) {
    return { ok: false, message: DISCOUNT_MESSAGES.lengthInvalid };
  }
  if (!IDENTIFIER_PREFIX_PATTERN.test(prefix)) return { ok: false, message: DISCOUNT_MESSAGES.prefixInvalid };
  const existing = input.existing ?? new Set<string>();
  // refuse when fewer than twice the needed codes exist, so the draw below always ends quickly
  const space = IDENTIFIER_ALPHABET.length ** length;
  if (space < 2 * (count + existing.size)) return { ok: false, message: DISCOUNT_MESSAGES.tooManyForLength };
  const out = new Set<string>();
  while (out.size < count) {
    const id = prefix + randomString(IDENTIFIER_ALPHABET, length, random);
    if (!existing.has(id)) out.add(id);
  }
  return { ok: true, value: [...out] };
}

/** Codes are matched case-insensitively: stored and compared uppercased and trimmed. */
export function normalizeDiscountCode(code: string): string {
  return String(code ?? '')
    .trim()
    .toUpperCase();
}

/* ---------- validity window ---------- */

/**
 * A discount start/end as epoch ms. A bare day "yyyy-MM-dd" is a Singapore day: the start of it
 * for a start date, the last millisecond of it for an end date. Null when absent or unparsable.
 */
export function parseDiscountInstant(value: string | null | undefined, edge: 'start' | 'end'): number | null {
  if (!value) return null;
  const day = parseIsoDay(value);
  if (day) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const start = new TZDate(y, m - 1, d, SINGAPORE_TZ).getTime();
    return edge === 'start' ? start : new TZDate(y, m - 1, d + 1, SINGAPORE_TZ).getTime() - 1;
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

export interface DiscountWindow {
  startDate?: string | null;
  endDate?: string | null;
}

export type WindowState = 'not-started' | 'active' | 'expired';

/** Inclusive at both ends; a missing bound is open. */
export function discountWindowState(window: DiscountWindow, now: Date): WindowState {
  const t = now.getTime();
  const start = parseDiscountInstant(window.startDate, 'start');
  const end = parseDiscountInstant(window.endDate, 'end');
  if (start !== null && t < start) return 'not-started';
  if (end !== null && t > end) return 'expired';
  return 'active';
}

/** 'Always valid', 'From Jan 5, 2026', 'Until Feb 1, 2026' or 'Jan 5, 2026 - Feb 1, 2026'. */
export function formatDiscountValidity(window: DiscountWindow): string {
  const { startDate, endDate } = window;
  if (!startDate && !endDate) return 'Always valid';
  if (!endDate) return `From ${formatDiscountDate(startDate)}`;
  if (!startDate) return `Until ${formatDiscountDate(endDate)}`;
  return `${formatDiscountDate(startDate)} - ${formatDiscountDate(endDate)}`;
}

/* ---------- applicability ---------- */

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

/* ---------- value ---------- */

export function normalizeValueType(type: string | null | undefined): DiscountValueType {
  return type === 'fixed' || type === 'amount' ? 'fixed' : 'percentage';
}

/** Table display: '10%' / '12.5%' for a percentage, '$10.00' for a fixed amount. */
export function formatDiscountValue(type: string, value: string | number): string {
  const hundredths = parseMoney(value) ?? 0;
  if (normalizeValueType(type) === 'fixed') return `$${toMoneyString(hundredths)}`;
  return `${Number(toMoneyString(hundredths))}%`;
}

export function formatDiscountType(type: string | null | undefined): 'Promo' | 'Bin' | '-' {
  return type === 'promo' ? 'Promo' : type === 'bin' ? 'Bin' : '-';
}

/** The pricing input of a discount: a percent, or a fixed amount in cents. */
export type PricingDiscount = { type: 'percentage'; percent: number } | { type: 'fixed'; amountCents: Cents };

/** value is the decimal column ("10.00"): a percent for percentage discounts, dollars for fixed ones. */
export function toPricingDiscount(type: string, value: string | number): PricingDiscount {
  const hundredths = Math.max(0, parseMoney(value) ?? 0);
  return normalizeValueType(type) === 'fixed'
    ? { type: 'fixed', amountCents: hundredths }
    : { type: 'percentage', percent: Math.min(100, hundredths / 100) };
}

/** Discount on a subtotal: percentage rounded half-up to the cent; never below 0 nor above the subtotal. */
export function discountAmountCents(discount: PricingDiscount, subtotalCents: Cents): Cents {
  const raw =
    discount.type === 'percentage' ? percentOf(subtotalCents, discount.percent) : discount.amountCents;
  return Math.min(Math.max(0, raw), Math.max(0, subtotalCents));
}

/* ---------- redemption limits ---------- */

/** The limit in force: null = unlimited (switch off, or maximum 0). */
export function redemptionLimit(
  limitOn: boolean | null | undefined,
  max: number | null | undefined,
): number | null {
  return limitOn && max && max > 0 ? max : null;
}

export function hasRedemptionsLeft(limit: number | null, used: number): boolean {
  return limit === null || used < limit;
}

/* ---------- evaluating a code a customer typed ---------- */

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
  if (!isDiscountApplicable(discount, input)) return { ok: false, message: DISCOUNT_MESSAGES.notApplicable };
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
