import {
  type DocumentIssued,
  REGISTRATION_EVENT_TYPES,
  REMINDER_EVENT_TYPES,
  type RegistrationEvent,
  formatSGD,
  registrationStream,
  summarizeReminderEvent,
} from '@hs/domain';
import { type Queryable, type RecordedEvent, readStream } from '@hs/eventstore';
import { scrubPersonal } from './erasure';

/** One readable line per event, for the admin's order timeline. */
export function summarize(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  const reminder = summarizeReminderEvent(event);
  if (reminder !== null) return reminder;
  if (event.type === 'DocumentIssued') {
    const d = event.data as DocumentIssued['data'];
    const what = d.kind === 'invoice' ? 'Invoice' : 'Credit note';
    return `${what} ${d.number} issued (${formatSGD(d.totalCents)})`;
  }
  const e = { type: event.type, data: event.data } as RegistrationEvent;
  switch (e.type) {
    case 'RegistrationBooked':
      return `Booked ${e.data.referenceNumber} for ${e.data.participants.length} participant(s), total ${formatSGD(e.data.pricing.totalCents)}, status ${e.data.status}${e.data.waitlistEntryId ? `, claiming a waiting-list offer (entry ${e.data.waitlistEntryId})` : ''}`;
    case 'ParticipantAdded':
      return `Participant ${e.data.participant.firstName} ${e.data.participant.lastName} added; total ${formatSGD(e.data.pricing.totalCents)}`;
    case 'ParticipantUpdated':
      return `Participant details updated (${Object.keys(e.data.changes).join(', ')})`;
    case 'ParticipantRemoved':
      return `Participant removed; total ${formatSGD(e.data.pricing.totalCents)}`;
    case 'PrimaryParticipantChanged':
      return 'Primary contact changed';
    case 'DiscountApplied':
      return `Discount ${e.data.discount.code} applied (${formatSGD(e.data.amountCents)} off)`;
    case 'PaymentRecorded':
      return `Payment of ${formatSGD(e.data.amountCents)} recorded by ${e.data.method} (transaction ${e.data.transactionId})`;
    case 'StatusChanged':
      return `Status changed from ${e.data.from} to ${e.data.to}`;
    case 'RegistrationCancelled':
      return `Cancelled (was ${e.data.from})${e.data.needsRefundReview ? '; refund needs staff review' : ''}`;
    case 'RegistrationExpired':
      return `Expired: payment hold ran out at ${e.data.holdUntil}; ${e.data.seats} seat(s) released`;
    case 'RegistrationRevived':
      return `Reserved again by a payment (${e.data.seats} seat(s)); payment hold until ${e.data.holdUntil}`;
    case 'RegistrationRescheduled':
      return `Rescheduled from ${e.data.fromDate} ${e.data.fromTime} to ${e.data.toDate} ${e.data.toTime}`;
    case 'RefundRecorded':
      return `${e.data.kind === 'void' ? 'Void' : 'Refund'} of ${formatSGD(e.data.amountCents)} recorded (gateway ${e.data.gatewayTransactionId}): ${e.data.reason}`;
    case 'RefundRequested':
      return `Refund of ${formatSGD(e.data.amountCents)} asked of the gateway (payment ${e.data.transactionId}): ${e.data.reason}`;
    case 'RefundFailed':
      return `Refund of ${formatSGD(e.data.amountCents)} not given back (${e.data.failure === 'refused' ? 'refused by the gateway' : 'gateway unavailable'}): ${e.data.reason}`;
    case 'PaymentVoided':
      return `Charge of ${formatSGD(e.data.amountCents)} voided (transaction ${e.data.transactionId}): ${e.data.reason}`;
    case 'ConfirmationEmailSent':
      return 'Confirmation email sent';
    case 'ReminderEmailSent':
      return 'Reminder email sent';
    case 'ReceiptEmailSent':
      return 'Receipt email sent';
    case 'CancellationEmailSent':
      return 'Cancellation email sent';
    case 'ExpiryEmailSent':
      return 'Expiry email sent';
    case 'RescheduledEmailSent':
      return 'Rescheduled email sent';
    case 'RefundEmailSent':
      return `Refund email sent with credit note ${e.data.creditNoteNumber}`;
    case 'EmailDeliveryFailed':
      return `${e.data.emailType} email could not be delivered: ${e.data.reason}`;
    case 'PdfGenerated':
      return `${e.data.document} PDF generated`;
    case 'PartnerConfirmed':
      return `Confirmed to the partner (booking code ${e.data.bookingCode})`;
    case 'ParticipantsCheckedIn':
      return `Checked in ${e.data.participantIds.length} participant(s) by ${e.data.by}${e.data.waived ? `; ${formatSGD(e.data.waived.amountCents)} due waived: ${e.data.waived.reason}` : ''}`;
    case 'CheckInUndone':
      return `Check-in of ${e.data.participantIds.length} participant(s) undone by ${e.data.by}: ${e.data.reason}`;
    case 'MarkedNoShow':
      return `No-show: ${e.data.participantIds.length} participant(s) did not come on ${e.data.appointmentDate}`;
    case 'PartnerCancellationNotified':
      return `Cancellation notified to the partner (booking code ${e.data.bookingCode})`;
    case 'PartnerConfirmationFailed':
      return `Partner confirmation failed (attempt ${e.data.attempt}): ${e.data.reason}`;
    case 'IdentificationRevealed':
      return `Identification numbers revealed to ${e.data.by}`;
    case 'PersonalDataExported':
      return `Personal data downloaded by ${e.data.by} (access request)`;
    case 'PersonalDataErased':
      return e.data.reason === 'retention'
        ? 'Personal data erased: the retention period ended'
        : `Personal data erased by ${e.data.by} (request)`;
    default:
      return event.type;
  }
}

