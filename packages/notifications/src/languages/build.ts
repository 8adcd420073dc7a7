/**
 * Builds one language's emails from its words (issue 26, issue 46): every language, English included,
 * gets the same markup and variables, so a translator edits the words in words.ts, zh.ts, ms.ts or
 * ta.ts and never the markup. Config key -> EJS template.
 */
import type { EmailWords } from './words';

const p = (text: string) => `<p style="margin:0 0 12px">${text}</p>`;
const row = (label: string, value: string) =>
  `  <tr><td style="color:#555">${label}</td><td>${value}</td></tr>`;
const table = (rows: string[]) =>
  `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">\n${rows.join('\n')}\n</table>`;

/** A link as a button (issue 46: no raw long URLs in the text). `url` is a variable's name. */
export const button = (url: string, label: string) =>
  p(
    `<a href="<%= ${url} %>" style="display:inline-block;background:#0f5f8c;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold">${label}</a>`,
  );

/** Where to go: the venue's one line, and its map link when the venue has one. */
const whereRow = (w: EmailWords) =>
  row(
    w.location,
    `<%= eventLocation %><% if (venueMapUrl) { %> (<a href="<%= venueMapUrl %>" style="color:#0f5f8c">${w.openMap}</a>)<% } %>`,
  );

const details = (w: EmailWords) =>
  table([
    row(w.referenceNumber, '<strong><%= referenceNumber %></strong>'),
    row(w.event, '<%= eventName %>'),
    row(w.dateTime, '<%= timeslotDate %>, <%= timeslotTime %>'),
    whereRow(w),
  ]);

const personRow = (withPrice: boolean) =>
  `  <tr><td><%= person.name %> (<%= person.identificationNumber %>)</td><td><%= person.packageName %></td>${withPrice ? '<td style="text-align:right"><%= person.packagePrice %></td>' : ''}</tr>`;

/** Everyone on the booking with their package (and price), then the order's money when `money`. */
const attendees = (w: EmailWords, money: boolean) => {
  const sum = (label: string, value: string, strong = false) =>
    `  <tr><td colspan="2"${strong ? ' style="font-weight:bold"' : ''}>${label}</td><td style="text-align:right${strong ? ';font-weight:bold' : ''}">${value}</td></tr>`;
  const totals = money
    ? [
        `<% if (discountAmount && discountAmount !== 'S$0.00') { %>${sum(w.discounts, '-<%= discountAmount %>')}<% } %>`,
        sum(w.gst, '<%= gstAmount %>'),
        sum(w.totalInclGst, '<%= totalAmount %>', true),
        `<% if (partnerPaid && partnerPaid !== 'S$0.00') { %>${sum(w.paidViaPartner, '-<%= partnerPaid %>')}<% } %>`,
        `<% if (companyPaid && companyPaid !== 'S$0.00') { %>${sum(w.paidByEmployer, '-<%= companyPaid %>')}<% } %>`,
        sum(w.paid, '<%= totalPaid %>'),
        sum(w.balanceDue, '<%= balanceDue %>', true),
      ]
    : [];
  return `<% if (participants && participants.length) { %>
<p style="margin:0 0 6px"><strong>${w.attendees}</strong></p>
<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
<% for (const person of participants) { %>${personRow(money)}
<% } %>${totals.join('\n')}
</table>
<% } %>`;
};

const manage = (w: EmailWords) =>
  `<% if (manageUrl) { %>${p(w.manageHint)}\n${button('manageUrl', w.manage)}<% } %>`;

const refundDetails = (w: EmailWords) =>
  table([
    row(w.creditNote, '<strong><%= creditNoteNumber %></strong>'),
    row(w.date, '<%= refundDate %>'),
    row(w.originalInvoice, '<%= invoiceNumber %>'),
    row(w.amountRefunded, `<strong><%= refundAmount %></strong> (${w.inclGst} <%= refundGstAmount %>)`),
    row(w.reason, '<%= refundReason %>'),
    row(w.totalRefunded, '<%= totalRefunded %>'),
  ]);

const paymentDetails = (w: EmailWords) =>
  table([
    row(w.referenceNumber, '<strong><%= referenceNumber %></strong>'),
    row(w.amountPaid, '<strong><%= amountPaid %></strong>'),
    row(w.paymentMethod, '<%= paymentMethod %>'),
    row(w.transactionId, '<%= transactionId %>'),
    row(w.paidOn, '<%= paidAt %>'),
    row(w.balanceDue, '<%= balanceDue %>'),
  ]);

const lineItems = (
  w: EmailWords,
) => `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;min-width:320px">
<% for (const item of lineItems) { %>  <tr><td><%= item.label %></td><td style="text-align:right"><%= item.amount %></td></tr>
<% } %>  <tr><td style="border-top:1px solid #ccc">${w.subtotal}</td><td style="border-top:1px solid #ccc;text-align:right"><%= subtotal %></td></tr>
  <tr><td>${w.gst}</td><td style="text-align:right"><%= gstAmount %></td></tr>
  <tr><td><strong>${w.total}</strong></td><td style="text-align:right"><strong><%= totalAmount %></strong></td></tr>
<% if (partnerPaid && partnerPaid !== 'S$0.00') { %>  <tr><td>${w.paidViaPartner}</td><td style="text-align:right">-<%= partnerPaid %></td></tr>
<% } %><% if (companyPaid && companyPaid !== 'S$0.00') { %>  <tr><td>${w.paidByEmployer}</td><td style="text-align:right">-<%= companyPaid %></td></tr>
<% } %>  <tr><td><strong>${w.balanceDue}</strong></td><td style="text-align:right"><strong><%= balanceDue %></strong></td></tr>
</table>`;

