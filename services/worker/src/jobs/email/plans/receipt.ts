/**
 * The payment email (issue 46: one purpose, its one document): the order's tax invoice as issued,
 * with its real number in the email, once per payment (transaction). An order that cannot be
 * invoiced (nothing to tax) gets the payment's receipt instead.
 */
import { issuedDocumentFileName, renderIssuedInvoicePdf, renderReceiptPdf } from '@hs/notifications';
import { workerFact } from '../../../registration';
import { documentPdf } from '../attachments';
import { has, paymentOf } from '../from-log';
import type { PlanOf } from '../plan';

export const receiptPlan: PlanOf<'receipt-email'> = ({ registrationId: id, transactionId }) => ({
  key: `receipt-email:${id}:${transactionId}`,
  skip: (read) => (has(read, 'ReceiptEmailSent', { transactionId }) ? 'receipt already sent' : null),
  payment: (read) => paymentOf(read, transactionId),
  invoice: true,
  compose: async ({ doc, invoice }) => {
    const document = invoice
      ? documentPdf(
          'invoice',
          issuedDocumentFileName(invoice.invoiceNumber),
          await renderIssuedInvoicePdf(invoice),
        )
      : documentPdf('receipt', `receipt-${doc.referenceNumber}.pdf`, await renderReceiptPdf(doc));
    return {
      attachments: [document.attachment],
      facts: (sent) => [
        workerFact({ type: 'ReceiptEmailSent', data: { ...sent, transactionId } }),
        document.generated(sent.at),
      ],
    };
  },
});
