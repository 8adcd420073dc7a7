/**
 * The email jobs of a registration: confirmation (with the confirmation PDF and the calendar invite),
 * receipt (with the receipt PDF), cancellation, reminder, expiry (an unpaid reservation released, with
 * a link to book again), refund (with the credit note PDF) and rescheduled (the new appointment, with
 * the updated calendar invite). Each reads the order from the `orders` read model and the email
 * configs, renders with @hs/notifications, sends, then appends the fact (ConfirmationEmailSent, ...)
 * to the registration stream. A message already recorded as sent is not sent again (a retried job,
 * or a second job for the same message).
 *
 * - `from-log.ts`: what an email needs from the registration's stream (the cause, the payment, the appointment)
 * - `plan.ts`, `plans/`: per queue, when not to send, what the email carries and the fact it records
 * - `attachments.ts`: the PDFs, the calendar invite and the check-in QR code
 * - `order-documents.ts`: the order as of the job's cause, its document and issued invoice
 * - `render.ts`: the email's variables, rendered in the booking's language
 * - `send.ts`: sending, and recording the sent (or failed) fact
 * - `processor.ts`: the BullMQ processor that runs them in turn
 */
export { emailProcessor } from './processor';
