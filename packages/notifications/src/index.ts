/**
 * @hs/notifications: the product's emails (EJS templates: validated, sandboxed, HTML-escaped) and PDFs
 * (pdf-lib), and the mailer (pooled SMTP or an .eml outbox). Used by the worker's job processors and
 * the api's test-email / test-pdf previews. No database or queue access here.
 */
export { appointmentIcsAttachment } from './calendar';
export { catalogueText } from './catalogue';
export { CHECK_IN_QR_CID, checkInQrPng, checkInQrSvg, withCheckInQr } from './check-in-qr';
export {
  type DocumentAttendee,
  type DocumentData,
  type DocumentLineItem,
  type DocumentPayment,
  CONFIRMATION_NOTES,
  type CreditNoteData,
  checkDocumentTotals,
  creditNoteFileName,
  creditNoteNumber,
  DocumentTotalsError,
  type EmailContact,
  emailVariablesFromDocument,
  invoiceFromPricing,
  refundEmailVariables,
  renderConfirmationPdf,
  renderCreditNotePdf,
  renderInvoicePdf,
  renderReceiptPdf,
  sampleCreditNoteData,
  sampleDocumentData,
} from './documents';
export {
  invoiceTitle,
  issuedDocumentFileName,
  renderIssuedCreditNotePdf,
  renderIssuedInvoicePdf,
  sampleInvoiceSnapshot,
} from './tax-documents';
export {
  classifyDeliveryError,
  createMailer,
  isPermanentDeliveryError,
  type MailAttachment,
  type Mailer,
  type MailerOptions,
  type MailMessage,
  PermanentDeliveryError,
  TransientDeliveryError,
} from './mailer';
export { formatFrom, htmlToText, type RenderedEmail, renderEmail } from './render';
// renderSandboxed is deliberately not exported: callers go through renderEmail, which validates first.
export { DEFAULT_RENDER_TIMEOUT_MS, TemplateRenderError } from './sandbox';
export {
  DEFAULT_EMAIL_CONFIGS,
  EMAIL_TYPES,
  type EmailType,
  emailConfigKeys,
  isTemplateConfigKey,
  PRODUCT_NAME,
} from './templates';
export { MAX_TEMPLATE_LENGTH, type TemplateValidation, validateTemplate } from './validate';
export {
  type EmailVariables,
  type ExpiryVariables,
  maskIdentificationNumber,
  type RefundVariables,
  type RescheduledVariables,
  SAMPLE_VENUE,
  sampleVariables,
  type VenueVariables,
  venueVariables,
} from './variables';
