/** Facts recorded after the fact (emails, PDFs, the partner told): none changes what was booked or paid. */
import type { DomainEvent } from '../../decider';
import type { ReminderFailed, ReminderSent, ReminderSkipped } from '../reminder-events';

/**
 * The *EmailSent and EmailDeliveryFailed facts: `to` is personal data (issue 24), encrypted under the data
 * key of `recipientId`, the participant whose address it is (absent on facts recorded before: left clear).
 */
export type ConfirmationEmailSent = DomainEvent<
  'ConfirmationEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
export type ReminderEmailSent = DomainEvent<
  'ReminderEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
export type PdfDocument = 'invoice' | 'receipt' | 'confirmation' | 'credit-note';
export type PdfGenerated = DomainEvent<
  'PdfGenerated',
  { document: PdfDocument; fileName: string; at: string }
>;
export type PartnerConfirmed = DomainEvent<'PartnerConfirmed', { bookingCode: string; at: string }>;
export type PartnerConfirmationFailed = DomainEvent<
  'PartnerConfirmationFailed',
  { bookingCode: string; reason: string; attempt: number; at: string }
>;
/**
 * The partner took the notice of one cancellation (the RegistrationCancelled that caused the job,
 * `causeEventId`) (worker, issue 47): the notice is not sent again for it.
 */
export type PartnerCancellationNotified = DomainEvent<
  'PartnerCancellationNotified',
  { bookingCode: string; causeEventId: string; at: string }
>;

/** The receipt of one payment (its transaction id) was emailed (worker). */
export type ReceiptEmailSent = DomainEvent<
  'ReceiptEmailSent',
  { to: string; recipientId?: string; messageId: string | null; transactionId: string; at: string }
>;
export type CancellationEmailSent = DomainEvent<
  'CancellationEmailSent',
  { to: string; recipientId?: string; messageId: string | null; at: string }
>;
/** The expiry email of one expiry (the RegistrationExpired at `expiredAt`) was sent (worker). */
export type ExpiryEmailSent = DomainEvent<
  'ExpiryEmailSent',
  { to: string; recipientId?: string; messageId: string | null; expiredAt: string; at: string }
>;
/**
 * The rescheduled email of one move (the RegistrationRescheduled with this `sequence`), with the
 * updated calendar invite, was sent (worker).
 */
export type RescheduledEmailSent = DomainEvent<
  'RescheduledEmailSent',
  { to: string; recipientId?: string; messageId: string | null; sequence: number; at: string }
>;
/** The refund email of one refund (its refund id), with its credit note, was sent (worker). */
export type RefundEmailSent = DomainEvent<
  'RefundEmailSent',
  {
    to: string;
    recipientId?: string;
    messageId: string | null;
    refundId: string;
    creditNoteNumber: string;
    at: string;
  }
>;
/** An email could not be delivered for good (refused address, or every retry failed) (worker). */
export type EmailDeliveryFailed = DomainEvent<
  'EmailDeliveryFailed',
  { emailType: string; to: string; recipientId?: string; reason: string; at: string }
>;

/**
 * The facts the worker records as they are, with nothing taken from the order (the RecordWorkerFact
 * command carries one): the emails sent beyond the confirmation and the reminder, a delivery that
 * failed for good, and the outcome of a scheduled reminder (issue 26).
 */
export type WorkerFact =
  | WorkerEmailFact
  | PartnerCancellationNotified
  | ReminderSent
  | ReminderFailed
  | ReminderSkipped;

/** The worker's email facts: the emails sent beyond the confirmation and the reminder, and a delivery failed for good. */
export type WorkerEmailFact =
  | ReceiptEmailSent
  | CancellationEmailSent
  | ExpiryEmailSent
  | RescheduledEmailSent
  | RefundEmailSent
  | EmailDeliveryFailed;

/** The type names of WorkerEmailFact, in the order the lists of event types name them. */
export const WORKER_EMAIL_FACT_TYPES = [
  'ReceiptEmailSent',
  'CancellationEmailSent',
  'ExpiryEmailSent',
  'RescheduledEmailSent',
  'RefundEmailSent',
  'EmailDeliveryFailed',
] as const satisfies readonly WorkerEmailFact['type'][];
