/** The credit note of a refund: its number, its file name and its PDF. */
import { formatSGD, GST_PERCENT, includedGstCents } from '@hs/domain';
import { Layout } from './pdf-layout';
import { amountTable, customerFields } from './sections';
import { DocumentTotalsError } from './totals';
import type { CreditNoteData } from './types';

/** The number of the `n`th credit note of an order (its nth refund, counting from 1). */
export function creditNoteNumber(referenceNumber: string, n: number): string {
  return `CN-${referenceNumber}-${n}`;
}

/** The attachment's file name of the `n`th credit note of an order. */
export function creditNoteFileName(referenceNumber: string, n: number): string {
  return `credit-note-${referenceNumber}-${n}.pdf`;
}

/**
 * Credit note: number, date, the original invoice, customer, reason, and the amount refunded with its
 * GST part (refunds are of GST-inclusive payments: GST = amount x 9/109, half-up).
 */
export async function renderCreditNotePdf(data: CreditNoteData): Promise<Uint8Array> {
  if (!Number.isSafeInteger(data.amountCents) || data.amountCents <= 0) {
    throw new DocumentTotalsError(`A credit note needs a positive amount of cents, got ${data.amountCents}`);
  }
  const gstCents = includedGstCents(data.amountCents);
  const l = await Layout.create('Credit Note', data.referenceNumber, undefined, data);
  l.fields([
    ['Credit note number', data.creditNoteNumber],
    ['Credit note date', data.date],
    ['Original invoice', data.invoiceNumber],
    ['Booking reference', data.referenceNumber],
  ]);
  l.heading('Customer');
  customerFields(l, data.customer, 'Name');
  l.heading('Refund');
  // the reason as a field: it wraps, where a table cell would cut it short
  l.fields([['Reason', data.reason]]);
  amountTable(l, [[`Refund for ${data.eventName}`, formatSGD(data.amountCents)]]);
  l.totals([
    { label: 'Amount before GST', amount: formatSGD(data.amountCents - gstCents) },
    { label: `GST ${GST_PERCENT}%`, amount: formatSGD(gstCents) },
    { label: 'Total refunded', amount: formatSGD(data.amountCents), strong: true },
  ]);
  return l.save();
}
