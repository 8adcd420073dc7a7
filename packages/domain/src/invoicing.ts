/**
 * Issued documents (issue 25): tax invoices and credit notes, numbered without gaps per prefix and
 * year. A document is a snapshot: once issued it never changes, and its PDF is drawn from the
 * snapshot alone. The numbering lives in the log: a sequence stream per prefix, kind and year whose
 * version IS the last number issued, so one append (expected version) takes the next number.
 */
import { GST_PERCENT, roundHalfUp } from './money';
import type { PaymentMethodGroup } from './registration/payment-methods';

/** The supplier as printed on a document: the company settings at the time it was issued. */
export interface CompanySettings {
  companyName: string;
  address: string;
  uen: string;
  /** Empty: not GST-registered, documents are plain invoices without GST lines. */
  gstRegistrationNumber: string;
  invoicePrefix: string;
  /** The clinic's contact phone (issue 46), '+65 6123 4567'; empty: none shown. */
  contactPhone: string;
  /** The clinic's contact email (issue 46); empty: none shown. */
  contactEmail: string;
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  companyName: 'Health Screening',
  address: '',
  uen: '',
  gstRegistrationNumber: '',
  invoicePrefix: 'HS',
  contactPhone: '',
  contactEmail: '',
};

/** '+65 6123 4567' from '+6561234567', '6123 4567', '+65-6123-4567'; null when it is no Singapore 8-digit number. */
export function normaliseContactPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+65/, '');
  return /^[3689]\d{7}$/.test(digits) ? `+65 ${digits.slice(0, 4)} ${digits.slice(4)}` : null;
}

const CONTACT_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

