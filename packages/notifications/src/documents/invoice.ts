/** The booking's tax invoice PDF (before issue; an issued one is drawn by tax-documents.ts). */
import { formatSGD } from '@hs/domain';
import { amountTable, bookingFields, customerFields, invoiceTotals, startBookingDocument } from './sections';
import type { DocumentData } from './types';

/** Tax invoice: number and date, bill-to, line items (discounts by their lineItemLabel), subtotal, GST, total, partner-paid, balance. */
export async function renderInvoicePdf(data: DocumentData): Promise<Uint8Array> {
  const l = await startBookingDocument('Tax Invoice', data);
  l.fields([
    ['Invoice number', data.invoiceNumber],
    ['Invoice date', data.invoiceDate],
  ]);
  customerFields(l, data.customer);
  l.heading('Booking');
  bookingFields(l, data);
  l.heading('Items');
  amountTable(
    l,
    data.lineItems.map((i) => [i.label, formatSGD(i.amountCents)]),
  );
  invoiceTotals(l, data);
  return l.save();
}
