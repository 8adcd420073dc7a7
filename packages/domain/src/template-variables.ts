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
const text = (name: string, description: string): TemplateVariable => ({ name, description, kind: 'text' });

export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  text('referenceNumber', 'Registration reference number'),
  text('firstName', 'First name'),
  text('lastName', 'Last name'),
  text('fullName', 'First and last name'),
  text('email', 'Email'),
  text('phone', 'Phone'),
  text('mobileNumber', 'Phone (same as phone)'),
  text('identificationNumber', 'Identification number, masked (S****567A)'),
  text('dateOfBirth', 'Date of birth'),
  text('postalCode', 'Postal code'),
  text('status', 'Status'),
  text('eventName', 'Event name'),
  text(
    'eventLocation',
    "Where to go: the venue's name, address and postal code (else the event's location text)",
  ),
  text('venueName', 'Venue name'),
  text('venueAddress', 'Venue address'),
  text('venuePostalCode', 'Venue postal code (6 digits)'),
  text('venueMapUrl', 'Link to a map of the venue (may be empty)'),
  text('venuePhone', "Venue's contact phone (may be empty)"),
  text('venueEmail', "Venue's contact email (may be empty)"),
  text('packageName', 'Package name'),
  text('packagePrice', 'Package price (S$1,234.50)'),
  text('timeslotDate', 'Timeslot date'),
  text('timeslotTime', 'Timeslot time'),
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
  text('subtotal', 'Subtotal before GST'),
  text('discountAmount', 'Discount amount'),
  text('gstAmount', 'GST 9%'),
  text('totalAmount', 'Total including GST'),
  text('partnerPaid', 'Amount paid via partner'),
  text('companyPaid', 'Amount paid by the employer under a corporate programme'),
  text('amountPaid', 'Amount paid in this payment'),
  text('balanceDue', 'Balance due'),
  text('paymentMethod', 'Payment method'),
  text('transactionId', 'Payment transaction id'),
  text('paidAt', 'Payment date and time'),
  text('invoiceNumber', 'Invoice number'),
  text('invoiceDate', 'Invoice date'),
  text('cancelledAt', 'Cancellation date'),
  text('eventUrl', 'Link to the event on the booking site (expiry email)'),
  text('expiredAt', 'When the unpaid reservation expired (expiry email)'),
  text('refundAmount', 'Amount refunded (refund email)'),
  text('refundGstAmount', 'GST part of the amount refunded (refund email)'),
  text('refundReason', 'Reason for the refund (refund email)'),
  text('refundDate', 'Refund date (refund email)'),
  text('creditNoteNumber', 'Credit note number (refund email)'),
  text('totalRefunded', 'Total refunded on the booking so far (refund email)'),
  text('previousTimeslotDate', 'Date of the appointment before it was moved (rescheduled email)'),
  text('previousTimeslotTime', 'Time of the appointment before it was moved (rescheduled email)'),
  text('manageUrl', 'Link to the booking on the Manage appointment page, to reschedule or cancel it'),
  text(
    'waitlistUrl',
    'Link to the waiting-list entry: see the offer and book it, or leave the list (waiting-list emails)',
  ),
  text('waitlistPosition', 'Place on the waiting list (waiting-list emails)'),
  text('waitlistSeats', 'Seats asked for on the waiting list (waiting-list emails)'),
  text('offerExpiresAt', 'Until when the offered seats are held, Singapore time (waiting-list offer email)'),
  text(
    'greetingName',
    "The customer's name as the email's language greets them (English: first name; Chinese: family name first)",
  ),
  text('totalPaid', 'Paid on the whole booking so far (partner and employer payments apart)'),
  text('smsOptOutUrl', 'Link to stop SMS reminders for the booking (reminder email)'),
  text('companyName', "The clinic's name (company settings)"),
  text('companyAddress', "The clinic's address (company settings)"),
  text('companyPhone', "The clinic's contact phone (company settings)"),
  text('companyEmail', "The clinic's contact email (company settings)"),
];

export const TEMPLATE_VARIABLE_NAMES: readonly string[] = TEMPLATE_VARIABLES.map((v) => v.name);
