/**
 * A company's tax invoice for its programme's bookings of a month (issue 51): a line per booking
 * (its reference and the employee id, never what was booked), the company's share of each before GST,
 * and GST on the whole shown separately. The shares are GST-inclusive amounts the bookings recorded;
 * the GST is taken out of the total once and the lines' pre-GST amounts are made to add up to it.
 */
import type { DomainEvent } from '../decider';
import { type InvoiceLine, gstPartOf } from '../invoicing';

export interface CompanyBookingShare {
  registrationId: number;
  referenceNumber: string;
  /** The roster employee id, or the work email of an employee who came by their domain. */
  employee: string;
  /** What the company pays of it, GST included. */
  companyPaidCents: number;
}

export function companyInvoiceAmounts(
  bookings: readonly CompanyBookingShare[],
  gstRateBasisPoints: number,
): { lines: InvoiceLine[]; taxableCents: number; gstCents: number; totalCents: number } {
  const totalCents = bookings.reduce((sum, b) => sum + b.companyPaidCents, 0);
  const gstCents = gstPartOf(totalCents, gstRateBasisPoints);
  const taxableCents = totalCents - gstCents;
  const lines = bookings.map((b) => ({
    description: `Screening ${b.referenceNumber}`,
    person: b.employee,
    quantity: 1,
    amountCents: b.companyPaidCents - gstPartOf(b.companyPaidCents, gstRateBasisPoints),
  }));
  // each line's GST rounded alone may differ from the whole's by a few cents: the last line takes it
  const drift = taxableCents - lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (lines.length > 0 && drift !== 0) lines[lines.length - 1]!.amountCents += drift;
  return { lines, taxableCents, gstCents, totalCents };
}

/** On a programme's billing stream: which bookings an invoice billed, so none is billed twice. */
export type CompanyInvoiceIssued = DomainEvent<
  'CompanyInvoiceIssued',
  { invoiceNumber: string; period: string; registrationIds: number[]; totalCents: number; at: string }
>;
