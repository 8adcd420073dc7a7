/**
 * The variables an email template can use, named once for the server (which checks and renders
 * templates with them) and the admin's Template Variables tab. Everything here is plain data
 * (strings, and lists of plain records of strings): templates never see the database, the process or
 * a function.
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
  {
    name: 'eventLocation',
    description: "Where to go: the venue's name, address and postal code (else the event's location text)",
    kind: 'text',
  },
  { name: 'venueName', description: 'Venue name', kind: 'text' },
  { name: 'venueAddress', description: 'Venue address', kind: 'text' },
  { name: 'venuePostalCode', description: 'Venue postal code (6 digits)', kind: 'text' },
  { name: 'venueMapUrl', description: 'Link to a map of the venue (may be empty)', kind: 'text' },
  { name: 'venuePhone', description: "Venue's contact phone (may be empty)", kind: 'text' },
  { name: 'venueEmail', description: "Venue's contact email (may be empty)", kind: 'text' },
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
  { name: 'eventUrl', description: 'Link to the event on the booking site (expiry email)', kind: 'text' },
  { name: 'expiredAt', description: 'When the unpaid reservation expired (expiry email)', kind: 'text' },
  { name: 'refundAmount', description: 'Amount refunded (refund email)', kind: 'text' },
  { name: 'refundGstAmount', description: 'GST part of the amount refunded (refund email)', kind: 'text' },
  { name: 'refundReason', description: 'Reason for the refund (refund email)', kind: 'text' },
  { name: 'refundDate', description: 'Refund date (refund email)', kind: 'text' },
  { name: 'creditNoteNumber', description: 'Credit note number (refund email)', kind: 'text' },
  { name: 'totalRefunded', description: 'Total refunded on the booking so far (refund email)', kind: 'text' },
  {
    name: 'previousTimeslotDate',
    description: 'Date of the appointment before it was moved (rescheduled email)',
    kind: 'text',
  },
  {
    name: 'previousTimeslotTime',
    description: 'Time of the appointment before it was moved (rescheduled email)',
    kind: 'text',
  },
  {
    name: 'manageUrl',
    description: 'Link to the booking on the Manage appointment page, to reschedule or cancel it',
    kind: 'text',
  },
  {
    name: 'waitlistUrl',
    description:
      'Link to the waiting-list entry: see the offer and book it, or leave the list (waiting-list emails)',
    kind: 'text',
  },
  { name: 'waitlistPosition', description: 'Place on the waiting list (waiting-list emails)', kind: 'text' },
  {
    name: 'waitlistSeats',
    description: 'Seats asked for on the waiting list (waiting-list emails)',
    kind: 'text',
  },
  {
    name: 'offerExpiresAt',
    description: 'Until when the offered seats are held, Singapore time (waiting-list offer email)',
    kind: 'text',
  },
  {
    name: 'greetingName',
    description:
      "The customer's name as the email's language greets them (English: first name; Chinese: family name first)",
    kind: 'text',
  },
  {
    name: 'totalPaid',
    description: 'Paid on the whole booking so far (partner payments apart)',
    kind: 'text',
  },
  {
    name: 'smsOptOutUrl',
    description: 'Link to stop SMS reminders for the booking (reminder email)',
    kind: 'text',
  },
  { name: 'companyName', description: "The clinic's name (company settings)", kind: 'text' },
  { name: 'companyAddress', description: "The clinic's address (company settings)", kind: 'text' },
  { name: 'companyPhone', description: "The clinic's contact phone (company settings)", kind: 'text' },
  { name: 'companyEmail', description: "The clinic's contact email (company settings)", kind: 'text' },
];

export const TEMPLATE_VARIABLE_NAMES: readonly string[] = TEMPLATE_VARIABLES.map((v) => v.name);
