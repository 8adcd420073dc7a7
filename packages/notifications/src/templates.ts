/** The product's email types, their config keys and the seeded default templates (EJS). */

export const EMAIL_TYPES = [
  'confirmation',
  'reminder',
  'cancellation',
  'receipt',
  'invoice',
  'expiry',
  'refund',
  'rescheduled',
  'waitlist_joined',
  'waitlist_offer',
  'waitlist_expired',
  'waitlist_left',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const PRODUCT_NAME = 'Health Screening';

/** `EMAIL_CONFIRMATION_SUBJECT`, `EMAIL_RECEIPT_TEMPLATE`, ... */
export function emailConfigKeys(type: EmailType): { subject: string; template: string } {
  const t = type.toUpperCase();
  return { subject: `EMAIL_${t}_SUBJECT`, template: `EMAIL_${t}_TEMPLATE` };
}

/** True for config keys whose value is an EJS template (`EMAIL_*_SUBJECT`, `EMAIL_*_TEMPLATE`): validate these at save. */
export function isTemplateConfigKey(key: string): boolean {
  return /^EMAIL_[A-Z0-9_]+_(SUBJECT|TEMPLATE)$/.test(key);
}

const p = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;

const DETAILS = `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
  <tr><td style="color:#555">Reference number</td><td><strong><%= referenceNumber %></strong></td></tr>
  <tr><td style="color:#555">Event</td><td><%= eventName %></td></tr>
  <tr><td style="color:#555">Date and time</td><td><%= timeslotDate %>, <%= timeslotTime %></td></tr>
  <tr><td style="color:#555">Location</td><td><%= eventLocation %></td></tr>
  <tr><td style="color:#555">Package</td><td><%= packageName %> (<%= packagePrice %>)</td></tr>
</table>`;

const ATTENDEES = `<% if (participants && participants.length > 1) { %>
<p style="margin:0 0 6px"><strong>Attendees</strong></p>
<ul style="margin:0 0 16px">
<% for (const person of participants) { %>  <li><%= person.name %> (<%= person.identificationNumber %>): <%= person.packageName %></li>
<% } %></ul>
<% } %>`;

const LINE_ITEMS = `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;min-width:320px">
<% for (const item of lineItems) { %>  <tr><td><%= item.label %></td><td style="text-align:right"><%= item.amount %></td></tr>
<% } %>  <tr><td style="border-top:1px solid #ccc">Subtotal</td><td style="border-top:1px solid #ccc;text-align:right"><%= subtotal %></td></tr>
  <tr><td>GST 9%</td><td style="text-align:right"><%= gstAmount %></td></tr>
  <tr><td><strong>Total</strong></td><td style="text-align:right"><strong><%= totalAmount %></strong></td></tr>
<% if (partnerPaid && partnerPaid !== 'S$0.00') { %>  <tr><td>Paid via partner</td><td style="text-align:right">-<%= partnerPaid %></td></tr>
<% } %>  <tr><td><strong>Balance due</strong></td><td style="text-align:right"><strong><%= balanceDue %></strong></td></tr>
</table>`;

const NOTES = p(
  'Please arrive 15 minutes early, bring your identification (NRIC) and reference number, and fast for 8-10 hours before your blood tests.',
);

/** The booking on the Manage appointment page (reference prefilled): reschedule or cancel. */
const MANAGE_LINK = `<% if (manageUrl) { %>${p('<a href="<%= manageUrl %>" style="color:#0f5f8c">Manage appointment</a> (reschedule or cancel)')}<% } %>`;

const CONFIRMATION_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p('Your health screening appointment is confirmed.'),
  DETAILS,
  ATTENDEES,
  NOTES,
  p('If you need to reschedule or cancel, please do so at least 24 hours ahead.'),
  MANAGE_LINK,
  p('Your confirmation is attached as a PDF.'),
].join('\n');

