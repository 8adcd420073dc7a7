/**
 * The values of an email's variables (the variables themselves: @hs/domain, template-variables.ts),
 * and the sample values of test emails and previews.
 */
import {
  type LineItemVariables,
  maskIdentificationNumber,
  type ParticipantVariables,
  type Venue,
} from '@hs/domain';
import type { EmailType } from './templates';

/**
 * Variables of every email. The spec's list (reference number ... timeslot date and time) plus the
 * extras the receipt, invoice and cancellation emails need. Amounts are already formatted strings
 * (`S$1,234.50`); the identification number is already masked.
 */
export interface EmailVariables {
  referenceNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Already masked: `S****567A`. */
  identificationNumber: string;
  dateOfBirth: string;
  postalCode: string;
  status: string;
  eventName: string;
  /** Where to go: the venue's one line (name, address, Singapore postal code), else the event's location. */
  eventLocation: string;
  packageName: string;
  packagePrice: string;
  timeslotDate: string;
  timeslotTime: string;
  [k: string]: unknown;
}

/** The venue variables (issue 46): each '' when the appointment has no venue or the venue lacks it. */
export type VenueVariables = {
  venueName: string;
  venueAddress: string;
  venuePostalCode: string;
  venueMapUrl: string;
  venuePhone: string;
  venueEmail: string;
};

export function venueVariables(venue: Venue | null): VenueVariables {
  return {
    venueName: venue?.name ?? '',
    venueAddress: venue?.address ?? '',
    venuePostalCode: venue?.postalCode ?? '',
    venueMapUrl: venue?.mapUrl ?? '',
    venuePhone: venue?.phone ?? '',
    venueEmail: venue?.email ?? '',
  };
}

/** The sample appointment's venue (sampleVariables and sampleDocumentData agree on it). */
export const SAMPLE_VENUE: Venue = {
  name: 'Orchard Community Club',
  address: '1 Orchard Road',
  postalCode: '238801',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=1+Orchard+Road+Singapore+238801',
  phone: '+65 6123 4567',
  email: 'orchard@clinic.example.sg',
  lat: 1.3006,
  lng: 103.8452,
};

/** The expiry email's own variables (an unpaid reservation whose payment hold ran out). */
export type ExpiryVariables = {
  /** The event's page on the booking site, to book again. */
  eventUrl: string;
  expiredAt: string;
};

/** The rescheduled email's own variables: the appointment it moved from (formatted like timeslotDate/Time). */
export type RescheduledVariables = {
  previousTimeslotDate: string;
  previousTimeslotTime: string;
};

/**
 * The waiting-list emails' own variables (with firstName, lastName, eventName, packageName and, for
 * an offer, timeslotDate/timeslotTime): the entry's link (see the offer, book, leave), its place and
 * seats, and until when an offer holds the seats.
 */
export type WaitlistVariables = {
  waitlistUrl: string;
  waitlistPosition: string;
  waitlistSeats: string;
  offerExpiresAt: string;
  eventUrl: string;
};

/** The refund email's own variables (amounts formatted, `S$100.00`). */
export type RefundVariables = {
  refundAmount: string;
  refundGstAmount: string;
  refundReason: string;
  refundDate: string;
  creditNoteNumber: string;
  totalRefunded: string;
  /** The tax invoice the credit note cites, its real number (issue 46: not the order's own reference). */
  invoiceNumber: string;
};

/**
 * Emails and documents show an identification number masked (`S1234567A` -> `S****567A`); the one
 * masking rule of the product lives in @hs/domain and is re-exported here for the templates' callers.
 */
export { maskIdentificationNumber };

/**
 * What changes in the sample when it is for one email type (issue 45): the booking as that email
 * finds it, so a template that shows `status` or `cancelledAt` has a value in its preview too.
 */
const SAMPLE_BY_TYPE: Partial<Record<EmailType, Partial<EmailVariables>>> = {
  cancellation: { status: 'cancelled', cancelledAt: '8 May 2025, 10:30 AM' },
  expiry: { status: 'expired' },
};

/**
 * Sample data for test emails and previews (the spec's example reference number). With `type`, the
 * sample as that email type's preview shows it (a cancellation is cancelled, ...); every variable of
 * TEMPLATE_VARIABLES has a value then. Without it, the sample agrees with sampleDocumentData().
 */
