/**
 * Who pays what under a programme (issue 51). The company's share is decided on the order's total
 * (GST included) and is owed by the company, invoiced monthly; the employee pays the balance.
 */
import type { Cents } from '../money';

export const PROGRAMME_PAYMENT_RULES = [
  'company_pays_all',
  'company_pays_up_to',
  'employee_pays_corporate_price',
] as const;
export type ProgrammePaymentRule = (typeof PROGRAMME_PAYMENT_RULES)[number];

/** What the company pays of one order, as the booking records it. */
export type CompanyPays = { kind: 'all' } | { kind: 'up_to'; capCents: Cents } | { kind: 'none' };

/** The rule as a programme stores it: `amount` is the cap (GST included) or the corporate price (before GST). */
export function companyPaysOf(rule: ProgrammePaymentRule, amountCents: Cents | null): CompanyPays {
  if (rule === 'company_pays_all') return { kind: 'all' };
  if (rule === 'company_pays_up_to') return { kind: 'up_to', capCents: amountCents ?? 0 };
  return { kind: 'none' };
}

/** The company's share of a total it may pay (the total less what a partner already paid). */
export function companyShareCents(pays: CompanyPays, payableCents: Cents): Cents {
  if (pays.kind === 'all') return payableCents;
  if (pays.kind === 'up_to') return Math.min(pays.capCents, payableCents);
  return 0;
}

/** The price a covered package is booked at: its own, or the programme's corporate price. */
export function programmePackagePriceCents(
  rule: ProgrammePaymentRule,
  amountCents: Cents | null,
  packagePriceCents: Cents,
): Cents {
  return rule === 'employee_pays_corporate_price' && amountCents !== null ? amountCents : packagePriceCents;
}
