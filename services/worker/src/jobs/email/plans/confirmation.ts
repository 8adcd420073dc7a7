/**
 * The confirmation: the confirmation PDF with the check-in code (issue 23, also shown in the email as
 * an inline image) and the calendar invite. Issue 46: one purpose per email, so the tax invoice goes
 * with the payment email; only an order confirmed without any payment (a partner-paid or free one,
 * which gets no payment email) has its tax invoice here.
 */
import { ensureCheckInToken } from '@hs/commands';
import {
  issuedDocumentFileName,
  renderConfirmationPdf,
  renderIssuedInvoicePdf,
  withCheckInQr,
} from '@hs/notifications';
import { checkInQrImage, documentPdf, invite, pdf } from '../attachments';
import { has, languageOf, paymentOf } from '../from-log';
import type { PlanOf } from '../plan';

export const confirmationPlan: PlanOf<'confirmation-email'> = ({ registrationId: id }, ctx) => ({
  key: `confirmation-email:${id}`,
  skip: ({ state }) =>
    state.confirmationEmailSent
      ? 'confirmation already sent'
      : state.status === 'cancelled'
        ? 'registration cancelled'
        : null,
  payment: (read) => paymentOf(read),
  invoice: true,
  compose: async ({ read, order, doc, invoice }) => {
    const token = await ensureCheckInToken(ctx.sql, id);
    const confirmation = documentPdf(
      'confirmation',
      `confirmation-${doc.referenceNumber}.pdf`,
      await renderConfirmationPdf({ ...doc, checkInToken: token }),
    );
    const noPaymentEmail = !has(read, 'PaymentRecorded');
    const language = languageOf(read);
    return {
      attachments: [
        confirmation.attachment,
        ...invite(read, order, ctx.clock()),
        ...(invoice && noPaymentEmail
          ? [pdf(issuedDocumentFileName(invoice.invoiceNumber), await renderIssuedInvoicePdf(invoice))]
          : []),
        await checkInQrImage(token),
      ],
      html: (html) => withCheckInQr(html, language),
      facts: (sent) => [{ type: 'RecordConfirmationEmailSent', ...sent }, confirmation.generated(sent.at)],
    };
  },
});
