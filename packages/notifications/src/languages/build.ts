/**
 * Builds one language's booking emails from its words (issue 26): the same EJS variables and layout as
 * the English defaults in ../templates.ts, so a translator edits the words in zh.ts, ms.ts or ta.ts
 * and never the markup.
 */
export interface EmailWords {
  dear: string;
  referenceNumber: string;
  event: string;
  dateTime: string;
  location: string;
  package: string;
  attendees: string;
  notes: string;
  manage: string;
  confirmationSubject: string;
  confirmed: string;
  rescheduleAhead: string;
  pdfAttached: string;
  rescheduledSubject: string;
  moved: string;
  icsUpdates: string;
  cancellationSubject: string;
  cancelled: string;
  bookAgainContact: string;
  expirySubject: string;
  expired: string;
  nothingCharged: string;
  refundSubject: string;
  refunded: string;
  creditNote: string;
  date: string;
  originalInvoice: string;
  amountRefunded: string;
  inclGst: string;
  reason: string;
  totalRefunded: string;
  backToCard: string;
  creditNoteAttached: string;
}

const p = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;
const row = (label: string, value: string) =>
  `  <tr><td style="color:#555">${label}</td><td>${value}</td></tr>`;
const table = (rows: string[]) =>
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">\n${rows.join('\n')}\n</table>`;

/** Config key -> template, for the types translated so far (others fall back to English). */
export function buildEmails(w: EmailWords): Record<string, string> {
  const details = table([
    row(w.referenceNumber, '<strong><%= referenceNumber %></strong>'),
    row(w.event, '<%= eventName %>'),
    row(w.dateTime, '<%= timeslotDate %>, <%= timeslotTime %>'),
    row(w.location, '<%= eventLocation %>'),
    row(w.package, '<%= packageName %> (<%= packagePrice %>)'),
  ]);
  const attendees = `<% if (participants && participants.length > 1) { %>
<p style="margin:0 0 6px"><strong>${w.attendees}</strong></p>
<ul style="margin:0 0 16px">
<% for (const person of participants) { %>  <li><%= person.name %> (<%= person.identificationNumber %>): <%= person.packageName %></li>
<% } %></ul>
<% } %>`;
  const manage = `<% if (manageUrl) { %>${p(`<a href="<%= manageUrl %>" style="color:#0f5f8c">${w.manage}</a>`)}<% } %>`;
  const dear = p(w.dear);
  return {
    EMAIL_CONFIRMATION_SUBJECT: w.confirmationSubject,
    EMAIL_CONFIRMATION_TEMPLATE: [
      dear,
      p(w.confirmed),
      details,
      attendees,
      p(w.notes),
      p(w.rescheduleAhead),
      manage,
      p(w.pdfAttached),
    ].join('\n'),
    EMAIL_RESCHEDULED_SUBJECT: w.rescheduledSubject,
    EMAIL_RESCHEDULED_TEMPLATE: [dear, p(w.moved), details, attendees, p(w.notes), p(w.icsUpdates)].join(
      '\n',
    ),
    EMAIL_CANCELLATION_SUBJECT: w.cancellationSubject,
    EMAIL_CANCELLATION_TEMPLATE: [dear, p(w.cancelled), details, p(w.bookAgainContact)].join('\n'),
    EMAIL_EXPIRY_SUBJECT: w.expirySubject,
    EMAIL_EXPIRY_TEMPLATE: [
      dear,
      p(w.expired),
      details,
      p(w.nothingCharged),
      p('<a href="<%= eventUrl %>" style="color:#0f5f8c"><%= eventUrl %></a>'),
    ].join('\n'),
    EMAIL_REFUND_SUBJECT: w.refundSubject,
    EMAIL_REFUND_TEMPLATE: [
      dear,
      p(w.refunded),
      table([
        row(w.creditNote, '<strong><%= creditNoteNumber %></strong>'),
        row(w.date, '<%= refundDate %>'),
        row(w.originalInvoice, '<%= invoiceNumber %>'),
        row(w.amountRefunded, `<strong><%= refundAmount %></strong> (${w.inclGst} <%= refundGstAmount %>)`),
        row(w.reason, '<%= refundReason %>'),
        row(w.totalRefunded, '<%= totalRefunded %>'),
      ]),
      p(w.backToCard),
      p(w.creditNoteAttached),
    ].join('\n'),
  };
}
