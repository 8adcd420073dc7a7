/** Sample documents for the admin PDF previews and the tests (they agree with sampleVariables()). */
import { SAMPLE_VENUE } from '../variables';
import type { CreditNoteData, DocumentData } from './types';

/** Sample data for the admin PDF previews (agrees with sampleVariables()). */
export function sampleDocumentData(): DocumentData {
  return {
    referenceNumber: 'HS2505-0607-1234',
    status: 'Confirmed',
    eventName: 'Community Health Screening 2025',
    eventLocation: 'Orchard Community Club, 1 Orchard Road, Singapore 238801',
    venue: SAMPLE_VENUE,
    appointmentDate: 'Saturday, 7 June 2025',
    appointmentTime: '9:00 AM - 10:00 AM',
    customer: {
      name: 'Tan Wei Ming',
      email: 'tan.weiming@example.com',
      phone: '+65 9123 4567',
      address: '1 Orchard Road, #05-12, Singapore 238801',
    },
    attendees: [
      {
        name: 'Tan Wei Ming',
        identificationNumber: 'S1234567A',
        packageName: 'Comprehensive Health Screening',
        priceCents: 25_000,
        isPrimary: true,
      },
      {
        name: 'Lim Mei Ling',
        identificationNumber: 'S7654321B',
        packageName: 'Comprehensive Health Screening',
        priceCents: 25_000,
      },
    ],
    lineItems: [
      { label: 'Comprehensive Health Screening - Tan Wei Ming', amountCents: 25_000 },
      { label: 'Comprehensive Health Screening - Lim Mei Ling', amountCents: 25_000 },
      { label: 'Volume discount 5%', amountCents: -2_500 },
      { label: 'Welcome 10% off', amountCents: -4_750 },
    ],
    subtotalCents: 42_750,
    gstCents: 3_848,
    totalCents: 46_598,
    partnerPaidCents: 0,
    balanceCents: 0,
    invoiceNumber: 'HS-2025-000123',
    invoiceDate: '7 May 2025',
    payment: {
      transactionId: 'TXN-SAMPLE-0001',
      amountCents: 46_598,
      method: 'Card',
      paidAt: '7 May 2025, 2:15 PM',
    },
  };
}

/** Sample credit note for previews and tests (agrees with sampleVariables()). */
export function sampleCreditNoteData(): CreditNoteData {
  const doc = sampleDocumentData();
  return {
    creditNoteNumber: 'HS-CN-2025-000045',
    date: '9 May 2025',
    referenceNumber: doc.referenceNumber,
    invoiceNumber: doc.invoiceNumber,
    customer: doc.customer,
    eventName: doc.eventName,
    amountCents: 10_000,
    reason: 'One attendee can no longer come',
  };
}