const REMINDER_TEMPLATE = [
  p('Dear <%= firstName %>,'),
  p(
    'This is a reminder of your health screening appointment tomorrow: <strong><%= timeslotDate %>, <%= timeslotTime %></strong> at <%= eventLocation %>.',
  ),
  DETAILS,
  NOTES,
].join('\n');

const CANCELLATION_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p('Your health screening appointment <strong><%= referenceNumber %></strong> has been cancelled.'),
  DETAILS,
  p('If this was not you, or you would like to book again, please visit our booking site or contact us.'),
].join('\n');

const RECEIPT_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p('Thank you for your payment. Here is your receipt.'),
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
  <tr><td style="color:#555">Reference number</td><td><strong><%= referenceNumber %></strong></td></tr>
  <tr><td style="color:#555">Amount paid</td><td><strong><%= amountPaid %></strong></td></tr>
  <tr><td style="color:#555">Payment method</td><td><%= paymentMethod %></td></tr>
  <tr><td style="color:#555">Transaction id</td><td><%= transactionId %></td></tr>
  <tr><td style="color:#555">Paid on</td><td><%= paidAt %></td></tr>
  <tr><td style="color:#555">Balance due</td><td><%= balanceDue %></td></tr>
</table>`,
  p('Your appointment: <%= eventName %>, <%= timeslotDate %>, <%= timeslotTime %>, <%= eventLocation %>.'),
  p('The invoice is attached as a PDF.'),
].join('\n');

const INVOICE_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'Please find your invoice <strong><%= invoiceNumber %></strong> dated <%= invoiceDate %> below and attached.',
  ),
  DETAILS,
  LINE_ITEMS,
].join('\n');

const EXPIRY_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'Your reservation <strong><%= referenceNumber %></strong> was held for payment until <%= expiredAt %>. No payment was received in time, so the reservation has expired and its seats have been released.',
  ),
  DETAILS,
  p('Nothing was charged. If you would still like to attend, please book again:'),
  p('<a href="<%= eventUrl %>" style="color:#0f5f8c"><%= eventUrl %></a>'),
].join('\n');

const REFUND_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'We have refunded <strong><%= refundAmount %></strong> for your booking <strong><%= referenceNumber %></strong>.',
  ),
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
  <tr><td style="color:#555">Credit note</td><td><strong><%= creditNoteNumber %></strong></td></tr>
  <tr><td style="color:#555">Date</td><td><%= refundDate %></td></tr>
  <tr><td style="color:#555">Original invoice</td><td><%= invoiceNumber %></td></tr>
  <tr><td style="color:#555">Amount refunded</td><td><strong><%= refundAmount %></strong> (incl. GST <%= refundGstAmount %>)</td></tr>
  <tr><td style="color:#555">Reason</td><td><%= refundReason %></td></tr>
  <tr><td style="color:#555">Total refunded</td><td><%= totalRefunded %></td></tr>
</table>`,
  p('The money goes back to the card you paid with; your bank may take 5-10 business days to show it.'),
  p('The credit note is attached as a PDF.'),
].join('\n');

const RESCHEDULED_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'Your health screening appointment <strong><%= referenceNumber %></strong> has been moved from <%= previousTimeslotDate %>, <%= previousTimeslotTime %> to <strong><%= timeslotDate %>, <%= timeslotTime %></strong>.',
  ),
  DETAILS,
  ATTENDEES,
  NOTES,
  p(
    'The attached calendar invite (appointment.ics) updates the appointment in your calendar. Your package, attendees and payments are unchanged.',
  ),
].join('\n');

const link = (label: string) =>
  p(`<a href="<%= waitlistUrl %>" style="color:#0f5f8c">${label}</a>`) + p('<%= waitlistUrl %>');

/** Every waiting-list email ends with the way off the list (the entry's page has the button). */
const LEAVE = p(
  'No longer interested? <a href="<%= waitlistUrl %>" style="color:#0f5f8c">Leave the waiting list</a>.',
);

