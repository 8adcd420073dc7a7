/**
 * The variables an email template can use. Everything here is plain data (strings, and lists of
 * plain records of strings): templates never see the database, the process or a function.
 */

/** One person on the booking, as a template sees them. */
export interface ParticipantVariables {
  name: string;
  firstName: string;
  lastName: string;
  /** Masked, e.g. `S****567A`. */
  identificationNumber: string;
  packageName: string;
  /** Formatted, e.g. `S$1,234.50`. */
  packagePrice: string;
  /** 'Yes' for the primary contact, '' otherwise (a string, so `if (p.isPrimary)` works). */
  isPrimary: string;
}

/** One invoice line as a template sees it (discounts carry their lineItemLabel and a negative amount). */
export interface LineItemVariables {
  label: string;
  /** Formatted, e.g. `S$1,234.50` or `-S$20.00`. */
  amount: string;
}

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
  eventLocation: string;
  packageName: string;
  packagePrice: string;
  timeslotDate: string;
  timeslotTime: string;
  [k: string]: unknown;
}

export type VariableKind = 'text' | 'list';

export interface TemplateVariable {
  name: string;
  description: string;
  kind: VariableKind;
  /** For lists: the fields of each element (`<% for (const p of participants) { %><%= p.name %>`). */
  fields?: readonly string[];
}

const PARTICIPANT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'identificationNumber',
  'packageName',
  'packagePrice',
  'isPrimary',
] as const satisfies readonly (keyof ParticipantVariables)[];

const LINE_ITEM_FIELDS = ['label', 'amount'] as const satisfies readonly (keyof LineItemVariables)[];

/**
 * Every variable a template may name: the allow-list `validateTemplate` checks against and the
 * list the admin "Template Variables" tab can show.
 */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: 'referenceNumber', description: 'Registration reference number', kind: 'text' },
  { name: 'firstName', description: 'First name', kind: 'text' },
  { name: 'lastName', description: 'Last name', kind: 'text' },
  { name: 'fullName', description: 'First and last name', kind: 'text' },
  { name: 'email', description: 'Email', kind: 'text' },
  { name: 'phone', description: 'Phone', kind: 'text' },
  { name: 'mobileNumber', description: 'Phone (same as phone)', kind: 'text' },
  { name: 'identificationNumber', description: 'Identification number, masked (S****567A)', kind: 'text' },
  { name: 'dateOfBirth', description: 'Date of birth', kind: 'text' },
  { name: 'postalCode', description: 'Postal code', kind: 'text' },
  { name: 'status', description: 'Status', kind: 'text' },
  { name: 'eventName', description: 'Event name', kind: 'text' },
  { name: 'eventLocation', description: 'Event location', kind: 'text' },
  { name: 'packageName', description: 'Package name', kind: 'text' },
  { name: 'packagePrice', description: 'Package price (S$1,234.50)', kind: 'text' },
  { name: 'timeslotDate', description: 'Timeslot date', kind: 'text' },
  { name: 'timeslotTime', description: 'Timeslot time', kind: 'text' },
  {
    name: 'participants',
    description: `Everyone on the booking; each has ${PARTICIPANT_FIELDS.join(', ')}`,
    kind: 'list',
    fields: PARTICIPANT_FIELDS,
  },
  {
    name: 'lineItems',
    description: `Invoice lines (packages, then each discount's label); each has ${LINE_ITEM_FIELDS.join(', ')}`,
    kind: 'list',
    fields: LINE_ITEM_FIELDS,
  },
  { name: 'subtotal', description: 'Subtotal before GST', kind: 'text' },
  { name: 'discountAmount', description: 'Discount amount', kind: 'text' },
  { name: 'gstAmount', description: 'GST 9%', kind: 'text' },
  { name: 'totalAmount', description: 'Total including GST', kind: 'text' },
  { name: 'partnerPaid', description: 'Amount paid via partner', kind: 'text' },
  { name: 'amountPaid', description: 'Amount paid in this payment', kind: 'text' },
  { name: 'balanceDue', description: 'Balance due', kind: 'text' },
  { name: 'paymentMethod', description: 'Payment method', kind: 'text' },
  { name: 'transactionId', description: 'Payment transaction id', kind: 'text' },
  { name: 'paidAt', description: 'Payment date and time', kind: 'text' },
  { name: 'invoiceNumber', description: 'Invoice number', kind: 'text' },
  { name: 'invoiceDate', description: 'Invoice date', kind: 'text' },
  { name: 'cancelledAt', description: 'Cancellation date', kind: 'text' },
];

export const TEMPLATE_VARIABLE_NAMES: readonly string[] = TEMPLATE_VARIABLES.map((v) => v.name);

/**
 * Masks an identification number (NRIC/FIN/passport) for emails and documents: the first character
 * and the last four stay, the rest become `*`: `S1234567A` -> `S****567A`. Shorter values keep only
 * their last character. Idempotent (masking a masked value changes nothing).
 */
export function maskIdentificationNumber(id: string): string {
  const s = (id ?? '').trim();
  if (s.length === 0) return '';
  if (s.length < 6) return '*'.repeat(s.length - 1) + s.slice(-1);
  return s[0] + '*'.repeat(s.length - 5) + s.slice(-4);
}

/** Sample data for test emails and previews (the spec's example reference number). */
export function sampleVariables(): EmailVariables {
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
  return {
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
    amountPaid: 'S$465.98',
    balanceDue: 'S$0.00',
    paymentMethod: 'Card',
    transactionId: 'TXN-SAMPLE-0001',
    paidAt: '7 May 2025, 2:15 PM',
    invoiceNumber: 'INV-HS2505-0607-1234',
    invoiceDate: '7 May 2025',
    cancelledAt: '',
  };
}
