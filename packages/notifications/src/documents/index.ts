/**
 * The booking's PDF documents (pdf-lib, A4): confirmation, invoice, receipt and the credit note of a
 * refund, with the data they are drawn from and the email variables of the same money. Helvetica draws
 * Latin text; Chinese and Tamil (customer names, addresses, any customer text) are drawn in subset Noto
 * Sans SC / Noto Sans Tamil, chosen per run of text (pdf-typesetting.ts, ../pdf-fonts.ts). All amounts
 * are integer cents in, formatted with formatSGD; the totals are checked to agree to the cent before
 * anything is drawn (totals.ts).
 *
 * types.ts        the data: DocumentData, CreditNoteData
 * totals.ts       invoiceFromPricing, checkDocumentTotals, DocumentTotalsError
 * samples.ts      sample data for the previews
 * pdf-typesetting.ts  fonts per run of text, measuring, shortening, wrapping
 * pdf-layout.ts   the page layout every document shares (also tax-documents.ts's issued documents)
 * sections.ts     the booking documents' shared parts (booking, customer, totals)
 * confirmation.ts, check-in-section.ts, invoice.ts, receipt.ts, credit-note.ts   one document each
 * email-variables.ts  the emails' variables from the same data
 */
export { CONFIRMATION_NOTES, renderConfirmationPdf } from './confirmation';
export { creditNoteFileName, creditNoteNumber, renderCreditNotePdf } from './credit-note';
export { type EmailContact, emailVariablesFromDocument, refundEmailVariables } from './email-variables';
export { renderInvoicePdf } from './invoice';
export { renderReceiptPdf } from './receipt';
export { sampleCreditNoteData, sampleDocumentData } from './samples';
export { checkDocumentTotals, DocumentTotalsError, invoiceFromPricing } from './totals';
export type {
  CreditNoteData,
  DocumentAttendee,
  DocumentData,
  DocumentLineItem,
  DocumentPayment,
} from './types';
