/**
 * The refund email with its credit note (issue 25), numbered in its own gapless sequence, against
 * the order's invoice (issued first if the order had none). One email per refund.
 */
import { issueCreditNote } from '@hs/commands';
import { type RefundRecorded, formatInstantDate, formatSGD } from '@hs/domain';
import {
  type CreditNoteData,
  issuedDocumentFileName,
  refundEmailVariables,
  renderIssuedCreditNotePdf,
} from '@hs/notifications';
import { formatSingaporeDate } from '../../../order';
import { type RegistrationRead, workerFact } from '../../../registration';
import { documentPdf } from '../attachments';
import { findEvent, has, languageOf } from '../from-log';
import { documentDate } from '../order-documents';
import type { PlanOf } from '../plan';

export const refundPlan: PlanOf<'refund-email'> = ({ registrationId: id, refundId, causeEventId }, ctx) => {
  const recorded = (read: RegistrationRead) => has(read, 'RefundEmailSent', { refundId });
  return {
    key: `refund-email:${id}:${refundId}`,
    skip: (read) =>
      recorded(read)
        ? 'refund email already sent'
        : has(read, 'RefundRecorded', { refundId })
          ? null
          : 'refund not found',
    payment: () => null,
    recorded,
    compose: async ({ read, order, doc }) => {
      const refund = findEvent(read, 'RefundRecorded', { refundId })!.data as RefundRecorded['data'];
      const issued = await issueCreditNote(
        ctx.sql,
        order,
        { refundId, amountCents: refund.amountCents, reason: refund.reason, gateway: refund.gateway },
        { actor: 'worker:refund-email', causationId: causeEventId, at: documentDate(refund.at) },
      );
      const note: CreditNoteData = {
        creditNoteNumber: issued.creditNoteNumber,
        date: formatSingaporeDate(new Date(issued.issuedAt)),
        referenceNumber: order.referenceNumber,
        invoiceNumber: issued.originalInvoiceNumber,
        customer: doc.customer,
        eventName: order.eventName,
        amountCents: issued.totalCents,
        reason: issued.reason,
      };
      const creditNote = documentPdf(
        'credit-note',
        issuedDocumentFileName(issued.creditNoteNumber),
        await renderIssuedCreditNotePdf(issued),
      );
      return {
        variables: {
          ...refundEmailVariables(note, refund.refundedCents),
          refundGstAmount: formatSGD(issued.gstCents),
          refundDate: formatInstantDate(languageOf(read), issued.issuedAt),
        },
        attachments: [creditNote.attachment],
        facts: (sent) => [
          workerFact({
            type: 'RefundEmailSent',
            data: { ...sent, refundId, creditNoteNumber: note.creditNoteNumber },
          }),
          creditNote.generated(sent.at),
        ],
      };
    },
  };
};
