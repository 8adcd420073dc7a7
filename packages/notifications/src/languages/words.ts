/**
 * The words of every customer email (issue 46), in English: the defaults staff edit (templates.ts)
 * and the fallback of any word a translation lacks (zh.ts, ms.ts, ta.ts hold `Partial<EmailWords>`).
 * Words may hold the email's variables as `<%= name %>`; the markup is build.ts's alone.
 */
export const EN_WORDS = {
  // every email
  dear: 'Dear <%= greetingName %>,',
  referenceNumber: 'Reference number',
  event: 'Event',
  dateTime: 'Date and time',
  location: 'Location',
  openMap: 'Open in maps',
  attendees: 'Attendees',
  totalInclGst: 'Total (incl. 9% GST)',
  discounts: 'Discounts',
  gst: 'GST 9%',
  paidViaPartner: 'Paid via partner',
  paid: 'Paid',
  balanceDue: 'Balance due',
  notes:
    'Please arrive 15 minutes early, bring your identification (NRIC) and reference number, and fast for 8-10 hours before your blood tests.',
  manage: 'Manage my booking',
  manageHint: 'Reschedule or cancel your appointment at any time up to 24 hours before it.',
  contactUs: 'Questions? Contact <%= companyName %>:',
  sentBy: 'This email was sent by <%= companyName %> about your appointment.',
  // confirmation
  confirmationSubject: 'Your health screening is confirmed: <%= referenceNumber %>',
  confirmed: 'Your health screening appointment is confirmed.',
  confirmationAttached:
    'Your booking confirmation is attached as a PDF, with a calendar invite (appointment.ics).',
  checkInTitle: 'Your check-in code',
  checkInHint: 'Show this code at the front desk on the day. One code checks in your whole group.',
  // payment (receipt)
  receiptSubject: 'Payment receipt for <%= referenceNumber %>: tax invoice <%= invoiceNumber %>',
  thanks: 'Thank you for your payment.',
  amountPaid: 'Amount paid',
  paymentMethod: 'Payment method',
  transactionId: 'Transaction id',
  paidOn: 'Paid on',
  invoiceAttached: 'Your tax invoice <strong><%= invoiceNumber %></strong> is attached as a PDF.',
  // invoice
  invoiceSubject: 'Invoice <%= invoiceNumber %> for <%= referenceNumber %>',
  invoiceIntro:
    'Please find your invoice <strong><%= invoiceNumber %></strong> dated <%= invoiceDate %> below and attached.',
  subtotal: 'Subtotal',
  total: 'Total',
  // rescheduled
  rescheduledSubject:
    'Your health screening <%= referenceNumber %> is now on <%= timeslotDate %>, <%= timeslotTime %>',
  moved:
    'Your health screening appointment <strong><%= referenceNumber %></strong> has been moved from <%= previousTimeslotDate %>, <%= previousTimeslotTime %> to <strong><%= timeslotDate %>, <%= timeslotTime %></strong>.',
  icsUpdates:
    'The attached calendar invite (appointment.ics) updates the appointment in your calendar. Your package, attendees and payments are unchanged.',
  // cancellation
  cancellationSubject: 'Your health screening appointment <%= referenceNumber %> is cancelled',
  cancelled: 'Your health screening appointment <strong><%= referenceNumber %></strong> has been cancelled.',
  bookAgainContact:
    'If this was not you, or you would like to book again, please visit our booking site or contact us.',
  // expiry
  expirySubject: 'Your reservation <%= referenceNumber %> has expired',
  expired:
    'Your reservation <strong><%= referenceNumber %></strong> was held for payment until <%= expiredAt %>. No payment was received in time, so the reservation has expired and its seats have been released.',
  nothingCharged: 'Nothing was charged. If you would still like to attend, please book again.',
  bookAgain: 'Book again',
  // refund
  refundSubject: 'Refund of <%= refundAmount %> for <%= referenceNumber %>',
  refunded:
    'We have refunded <strong><%= refundAmount %></strong> for your booking <strong><%= referenceNumber %></strong>.',
  creditNote: 'Credit note',
  date: 'Date',
  originalInvoice: 'Tax invoice',
  amountRefunded: 'Amount refunded',
  inclGst: 'incl. GST',
  reason: 'Reason',
  totalRefunded: 'Total refunded',
  backToCard:
    'The money goes back to the card you paid with; your bank may take 5-10 business days to show it.',
  creditNoteAttached:
    'The credit note <strong><%= creditNoteNumber %></strong> against tax invoice <strong><%= invoiceNumber %></strong> is attached as a PDF.',
  // reminder
  reminderSubject:
    'Reminder: your health screening on <%= timeslotDate %>, <%= timeslotTime %> (<%= referenceNumber %>)',
  reminderIntro:
    'This is a reminder of your health screening appointment on <strong><%= timeslotDate %>, <%= timeslotTime %></strong> (Singapore time).',
  prepareTitle: 'To prepare:',
  fasting: 'Fast for 8-10 hours before blood tests (plain water is fine).',
  bringId: 'Bring your NRIC / identification card and your reference number.',
  arriveEarly: 'Arrive 15 minutes early.',
  smsOptOut: 'Stop SMS reminders for this booking',
  // waiting list
  package: 'Package',
  seats: 'Seats',
  waitlistJoinedSubject: 'You are on the waiting list for <%= eventName %>',
  waitlistJoined:
    'You are on the waiting list for <strong><%= eventName %></strong>, at position <strong><%= waitlistPosition %></strong>. When seats free up we will hold them for you and email you a link to book them.',
  seeEntry: 'You can see your place on the list at any time.',
  yourEntry: 'My waiting-list entry',
  leaveQuestion: 'No longer interested?',
  leave: 'Leave the waiting list',
  waitlistOfferSubject: 'Seats are held for you: <%= eventName %> on <%= timeslotDate %>',
  waitlistOffer:
    'Good news: seats are free for <strong><%= eventName %></strong> on <strong><%= timeslotDate %>, <%= timeslotTime %></strong>. We are holding them for you until <strong><%= offerExpiresAt %></strong> (Singapore time).',
  completeBefore:
    'Complete your booking before then; after that the seats go to the next person on the list.',
  completeBooking: 'Complete my booking',
  waitlistExpiredSubject: 'Your waiting-list offer for <%= eventName %> has expired',
  waitlistExpired:
    'The seats we held for you for <strong><%= eventName %></strong> on <%= timeslotDate %>, <%= timeslotTime %> were not booked in time, so the offer has lapsed and they have passed to the next person. You are no longer on the waiting list.',
  waitlistLeftSubject: 'You have left the waiting list for <%= eventName %>',
  waitlistLeft: 'You are no longer on the waiting list for <strong><%= eventName %></strong>.',
  bookOrJoinAgain: 'If you would still like to attend, please book or join the waiting list again.',
  bookingSite: 'Go to the booking site',
};

export type EmailWords = typeof EN_WORDS;

/** A translation: any word it lacks is the English one. */
export type Translation = Partial<EmailWords>;
