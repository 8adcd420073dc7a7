/** The payment receipt PDF. */
import { formatSGD } from '@hs/domain';
import { MARGIN } from './pdf-layout';
import { bookingFields, customerFields, invoiceTotals, startBookingDocument } from './sections';
import type { DocumentData } from './types';

/** Payment receipt: payment (amount, method, date, transaction id) against the booking and its totals. */
export async function renderReceiptPdf(data: DocumentData): Promise<Uint8Array> {
  const l = await startBookingDocument('Payment Receipt', data);
  l.y -= 4;
  l.text(
    data.payment ? `Payment received: ${formatSGD(data.payment.amountCents)}` : 'No payment recorded',
    MARGIN,
    { size: 12, bold: true },
  );
  l.y -= 22;
  l.heading('Payment');
  l.fields(
    data.payment
      ? [
          ['Amount paid', formatSGD(data.payment.amountCents)],
          ['Payment method', data.payment.method],
          ['Transaction id', data.payment.transactionId],
          ['Paid on', data.payment.paidAt],
          ['Invoice number', data.invoiceNumber],
        ]
      : [['Payment', 'None recorded']],
  );
  l.heading('Customer');
  customerFields(l, data.customer, 'Name');
  l.heading('Booking');
  bookingFields(l, data);
  l.heading('Summary');
  invoiceTotals(l, data);
  return l.save();
}
