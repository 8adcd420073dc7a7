import { type Cents, parseMoney, percentOf, toMoneyString } from '../money';

export type DiscountType = '-' | 'promo' | 'bin';
/** 'amount' (the form's word) and 'fixed' mean the same: a fixed amount of money. */
export type DiscountValueType = 'percentage' | 'fixed';

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
