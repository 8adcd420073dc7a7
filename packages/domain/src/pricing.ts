/**
 * Order pricing (spec section 9), all in integer cents.
 *
 * Rounding rule: every multiplication is rounded half-up to the cent on its own line, and sums are
 * taken of the rounded lines, so the breakdown always adds up to the cent:
 *   - each participant: applied = member price when verified and present, else base price;
 *     line = roundHalfUp(applied x (100 - volume%) / 100); volume discount = applied - line
 *   - subtotal = sum of lines
 *   - code discount = roundHalfUp(subtotal x percent / 100) or the fixed amount, capped at the subtotal
 *   - taxable = max(0, subtotal - code discount); GST = roundHalfUp(taxable x 9 / 100)
 *   - total = taxable + GST (= taxable x 1.09 rounded half-up)
 *   - company paid (issue 51) = what a programme's company pays of total - partner paid
 *   - balance due = max(0, total - partner paid - company paid)
 */
import { type CompanyPays, companyShareCents } from './corporate/payment';
import { type PricingDiscount, discountAmountCents } from './discounts';
import { type Cents, gstOnCents, roundHalfUp } from './money';

/** Volume discount percent by participant count, the primary included: 1 none, 2 5%, 3 10%, 4 15%, 5+ 20%. */
export function volumeDiscountPercent(participantCount: number): 0 | 5 | 10 | 15 | 20 {
  if (participantCount >= 5) return 20;
  if (participantCount === 4) return 15;
  if (participantCount === 3) return 10;
  if (participantCount === 2) return 5;
  return 0;
}

export interface PricingParticipant {
  /** The package's price. */
  packagePriceCents: Cents;
  /** The package's member (AIA) price, when it has one. */
  aiaPriceCents?: Cents | null;
  /** Member status verified for this participant. */
  memberVerified: boolean;
}

export interface PriceOrderInput {
  /** Everyone on the order, the primary first. */
  participants: readonly PricingParticipant[];
  discount?: PricingDiscount | null;
  /** Already paid at the partner (WhiteCoat). */
  partnerPaidCents?: Cents;
  /** What a corporate programme's company pays of the rest (issue 51). */
  companyPays?: CompanyPays;
}

export interface PricedParticipant {
  basePriceCents: Cents;
  /** Member price when verified and present, else the base price. */
  appliedPriceCents: Cents;
  usedMemberPrice: boolean;
  /** base - applied (the participant's discountAmount). */
  memberDiscountCents: Cents;
  volumeDiscountCents: Cents;
  /** What this participant costs before the code discount and GST. */
  lineTotalCents: Cents;
}

export interface PriceBreakdown {
  participants: PricedParticipant[];
  participantCount: number;
  volumeDiscountPercent: number;
  /** Sum of base prices. */
  baseTotalCents: Cents;
  memberDiscountCents: Cents;
  volumeDiscountCents: Cents;
  /** Sum of line totals = base total - member discount - volume discount. */
  subtotalCents: Cents;
  discountCents: Cents;
  /** max(0, subtotal - discount). */
  taxableCents: Cents;
  gstCents: Cents;
  totalCents: Cents;
  partnerPaidCents: Cents;
  /**
   * Issue 51: what the company owes of an order booked under a corporate programme (invoiced to it
   * monthly); absent otherwise, and on every order booked before programmes existed.
   */
  companyPaidCents?: Cents;
  /** max(0, total - partner paid - company paid). */
  balanceDueCents: Cents;
}

function assertAmount(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`${name} must be a non-negative integer of cents`);
}

/** The applied price of one participant: member price when verified and present, else base. */
export function appliedPrice(p: PricingParticipant): { cents: Cents; member: boolean } {
  const member = p.memberVerified && p.aiaPriceCents !== null && p.aiaPriceCents !== undefined;
  return { cents: member ? p.aiaPriceCents! : p.packagePriceCents, member };
}

export function priceOrder(input: PriceOrderInput): PriceBreakdown {
  const count = input.participants.length;
  const percent = volumeDiscountPercent(count);
  const participants = input.participants.map((p): PricedParticipant => {
    assertAmount('packagePriceCents', p.packagePriceCents);
    if (p.aiaPriceCents !== null && p.aiaPriceCents !== undefined)
      assertAmount('aiaPriceCents', p.aiaPriceCents);
    const applied = appliedPrice(p);
    const line = roundHalfUp(applied.cents * (100 - percent), 100);
    return {
      basePriceCents: p.packagePriceCents,
      appliedPriceCents: applied.cents,
      usedMemberPrice: applied.member,
      memberDiscountCents: p.packagePriceCents - applied.cents,
      volumeDiscountCents: applied.cents - line,
      lineTotalCents: line,
    };
  });
  const sum = (f: (p: PricedParticipant) => number) => participants.reduce((acc, p) => acc + f(p), 0);
  const subtotalCents = sum((p) => p.lineTotalCents);
  const discountCents = input.discount ? discountAmountCents(input.discount, subtotalCents) : 0;
  const taxableCents = Math.max(0, subtotalCents - discountCents);
  const gstCents = gstOnCents(taxableCents);
  const totalCents = taxableCents + gstCents;
  const partnerPaidCents = input.partnerPaidCents ?? 0;
  assertAmount('partnerPaidCents', partnerPaidCents);
  const companyPaidCents = input.companyPays
    ? companyShareCents(input.companyPays, Math.max(0, totalCents - partnerPaidCents))
    : 0;
  return {
    participants,
    participantCount: count,
    volumeDiscountPercent: percent,
    baseTotalCents: sum((p) => p.basePriceCents),
    memberDiscountCents: sum((p) => p.memberDiscountCents),
    volumeDiscountCents: sum((p) => p.volumeDiscountCents),
    subtotalCents,
    discountCents,
    taxableCents,
    gstCents,
    totalCents,
    partnerPaidCents,
    ...(input.companyPays ? { companyPaidCents } : {}),
    balanceDueCents: Math.max(0, totalCents - partnerPaidCents - companyPaidCents),
  };
}

/** Client amounts are compared, never trusted: true when the client's figure matches to the cent. */
export function amountMatches(clientCents: Cents | null | undefined, serverCents: Cents): boolean {
  return clientCents === serverCents;
}
