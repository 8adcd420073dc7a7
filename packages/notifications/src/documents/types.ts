/** The data the booking's PDFs are drawn from: all amounts integer cents, dates already display strings. */
import type { Venue } from '@hs/domain';

export interface DocumentAttendee {
  name: string;
  /** Masked before drawing (S****567A) whatever is passed. */
  identificationNumber?: string | null;
  packageName: string;
  /** The attendee's package price (base price, before member/volume/code discounts). */
  priceCents: number;
  isPrimary?: boolean;
}

/** An invoice line: packages with positive amounts, each discount (its lineItemLabel) negative. */
export interface DocumentLineItem {
  label: string;
  amountCents: number;
}

export interface DocumentPayment {
  transactionId: string;
  amountCents: number;
  method: string;
  /** Display string, e.g. '7 May 2025, 2:15 PM' (Asia/Singapore). */
  paidAt: string;
}

export interface DocumentData {
  referenceNumber: string;
  /** Display status, e.g. 'Confirmed', 'Payment Pending'. */
  status: string;
  eventName: string;
  /** Where to go, one line: the venue's name, address and postal code, else the event's location text. */
  eventLocation: string;
  /** The appointment's venue (issue 46): its region's, else the event's; null when there is none. */
  venue?: Venue | null;
  /** Display strings (Asia/Singapore): 'Saturday, 7 June 2025', '9:00 AM - 10:00 AM'. */
  appointmentDate: string;
  appointmentTime: string;
  customer: { name: string; email: string; phone: string; address?: string | null };
  attendees: DocumentAttendee[];
  lineItems: DocumentLineItem[];
  /** Sum of the line items floored at 0: the amount GST is charged on. */
  subtotalCents: number;
  /** GST 9% of the subtotal, rounded half-up. */
  gstCents: number;
  /** subtotal + GST. */
  totalCents: number;
  /** Already paid at the partner (WhiteCoat). */
  partnerPaidCents: number;
  /** Paid by the employer under a corporate programme (issue 51; invoiced to the company), else 0. */
  companyPaidCents?: number;
  /** max(0, total - partner paid - company paid - payment amount). */
  balanceCents: number;
  invoiceNumber: string;
  /** Display string, e.g. '7 May 2025'. */
  invoiceDate: string;
  payment: DocumentPayment | null;
  /** The order's check-in token: the confirmation PDF shows it as a QR code (issue 23). */
  checkInToken?: string | null;
}

/** The credit note of one refund (or void) of an order: what was given back, against which invoice. */
export interface CreditNoteData {
  /** `CN-{reference}-{n}`: see creditNoteNumber. */
  creditNoteNumber: string;
  /** Display string, e.g. '9 May 2025' (Asia/Singapore). */
  date: string;
  referenceNumber: string;
  /** The original invoice's issued number (`<prefix>-<year>-<seq>`, issue 25). */
  invoiceNumber: string;
  customer: DocumentData['customer'];
  eventName: string;
  /** The amount refunded, GST included (its GST part is computed: 9/109, half-up). */
  amountCents: number;
  reason: string;
}
