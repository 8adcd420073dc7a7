/**
 * What an issued invoice prints of an order (issue 25): its customer, its lines from the priced
 * snapshot, whether it is invoiced at all, and what a grown order adds since its earlier invoices.
 */
import { type InvoiceLine, type InvoiceSnapshot, gstPartOf } from '@hs/domain';
import type { OrderRow } from '@hs/read-models';

/** The order's customer as printed: the primary contact's name and postal address. */
export function customerOf(order: OrderRow): { name: string; address: string } {
  const address = [order.address, order.unitNumber, order.postalCode ? `Singapore ${order.postalCode}` : null]
    .filter(Boolean)
    .join(', ');
  return { name: `${order.firstName} ${order.lastName}`.trim(), address };
}

/** Whose data key encrypts the document's personal fields in the event log (issue 24): the primary's. */
export function customerParticipantIdOf(order: OrderRow): string | undefined {
  return (order.participants.find((p) => p.isPrimary) ?? order.participants[0])?.participantId;
}

/**
 * The invoice lines of an order from its priced snapshot: a line per person and package (base price),
 * then member price, volume discount and discount code as negative lines; all before GST.
 */
export function invoiceLinesOf(order: OrderRow): InvoiceLine[] {
  const p = order.pricing;
  const lines: InvoiceLine[] = p.participants.map((pp, i) => {
    const who = order.participants[i];
    return {
      description: who?.packageName ?? order.packageName,
      person: who ? `${who.firstName} ${who.lastName}`.trim() : `Attendee ${i + 1}`,
      quantity: 1,
      amountCents: pp.basePriceCents,
    };
  });
  const discount = (description: string, cents: number) => {
    if (cents > 0) lines.push({ description, person: '', quantity: 1, amountCents: -cents });
  };
  discount('Member price', p.memberDiscountCents);
  discount(`Volume discount ${p.volumeDiscountPercent}%`, p.volumeDiscountCents);
  // the code never takes the order below zero (taxable is floored at 0)
  discount(
    order.discountLabel || (order.discountCode ? `Discount code ${order.discountCode}` : 'Discount'),
    Math.min(p.discountCents, p.subtotalCents),
  );
  return lines;
}

/**
 * An order is invoiced once it is paid or confirmed and has something to pay: a booking awaiting
 * payment, cancelled before paying, or free gets no invoice.
 */
export function isInvoiceable(order: OrderRow): boolean {
  // issue 51: what a programme's company pays is on the company's invoice, not the employee's
  if (order.pricing.totalCents - (order.pricing.companyPaidCents ?? 0) <= 0) return false;
  return order.paidCents > 0 || ['confirmed', 'paid', 'completed'].includes(order.status);
}

/**
 * Issue 51: the employee's invoice of an order a programme's company pays part of. The company's
 * share is on the company's own invoice: here it is one negative line before GST, so the lines add
 * up to the employee's part, whose GST is taken out of it once.
 */
export function withoutCompanyShare(
  order: OrderRow,
  lines: InvoiceLine[],
  gstRateBasisPoints: number,
): { lines: InvoiceLine[]; taxableCents: number; gstCents: number; totalCents: number } | null {
  const company = order.pricing.companyPaidCents ?? 0;
  if (company <= 0) return null;
  const totalCents = order.pricing.totalCents - company;
  const gstCents = gstPartOf(totalCents, gstRateBasisPoints);
  const taxableCents = totalCents - gstCents;
  const listed = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    lines: [
      ...lines,
      {
        description: 'Paid by your employer (invoiced to them)',
        person: '',
        quantity: 1,
        amountCents: taxableCents - listed,
      },
    ],
    taxableCents,
    gstCents,
    totalCents,
  };
}

const REMOVED = 'Removed: ';
const lineKey = (l: InvoiceLine) => `${l.description}\u0000${l.person}\u0000${l.amountCents}`;

/**
 * What an order grown since its invoices adds: the current lines the earlier invoices do not have,
 * and the earlier lines no longer there as negative 'Removed: ' lines (a multiset difference, so
 * two identical lines count twice). They add up to the growth before GST.
 */
export function supplementaryLines(current: InvoiceLine[], prior: InvoiceSnapshot[]): InvoiceLine[] {
  const invoiced = new Map<string, { line: InvoiceLine; count: number }>();
  const add = (line: InvoiceLine, by: number) => {
    const k = lineKey(line);
    const entry = invoiced.get(k) ?? { line, count: 0 };
    entry.count += by;
    invoiced.set(k, entry);
  };
  for (const inv of prior) {
    for (const l of inv.lines) {
      if (l.description.startsWith(REMOVED)) {
        add({ ...l, description: l.description.slice(REMOVED.length), amountCents: -l.amountCents }, -1);
      } else add(l, 1);
    }
  }
  const out: InvoiceLine[] = [];
  for (const l of current) {
    const entry = invoiced.get(lineKey(l));
    if (entry && entry.count > 0) entry.count -= 1;
    else out.push(l);
  }
  for (const { line, count } of invoiced.values()) {
    for (let i = 0; i < count; i++) {
      out.push({ ...line, description: `${REMOVED}${line.description}`, amountCents: -line.amountCents });
    }
  }
  return out;
}
