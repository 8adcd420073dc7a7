/** The receipt of one payment, with the receipt PDF: once per payment (transaction). */
import { renderReceiptPdf } from '@hs/notifications';
import { documentPdf } from '../attachments';
import { has, paymentOf } from '../from-log';
import type { PlanOf } from '../plan';
import { workerFact } from '../../../registration';

export const receiptPlan: PlanOf<'receipt-email'> = ({ registrationId: id, transactionId }) => ({
  key: `receipt-email:${id}:${transactionId}`,
  skip: (read) => (has(read, 'ReceiptEmailSent', { transactionId }) ? 'receipt already sent' : null),
  payment: (read) => paymentOf(read, transactionId),
  invoice: true,
  compose: async ({ doc }) => {
    const receipt = documentPdf('receipt', `receipt-${doc.referenceNumber}.pdf`, await renderReceiptPdf(doc));
    return {
      attachments: [receipt.attachment],
      facts: (sent) => [
        workerFact({ type: 'ReceiptEmailSent', data: { ...sent, transactionId } }),
        receipt.generated(sent.at),
      ],
    };
  },
});