const reminderNotes = (w: EmailWords) =>
  [
    p(`<strong>${w.prepareTitle}</strong>`),
    `<ul style="margin:0 0 16px">\n  <li>${w.fasting}</li>\n  <li>${w.bringId}</li>\n  <li>${w.arriveEarly}</li>\n</ul>`,
  ].join('\n');

const smsOptOut = (w: EmailWords) =>
  `<% if (smsOptOutUrl) { %>${p(`<a href="<%= smsOptOutUrl %>" style="color:#0f5f8c;font-size:13px">${w.smsOptOut}</a>`)}<% } %>`;

const waitlistDetails = (w: EmailWords) =>
  table([
    row(w.event, '<%= eventName %>'),
    whereRow(w),
    row(w.package, '<%= packageName %>'),
    row(w.seats, '<%= waitlistSeats %>'),
  ]);

const leave = (w: EmailWords) =>
  p(`${w.leaveQuestion} <a href="<%= waitlistUrl %>" style="color:#0f5f8c">${w.leave}</a>.`);

/** Config key -> template of every email type, in the words' language. */
export function buildEmails(w: EmailWords): Record<string, string> {
  const dear = p(w.dear);
  const join = (parts: string[]) => parts.join('\n');
  // An expired or left entry: its details, then the way back to the booking site and to the entry.
  const bookAgain = [
    waitlistDetails(w),
    p(w.bookOrJoinAgain),
    button('eventUrl', w.bookingSite),
    p(`<a href="<%= waitlistUrl %>" style="color:#0f5f8c">${w.yourEntry}</a>`),
  ];
  return {
    EMAIL_CONFIRMATION_SUBJECT: w.confirmationSubject,
    EMAIL_CONFIRMATION_TEMPLATE: join([
      dear,
      p(w.confirmed),
      details(w),
      attendees(w, true),
      p(w.notes),
      manage(w),
      p(w.confirmationAttached),
    ]),
    EMAIL_RECEIPT_SUBJECT: w.receiptSubject,
    EMAIL_RECEIPT_TEMPLATE: join([
      dear,
      p(w.thanks),
      paymentDetails(w),
      details(w),
      p(w.invoiceAttached),
      manage(w),
    ]),
    EMAIL_INVOICE_SUBJECT: w.invoiceSubject,
    EMAIL_INVOICE_TEMPLATE: join([dear, p(w.invoiceIntro), details(w), lineItems(w), manage(w)]),
    EMAIL_RESCHEDULED_SUBJECT: w.rescheduledSubject,
    EMAIL_RESCHEDULED_TEMPLATE: join([
      dear,
      p(w.moved),
      details(w),
      attendees(w, true),
      p(w.notes),
      p(w.icsUpdates),
      manage(w),
    ]),
    EMAIL_CANCELLATION_SUBJECT: w.cancellationSubject,
    EMAIL_CANCELLATION_TEMPLATE: join([
      dear,
      p(w.cancelled),
      details(w),
      attendees(w, false),
      p(w.bookAgainContact),
      manage(w),
    ]),
    EMAIL_EXPIRY_SUBJECT: w.expirySubject,
    EMAIL_EXPIRY_TEMPLATE: join([
      dear,
      p(w.expired),
      details(w),
      attendees(w, false),
      p(w.nothingCharged),
      button('eventUrl', w.bookAgain),
      manage(w),
    ]),
    EMAIL_REFUND_SUBJECT: w.refundSubject,
    EMAIL_REFUND_TEMPLATE: join([
      dear,
      p(w.refunded),
      refundDetails(w),
      details(w),
      p(w.backToCard),
      p(w.creditNoteAttached),
      manage(w),
    ]),
    EMAIL_REMINDER_SUBJECT: w.reminderSubject,
    EMAIL_REMINDER_TEMPLATE: join([
      dear,
      p(w.reminderIntro),
      details(w),
      attendees(w, false),
      reminderNotes(w),
      manage(w),
      smsOptOut(w),
    ]),
    EMAIL_WAITLIST_JOINED_SUBJECT: w.waitlistJoinedSubject,
    EMAIL_WAITLIST_JOINED_TEMPLATE: join([
      dear,
      p(w.waitlistJoined),
      waitlistDetails(w),
      p(w.seeEntry),
      button('waitlistUrl', w.yourEntry),
      leave(w),
    ]),
    EMAIL_WAITLIST_OFFER_SUBJECT: w.waitlistOfferSubject,
    EMAIL_WAITLIST_OFFER_TEMPLATE: join([
      dear,
      p(w.waitlistOffer),
      waitlistDetails(w),
      p(w.completeBefore),
      button('waitlistUrl', w.completeBooking),
      leave(w),
    ]),
    EMAIL_WAITLIST_EXPIRED_SUBJECT: w.waitlistExpiredSubject,
    EMAIL_WAITLIST_EXPIRED_TEMPLATE: join([dear, p(w.waitlistExpired), ...bookAgain]),
    EMAIL_WAITLIST_LEFT_SUBJECT: w.waitlistLeftSubject,
    EMAIL_WAITLIST_LEFT_TEMPLATE: join([dear, p(w.waitlistLeft), ...bookAgain]),
  };
}