const WAITLIST_DETAILS = `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
  <tr><td style="color:#555">Event</td><td><%= eventName %></td></tr>
  <tr><td style="color:#555">Package</td><td><%= packageName %></td></tr>
  <tr><td style="color:#555">Seats</td><td><%= waitlistSeats %></td></tr>
</table>`;

const WAITLIST_JOINED_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'You are on the waiting list for <strong><%= eventName %></strong>, at position <strong><%= waitlistPosition %></strong>. When seats free up we will hold them for you and email you a link to book them.',
  ),
  WAITLIST_DETAILS,
  p('You can see your place on the list at any time:'),
  link('Your waiting-list entry'),
  LEAVE,
].join('\n');

const WAITLIST_OFFER_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'Good news: seats are free for <strong><%= eventName %></strong> on <strong><%= timeslotDate %>, <%= timeslotTime %></strong>. We are holding them for you until <strong><%= offerExpiresAt %></strong> (Singapore time).',
  ),
  WAITLIST_DETAILS,
  p('Complete your booking before then; after that the seats go to the next person on the list.'),
  link('Complete my booking'),
  LEAVE,
].join('\n');

const WAITLIST_EXPIRED_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p(
    'The seats we held for you for <strong><%= eventName %></strong> on <%= timeslotDate %>, <%= timeslotTime %> were not booked in time, so the offer has lapsed and they have passed to the next person. You are no longer on the waiting list.',
  ),
  p('If you would still like to attend, please book or join the waiting list again:'),
  p('<a href="<%= eventUrl %>" style="color:#0f5f8c"><%= eventUrl %></a>'),
  p('Your entry: <a href="<%= waitlistUrl %>" style="color:#0f5f8c"><%= waitlistUrl %></a>'),
].join('\n');

const WAITLIST_LEFT_TEMPLATE = [
  p('Dear <%= firstName %> <%= lastName %>,'),
  p('You are no longer on the waiting list for <strong><%= eventName %></strong>.'),
  WAITLIST_DETAILS,
  p('If you would still like to attend, please book or join the waiting list again:'),
  p('<a href="<%= eventUrl %>" style="color:#0f5f8c"><%= eventUrl %></a>'),
  p('Your entry: <a href="<%= waitlistUrl %>" style="color:#0f5f8c"><%= waitlistUrl %></a>'),
].join('\n');

