/**
 * Every BullMQ queue of the product: queue name -> job name and payload. The worker fills and drains
 * them; the api's admin queue view lists and retries them. Payloads carry ids only, never personal
 * data: the processor reads what it needs from the read models and the log.
 */

export interface QueuePayloads {
  /** Booking confirmed or paid: the confirmation email with the confirmation PDF. */
  'confirmation-email': { registrationId: number; causeEventId: string };
  /** A payment recorded: the receipt email with the receipt PDF. */
  'receipt-email': { registrationId: number; transactionId: string; causeEventId: string };
  /** Booking cancelled: the cancellation email. */
  'cancellation-email': { registrationId: number; causeEventId: string };
  /**
   * 24 h before the appointment (a delayed job, planned at the booking and again at each reschedule);
   * skipped if cancelled, expired or moved meanwhile (its timeslot and time are the ones it was planned for).
   */
  'reminder-email': {
    registrationId: number;
    timeslotId: number;
    appointmentAt: string;
    causeEventId: string;
  };
  /** The payment hold ran out (RegistrationExpired): the expiry email with a link to book again. */
  'expiry-email': { registrationId: number; causeEventId: string };
  /** Moved to another timeslot (RegistrationRescheduled): the new details with the updated appointment.ics. */
  'rescheduled-email': { registrationId: number; causeEventId: string };
  /** A refund or void recorded (RefundRecorded): the refund email with its credit note PDF. */
  'refund-email': { registrationId: number; refundId: string; causeEventId: string };
  /**
   * A waiting-list entry joined, was offered seats, let its offer lapse or left (issue 22): the email
   * for that event of the entry's stream (the entry id and the event, never the person's details).
   */
  'waitlist-email': { entryId: string; causeEventId: string };
  /**
   * One reminder of the event's schedule (issue 26), by email or SMS: enqueued by the reminder sweeper
   * once due, with a job id naming the order, the appointment, the offset and the channel.
   */
  reminder: {
    registrationId: number;
    offsetHours: number;
    medium: 'email' | 'sms';
    /** ISO instant of the appointment it reminds of. */
    appointmentAt: string;
  };
  /** Partner booking paid or confirmed: tell the partner. */
  'partner-confirmation': { registrationId: number; causeEventId: string };
  /** Partner booking cancelled: tell the partner (it refunds what it collected). */
  'partner-cancellation': { registrationId: number; causeEventId: string };
}

export type QueueName = keyof QueuePayloads;

export const QUEUES = {
  'confirmation-email': { jobName: 'send-confirmation', emailType: 'confirmation' },
  'receipt-email': { jobName: 'send-receipt', emailType: 'receipt' },
  'cancellation-email': { jobName: 'send-cancellation', emailType: 'cancellation' },
  'reminder-email': { jobName: 'send-reminder', emailType: 'reminder' },
  'expiry-email': { jobName: 'send-expiry', emailType: 'expiry' },
  'refund-email': { jobName: 'send-refund', emailType: 'refund' },
  'rescheduled-email': { jobName: 'send-rescheduled', emailType: 'rescheduled' },
  // one queue for the four waiting-list emails: the cause event's type picks the email
  'waitlist-email': { jobName: 'send-waitlist', emailType: null },
  reminder: { jobName: 'send-reminder-scheduled', emailType: null },
  'partner-confirmation': { jobName: 'confirm-partner', emailType: null },
  'partner-cancellation': { jobName: 'cancel-partner', emailType: null },
} as const satisfies Record<QueueName, { jobName: string; emailType: string | null }>;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** The queues of a registration's emails (jobs/email/). */
export type EmailQueueName = Exclude<
  QueueName,
  'partner-confirmation' | 'partner-cancellation' | 'waitlist-email' | 'reminder'
>;
