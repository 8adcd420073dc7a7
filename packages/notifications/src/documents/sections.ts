/** The parts the booking's documents share: opening one, the booking, the customer, the money. */
import { formatSGD, GST_PERCENT } from '@hs/domain';
import { CONTENT_W, Layout, type TotalsRow } from './pdf-layout';
import { assertDocumentTotals } from './totals';
import type { DocumentData } from './types';

/** A booking document titled `title`, after its totals are checked to agree to the cent. */
export function startBookingDocument(title: string, data: DocumentData): Promise<Layout> {
  assertDocumentTotals(data);
  return Layout.create(title, data.referenceNumber, undefined, data);
}

/** Reference, event, date and time, location (the venue's line, then its phone and email), status. */
export function bookingFields(l: Layout, data: DocumentData): void {
  const venue = data.venue ?? null;
  const contact = [venue?.phone, venue?.email].filter(Boolean).join(' / ');
  l.fields([
    ['Reference number', data.referenceNumber],
    ['Event', data.eventName],
    ['Date and time', `${data.appointmentDate}, ${data.appointmentTime}`],
    ['Location', data.eventLocation],
    // The map link is left out: on paper it cannot be tapped, and a long one would be cut.
    contact ? ['Venue contact', contact] : null,
    ['Status', data.status],
  ]);
}

/** The customer's name (labelled `nameLabel`), email, phone and, when there is one, address. */
export function customerFields(l: Layout, customer: DocumentData['customer'], nameLabel = 'Bill to'): void {
  l.fields([
    [nameLabel, customer.name],
    ['Email', customer.email],
    ['Phone', customer.phone],
    customer.address ? ['Address', customer.address] : null,
  ]);
}

/** What is already paid against the total: at the partner, by the employer, then the payment (as negative amounts). */
export function paidRows(data: DocumentData): TotalsRow[] {
  const company = data.companyPaidCents ?? 0;
  return [
    ...(data.partnerPaidCents > 0
      ? [{ label: 'Paid via partner', amount: formatSGD(-data.partnerPaidCents) }]
      : []),
    ...(company > 0 ? [{ label: 'Paid by your employer', amount: formatSGD(-company) }] : []),
    ...(data.payment ? [{ label: 'Paid', amount: formatSGD(-data.payment.amountCents) }] : []),
  ];
}

/** Subtotal, GST, total, what is paid and the balance due. */
export function invoiceTotals(l: Layout, data: DocumentData): void {
  l.totals([
    { label: 'Subtotal', amount: formatSGD(data.subtotalCents) },
    { label: `GST ${GST_PERCENT}%`, amount: formatSGD(data.gstCents) },
    { label: 'Total', amount: formatSGD(data.totalCents), strong: true },
    ...paidRows(data),
    { label: 'Balance due', amount: formatSGD(data.balanceCents), strong: true },
  ]);
}

/** A table of descriptions and their amounts (already formatted). */
export function amountTable(l: Layout, rows: [description: string, amount: string][]): void {
  l.table(
    [
      { header: 'Description', width: CONTENT_W - 120 },
      { header: 'Amount', width: 120, align: 'right' },
    ],
    rows,
  );
}