const KEEPS_TO: ReadonlySet<string> = new Set(['StatusChanged', 'PrimaryParticipantChanged']);

/** The event types an order's timeline lists (the stream holds a few facts staff need not read). */
export const TIMELINE_EVENT_TYPES: ReadonlySet<string> = new Set<string>([
  ...REGISTRATION_EVENT_TYPES,
  ...REMINDER_EVENT_TYPES,
  // issue 25: the order's invoices and credit notes belong on its timeline too
  'DocumentIssued',
]);

/** One line of an order's timeline: an event, who did it, when, and its payload in clear. */
export interface TimelineEntry {
  version: number;
  type: string;
  actor: string;
  summary: string;
  at: Date;
  data: unknown;
}

/**
 * Every event of an order, with who did it and when: the admin's order history and the access
 * request's event list, read from the log itself (issue 27: no `order_history` copy to write for every
 * event, and one copy fewer of names and contacts to erase). The log's envelopes open to '' once a
 * person's key is destroyed; an erased order's lines also have every personal field emptied (names,
 * gender, addresses the log holds in clear, the `to` of an email), so the timeline keeps its shape and
 * nothing of the people.
 */
export async function readOrderTimeline(
  sql: Queryable,
  registrationId: number | string,
): Promise<TimelineEntry[]> {
  const events = await readStream(sql, registrationStream(registrationId).id);
  const erased = events.some((e) => e.type === 'PersonalDataErased');
  return events
    .filter((e) => TIMELINE_EVENT_TYPES.has(e.type))
    .map((e) => {
      const data = erased ? scrubLine(e.type, e.data) : e.data;
      return {
        version: e.version,
        type: e.type,
        actor: e.metadata.actor,
        summary: summarize({ type: e.type, data }),
        at: e.recordedAt,
        data,
      };
    });
}

/** An erased order's line: every personal field emptied, except a `to` that is a status or a participant id. */
function scrubLine(type: string, data: unknown): unknown {
  return KEEPS_TO.has(type)
    ? { ...(scrubPersonal(data) as Record<string, unknown>), to: (data as { to?: unknown }).to }
    : scrubPersonal(data);
}