/** The seeded email configs: the six the spec lists, then the same pattern for the other types. */
export const DEFAULT_EMAIL_CONFIGS: Record<string, { value: string; description: string }> = {
  EMAIL_SENDER_NAME: { value: 'Health Screening Appointments', description: 'Name shown as the sender' },
  EMAIL_SENDER_ADDRESS: {
    value: 'appointments@healthscreening.example.sg',
    description: 'Address emails are sent from',
  },
  EMAIL_CONFIRMATION_SUBJECT: {
    value: 'Your health screening is confirmed: <%= referenceNumber %>',
    description: 'Subject of the confirmation email (EJS)',
  },
  EMAIL_CONFIRMATION_TEMPLATE: {
    value: CONFIRMATION_TEMPLATE,
    description: 'Body of the confirmation email (EJS)',
  },
  EMAIL_REMINDER_SUBJECT: {
    value: 'Reminder: your health screening tomorrow (<%= referenceNumber %>)',
    description: 'Subject of the reminder email (EJS)',
  },
  EMAIL_REMINDER_TEMPLATE: { value: REMINDER_TEMPLATE, description: 'Body of the reminder email (EJS)' },
  EMAIL_CANCELLATION_SUBJECT: {
    value: 'Your health screening appointment <%= referenceNumber %> is cancelled',
    description: 'Subject of the cancellation email (EJS)',
  },
  EMAIL_CANCELLATION_TEMPLATE: {
    value: CANCELLATION_TEMPLATE,
    description: 'Body of the cancellation email (EJS)',
  },
  EMAIL_RECEIPT_SUBJECT: {
    value: 'Payment receipt for <%= referenceNumber %>',
    description: 'Subject of the payment receipt email (EJS)',
  },
  EMAIL_RECEIPT_TEMPLATE: { value: RECEIPT_TEMPLATE, description: 'Body of the payment receipt email (EJS)' },
  EMAIL_INVOICE_SUBJECT: {
    value: 'Invoice <%= invoiceNumber %> for <%= referenceNumber %>',
    description: 'Subject of the invoice email (EJS)',
  },
  EMAIL_INVOICE_TEMPLATE: { value: INVOICE_TEMPLATE, description: 'Body of the invoice email (EJS)' },
  EMAIL_EXPIRY_SUBJECT: {
    value: 'Your reservation <%= referenceNumber %> has expired',
    description: 'Subject of the email sent when an unpaid reservation expires (EJS)',
  },
  EMAIL_EXPIRY_TEMPLATE: {
    value: EXPIRY_TEMPLATE,
    description: 'Body of the email sent when an unpaid reservation expires (EJS)',
  },
  EMAIL_REFUND_SUBJECT: {
    value: 'Refund of <%= refundAmount %> for <%= referenceNumber %>',
    description: 'Subject of the refund email (EJS)',
  },
  EMAIL_REFUND_TEMPLATE: {
    value: REFUND_TEMPLATE,
    description: 'Body of the refund email, sent with the credit note PDF (EJS)',
  },
  EMAIL_RESCHEDULED_SUBJECT: {
    value: 'Your health screening <%= referenceNumber %> is now on <%= timeslotDate %>, <%= timeslotTime %>',
    description: 'Subject of the email sent when an appointment is rescheduled (EJS)',
  },
  EMAIL_RESCHEDULED_TEMPLATE: {
    value: RESCHEDULED_TEMPLATE,
    description:
      'Body of the email sent when an appointment is rescheduled, with the updated calendar invite (EJS)',
  },
  EMAIL_WAITLIST_JOINED_SUBJECT: {
    value: 'You are on the waiting list for <%= eventName %>',
    description: 'Subject of the email sent when someone joins a waiting list (EJS)',
  },
  EMAIL_WAITLIST_JOINED_TEMPLATE: {
    value: WAITLIST_JOINED_TEMPLATE,
    description: 'Body of the email sent when someone joins a waiting list, with the entry link (EJS)',
  },
  EMAIL_WAITLIST_OFFER_SUBJECT: {
    value: 'Seats are held for you: <%= eventName %> on <%= timeslotDate %>',
    description: 'Subject of the waiting-list offer email (EJS)',
  },
  EMAIL_WAITLIST_OFFER_TEMPLATE: {
    value: WAITLIST_OFFER_TEMPLATE,
    description:
      'Body of the waiting-list offer email: the held slot, until when, and the link to book it (EJS)',
  },
  EMAIL_WAITLIST_EXPIRED_SUBJECT: {
    value: 'Your waiting-list offer for <%= eventName %> has expired',
    description: 'Subject of the email sent when a waiting-list offer lapses (EJS)',
  },
  EMAIL_WAITLIST_EXPIRED_TEMPLATE: {
    value: WAITLIST_EXPIRED_TEMPLATE,
    description: 'Body of the email sent when a waiting-list offer lapses and the entry ends (EJS)',
  },
  EMAIL_WAITLIST_LEFT_SUBJECT: {
    value: 'You have left the waiting list for <%= eventName %>',
    description: 'Subject of the email confirming someone left (or was removed from) a waiting list (EJS)',
  },
  EMAIL_WAITLIST_LEFT_TEMPLATE: {
    value: WAITLIST_LEFT_TEMPLATE,
    description: 'Body of the email confirming someone left (or was removed from) a waiting list (EJS)',
  },
};