const UEN = /^(\d{8}[A-Z]|\d{9}[A-Z]|[ST]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const GST_NO = /^([A-Z]\d{8}[A-Z]|\d{8}[A-Z]|\d{9}[A-Z]|[A-Z]{2}\d{7}[A-Z]|[ST]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const PREFIX = /^[A-Z0-9-]{1,10}$/;

/** The problems of company settings as an admin typed them: field -> message (empty: valid). */
export function companySettingsProblems(s: CompanySettings): Record<string, string> {
  const out: Record<string, string> = {};
  if (!s.companyName.trim()) out.companyName = 'Company name is required';
  else if (s.companyName.length > 200) out.companyName = 'Company name is at most 200 characters';
  if (!s.address.trim()) out.address = 'Address is required';
  else if (s.address.length > 500) out.address = 'Address is at most 500 characters';
  if (!UEN.test(s.uen)) {
    out.uen = 'UEN must look like 201912345K, 53123456D or T09LL0001B (9 or 10 characters, capital letters)';
  }
  if (s.gstRegistrationNumber && !GST_NO.test(s.gstRegistrationNumber)) {
    out.gstRegistrationNumber =
      'GST registration number must look like M90000000A or a UEN (9 or 10 characters, capital letters), or be empty';
  }
  if (s.contactPhone && !normaliseContactPhone(s.contactPhone)) {
    out.contactPhone = 'Contact phone must be a Singapore number: +65 and 8 digits, e.g. +65 6123 4567';
  }
  if (s.contactEmail && (s.contactEmail.length > 254 || !CONTACT_EMAIL.test(s.contactEmail))) {
    out.contactEmail = 'Contact email must be a valid email address, e.g. hello@clinic.sg';
  }
  if (!PREFIX.test(s.invoicePrefix)) {
    out.invoicePrefix = 'Invoice prefix must be 1 to 10 characters: capital letters, digits or -';
  } else if (/-CN$|^-|-$/.test(s.invoicePrefix)) {
    // HS-CN would number its invoices like HS's credit notes
    out.invoicePrefix = 'Invoice prefix must not start or end with - nor end with -CN';
  }
  return out;
}

export type DocumentKind = 'invoice' | 'credit-note';

/** `HS-2026-000123` (invoice) or `HS-CN-2026-000007` (credit note). */
export function documentNumber(prefix: string, kind: DocumentKind, year: number, sequence: number): string {
  const seq = String(sequence).padStart(6, '0');
  return kind === 'invoice' ? `${prefix}-${year}-${seq}` : `${prefix}-CN-${year}-${seq}`;
}

/** The year a document issued at `at` is numbered in: the calendar year in Singapore. */
export function singaporeYear(at: Date): number {
  return new Date(at.getTime() + 8 * 3_600_000).getUTCFullYear();
}

/** One line of an invoice: a person's package (quantity 1) or a discount (negative). */
export interface InvoiceLine {
  description: string;
  /** The attendee for a package line; empty for a discount line. */
  person: string;
  quantity: number;
  /** Before GST, cents (negative for a discount). */
  amountCents: number;
}

export interface DocumentParty {
  name: string;
  address: string;
}

export interface SupplierSnapshot extends DocumentParty {
  uen: string;
  gstRegistrationNumber: string;
}

/** InvoiceIssued's data: the whole document as issued. */
export interface InvoiceSnapshot {
  invoiceNumber: string;
  registrationId: number;
  referenceNumber: string;
  sequence: number;
  issuedAt: string;
  supplier: SupplierSnapshot;
  customer: DocumentParty;
  /**
   * The order's primary participant when issued: the customer's name, address and the lines' attendee
   * names are encrypted in the event log under their data key (issue 24). Absent on documents issued before.
   */
  customerParticipantId?: string;
  lines: InvoiceLine[];
  /** Before GST (without a GST number: the total payable). */
  taxableCents: number;
  gstCents: number;
  totalCents: number;
  /** 900 for 9%; 0 when not GST-registered. */
  gstRateBasisPoints: number;
  /** The earlier invoice this one adds to (an order that grew after it was invoiced). */
  supersedes: string | null;
  /**
   * How the order was paid when issued (its latest payment's method group, issue 48); null when nothing
   * was paid yet. Absent on documents issued before.
   */
  paymentMethod?: PaymentMethodGroup | null;
  /**
   * Issue 51: an invoice to a company for its programme's bookings of a month (registrationId 0; the
   * reference is the programme's code and the month; a line per booking). Absent on an order's invoice.
   */
  billedTo?: CompanyBilling;
}

/** Who a company invoice bills, and for what (issue 51). */
export interface CompanyBilling {
  companyId: number;
  programmeId: number;
  programmeName: string;
  /** yyyy-MM, Singapore: the month whose bookings it bills. */
  period: string;
  uen: string;
  gstRegistrationNumber: string | null;
  poReference: string | null;
}

/** CreditNoteIssued's data. */
export interface CreditNoteSnapshot {
  creditNoteNumber: string;
  registrationId: number;
  referenceNumber: string;
  sequence: number;
  issuedAt: string;
  originalInvoiceNumber: string;
  /** The refund it documents, or null for an order reduced without a refund. */
  refundId: string | null;
  reason: string;
  supplier: SupplierSnapshot;
  customer: DocumentParty;
  /** As on InvoiceSnapshot: whose data key encrypts the customer in the event log. */
  customerParticipantId?: string;
  /** GST included: what was given back. */
  totalCents: number;
  gstCents: number;
  taxableCents: number;
  gstRateBasisPoints: number;
  /** Where the refund went back to: its sale's method group (issue 48); null without a refund. */
  paymentMethod?: PaymentMethodGroup | null;
}

export type InvoiceIssued = { type: 'InvoiceIssued'; data: InvoiceSnapshot };
export type CreditNoteIssued = { type: 'CreditNoteIssued'; data: CreditNoteSnapshot };
/** On the registration stream, in the same append as the document on its sequence stream. */
export type DocumentIssued = {
  type: 'DocumentIssued';
  data: {
    kind: DocumentKind;
    number: string;
    refundId: string | null;
    totalCents: number;
    at: string;
  };
};

export const gstRegistered = (s: Pick<SupplierSnapshot, 'gstRegistrationNumber'>): boolean =>
  s.gstRegistrationNumber.trim() !== '';

/** The GST part of a GST-inclusive amount at a rate in basis points (9% = 900), half-up. */
export function gstPartOf(totalCents: number, basisPoints: number): number {
  return basisPoints === 0 ? 0 : roundHalfUp(totalCents * basisPoints, 10_000 + basisPoints);
}

export const GST_BASIS_POINTS = GST_PERCENT * 100;
