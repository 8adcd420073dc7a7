/**
 * The email variables of a booking's documents, from the same data the PDFs are drawn from, so an
 * email and its attachment show the same money to the cent.
 */
import { formatSGD, includedGstCents } from '@hs/domain';
import {
  type EmailVariables,
  maskIdentificationNumber,
  type RefundVariables,
  venueVariables,
} from '../variables';
import type { CreditNoteData, DocumentData } from './types';

/** The contact fields an email needs beyond the document (raw identification number: it is masked here). */
export type EmailContact = Pick<
  EmailVariables,
  'firstName' | 'lastName' | 'email' | 'phone' | 'identificationNumber' | 'dateOfBirth' | 'postalCode'
>;

/**
 * Email variables from the same DocumentData the PDFs are drawn from, so the email and its attachment
 * show the same money to the cent. Amounts are formatted with formatSGD; identification numbers masked.
 */
export function emailVariablesFromDocument(
  data: DocumentData,
  contact: EmailContact,
  extra: { status?: string; cancelledAt?: string } = {},
): EmailVariables {
  const primary = data.attendees.find((a) => a.isPrimary) ?? data.attendees[0];
  const discountCents = -data.lineItems.reduce((s, l) => s + Math.min(0, l.amountCents), 0);
  return {
    referenceNumber: data.referenceNumber,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    phone: contact.phone,
    mobileNumber: contact.phone,
    identificationNumber: maskIdentificationNumber(contact.identificationNumber),
    dateOfBirth: contact.dateOfBirth,
    postalCode: contact.postalCode,
    status: extra.status ?? data.status,
    eventName: data.eventName,
    eventLocation: data.eventLocation,
    ...venueVariables(data.venue ?? null),
    packageName: primary?.packageName ?? '',
    packagePrice: primary ? formatSGD(primary.priceCents) : '',
    timeslotDate: data.appointmentDate,
    timeslotTime: data.appointmentTime,
    participants: data.attendees.map((a) => {
      const [firstName = '', ...rest] = a.name.split(' ');
      return {
        name: a.name,
        firstName,
        lastName: rest.join(' '),
        identificationNumber: maskIdentificationNumber(a.identificationNumber ?? ''),
        packageName: a.packageName,
        packagePrice: formatSGD(a.priceCents),
        isPrimary: a === primary ? 'Yes' : '',
      };
    }),
    lineItems: data.lineItems.map((l) => ({ label: l.label, amount: formatSGD(l.amountCents) })),
    subtotal: formatSGD(data.subtotalCents),
    discountAmount: formatSGD(discountCents),
    gstAmount: formatSGD(data.gstCents),
    totalAmount: formatSGD(data.totalCents),
    partnerPaid: formatSGD(data.partnerPaidCents),
    companyPaid: formatSGD(data.companyPaidCents ?? 0),
    amountPaid: formatSGD(data.payment?.amountCents ?? 0),
    // issue 46: what the whole booking has had paid (partner and employer payments apart), as its documents show it
    totalPaid: formatSGD(
      Math.max(0, data.totalCents - data.partnerPaidCents - (data.companyPaidCents ?? 0) - data.balanceCents),
    ),
    balanceDue: formatSGD(data.balanceCents),
    paymentMethod: data.payment?.method ?? '',
    transactionId: data.payment?.transactionId ?? '',
    paidAt: data.payment?.paidAt ?? '',
    invoiceNumber: data.invoiceNumber,
    invoiceDate: data.invoiceDate,
    cancelledAt: extra.cancelledAt ?? '',
  };
}

/** The refund email's own variables (the order's come from emailVariablesFromDocument). */
export function refundEmailVariables(note: CreditNoteData, totalRefundedCents: number): RefundVariables {
  return {
    refundAmount: formatSGD(note.amountCents),
    refundGstAmount: formatSGD(includedGstCents(note.amountCents)),
    refundReason: note.reason,
    refundDate: note.date,
    creditNoteNumber: note.creditNoteNumber,
    totalRefunded: formatSGD(totalRefundedCents),
    invoiceNumber: note.invoiceNumber,
  };
}
