/**
 * The money of a booking's documents: built from the order's priced snapshot, and checked to agree to
 * the cent before anything is drawn (a document must never show wrong money).
 */
import { GST_PERCENT, type PriceBreakdown, roundHalfUp } from '@hs/domain';
import type { DocumentData, DocumentLineItem, DocumentPayment } from './types';

/** Thrown when the totals of a DocumentData do not agree to the cent: a document must never show wrong money. */
export class DocumentTotalsError extends Error {
  override name = 'DocumentTotalsError';
}

/** The problems with the money in `data` (empty when the totals agree to the cent). */
export function checkDocumentTotals(data: DocumentData): string[] {
  const problems: string[] = [];
  const all = [
    data.subtotalCents,
    data.gstCents,
    data.totalCents,
    data.partnerPaidCents,
    data.companyPaidCents ?? 0,
    data.balanceCents,
    ...data.lineItems.map((l) => l.amountCents),
    ...data.attendees.map((a) => a.priceCents),
    ...(data.payment ? [data.payment.amountCents] : []),
  ];
  if (!all.every((c) => Number.isSafeInteger(c))) return ['amounts must be integer cents'];
  const lines = data.lineItems.reduce((s, l) => s + l.amountCents, 0);
  if (data.subtotalCents !== Math.max(0, lines)) {
    problems.push(`subtotal ${data.subtotalCents} is not the sum of the line items ${Math.max(0, lines)}`);
  }
  const gst = roundHalfUp(data.subtotalCents * GST_PERCENT, 100);
  if (data.gstCents !== gst)
    problems.push(`GST ${data.gstCents} is not ${GST_PERCENT}% of the subtotal (${gst})`);
  if (data.totalCents !== data.subtotalCents + data.gstCents) problems.push('total is not subtotal + GST');
  const balance = Math.max(
    0,
    data.totalCents - data.partnerPaidCents - (data.companyPaidCents ?? 0) - (data.payment?.amountCents ?? 0),
  );
  if (data.balanceCents !== balance) problems.push(`balance ${data.balanceCents} should be ${balance}`);
  return problems;
}

/** Throws DocumentTotalsError naming every problem when the totals of `data` do not agree. */
export function assertDocumentTotals(data: DocumentData): void {
  const problems = checkDocumentTotals(data);
  if (problems.length) throw new DocumentTotalsError(`Document totals do not agree: ${problems.join('; ')}`);
}

/**
 * The invoice money of an order from its priced snapshot (domain `priceOrder`), so the documents agree
 * with the order to the cent: one line per attendee's package at its base price, then member price,
 * volume discount and the discount code (with its lineItemLabel) as negative lines.
 */
export function invoiceFromPricing(
  pricing: PriceBreakdown,
  attendees: { name: string; packageName: string }[],
  discountLabel: string | null,
  payment: DocumentPayment | null = null,
): Pick<
  DocumentData,
  | 'lineItems'
  | 'subtotalCents'
  | 'gstCents'
  | 'totalCents'
  | 'partnerPaidCents'
  | 'companyPaidCents'
  | 'balanceCents'
> {
  const lineItems: DocumentLineItem[] = pricing.participants.map((p, i) => ({
    label: `${attendees[i]?.packageName ?? 'Package'} - ${attendees[i]?.name ?? `Attendee ${i + 1}`}`,
    amountCents: p.basePriceCents,
  }));
  if (pricing.memberDiscountCents > 0) {
    lineItems.push({ label: 'Member price', amountCents: -pricing.memberDiscountCents });
  }
  if (pricing.volumeDiscountCents > 0) {
    lineItems.push({
      label: `Volume discount ${pricing.volumeDiscountPercent}%`,
      amountCents: -pricing.volumeDiscountCents,
    });
  }
  if (pricing.discountCents > 0) {
    // the discount never takes the order below zero (taxable is floored at 0)
    lineItems.push({
      label: discountLabel || 'Discount',
      amountCents: -Math.min(pricing.discountCents, pricing.subtotalCents),
    });
  }
  return {
    lineItems,
    subtotalCents: pricing.taxableCents,
    gstCents: pricing.gstCents,
    totalCents: pricing.totalCents,
    partnerPaidCents: pricing.partnerPaidCents,
    companyPaidCents: pricing.companyPaidCents ?? 0,
    balanceCents: Math.max(0, pricing.balanceDueCents - (payment?.amountCents ?? 0)),
  };
}