export function sampleVariables(type?: EmailType): EmailVariables {
  const participants: ParticipantVariables[] = [
    {
      name: 'Tan Wei Ming',
      firstName: 'Tan',
      lastName: 'Wei Ming',
      identificationNumber: maskIdentificationNumber('S1234567A'),
      packageName: 'Comprehensive Health Screening',
      packagePrice: 'S$250.00',
      isPrimary: 'Yes',
    },
    {
      name: 'Lim Mei Ling',
      firstName: 'Lim',
      lastName: 'Mei Ling',
      identificationNumber: maskIdentificationNumber('S7654321B'),
      packageName: 'Comprehensive Health Screening',
      packagePrice: 'S$250.00',
      isPrimary: '',
    },
  ];
  const lineItems: LineItemVariables[] = [
    { label: 'Comprehensive Health Screening - Tan Wei Ming', amount: 'S$250.00' },
    { label: 'Comprehensive Health Screening - Lim Mei Ling', amount: 'S$250.00' },
    { label: 'Volume discount 5%', amount: '-S$25.00' },
    { label: 'Welcome 10% off', amount: '-S$47.50' },
  ];
  const sample: EmailVariables = {
    referenceNumber: 'HS2505-0607-1234',
    firstName: 'Tan',
    lastName: 'Wei Ming',
    fullName: 'Tan Wei Ming',
    email: 'tan.weiming@example.com',
    phone: '+65 9123 4567',
    mobileNumber: '+65 9123 4567',
    identificationNumber: maskIdentificationNumber('S1234567A'),
    dateOfBirth: '1985-03-14',
    postalCode: '238801',
    status: 'confirmed',
    eventName: 'Community Health Screening 2025',
    eventLocation: 'Orchard Community Club, 1 Orchard Road, Singapore 238801',
    ...venueVariables(SAMPLE_VENUE),
    packageName: 'Comprehensive Health Screening',
    packagePrice: 'S$250.00',
    timeslotDate: 'Saturday, 7 June 2025',
    timeslotTime: '9:00 AM - 10:00 AM',
    participants,
    lineItems,
    subtotal: 'S$427.50',
    discountAmount: 'S$72.50',
    gstAmount: 'S$38.48',
    totalAmount: 'S$465.98',
    partnerPaid: 'S$0.00',
    companyPaid: 'S$0.00',
    amountPaid: 'S$465.98',
    totalPaid: 'S$465.98',
    greetingName: 'Tan',
    companyName: 'Health Screening',
    companyAddress: '1 Raffles Place, #10-01, Singapore 048616',
    companyPhone: '+65 6123 4567',
    companyEmail: 'hello@healthscreening.example.sg',
    smsOptOutUrl: 'https://healthscreening.example.sg/sms-opt-out/sample-token',
    balanceDue: 'S$0.00',
    paymentMethod: 'Card',
    transactionId: 'TXN-SAMPLE-0001',
    paidAt: '7 May 2025, 2:15 PM',
    invoiceNumber: 'HS-2025-000123',
    invoiceDate: '7 May 2025',
    cancelledAt: '',
    eventUrl: 'https://healthscreening.example.sg/events/community-health-screening-2025',
    expiredAt: '7 May 2025, 2:45 PM',
    refundAmount: 'S$100.00',
    refundGstAmount: 'S$8.26',
    refundReason: 'One attendee can no longer come',
    refundDate: '9 May 2025',
    creditNoteNumber: 'HS-CN-2025-000045',
    totalRefunded: 'S$100.00',
    previousTimeslotDate: 'Friday, 6 June 2025',
    previousTimeslotTime: '2:00 PM - 3:00 PM',
    manageUrl: 'https://healthscreening.example.sg/manage-appointment?ref=HS2505-0607-1234',
    waitlistUrl: 'https://healthscreening.example.sg/waitlist/sample-token',
    waitlistPosition: '3',
    waitlistSeats: '2',
    offerExpiresAt: '6 June 2025, 4:00 PM',
  };
  return type ? { ...sample, ...SAMPLE_BY_TYPE[type] } : sample;
}
