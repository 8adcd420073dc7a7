import type { TransactionSql } from '@hs/db';
import {
  REGISTRATION_EVENT_TYPES,
  type RegistrationEvent,
  formatSGD,
  isRegistrationStream,
  registrationIdOf,
} from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { defineBatchProjection } from './batch-projection';

/** One readable line per event, for the admin's order timeline. */
export function summarize(event: Pick<RecordedEvent, 'type' | 'data'>): string {
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
      return `Checked in ${e.data.participantIds.length} participant(s) by ${e.data.by}`;
    case 'MarkedNoShow':
      return `No-show: ${e.data.participantIds.length} participant(s) did not come on ${e.data.appointmentDate}`;
    case 'PartnerConfirmationFailed':
      return `Partner confirmation failed (attempt ${e.data.attempt}): ${e.data.reason}`;
    case 'IdentificationRevealed':
      return `Identification numbers revealed to ${e.data.by}`;
    case 'PersonalDataExported':
      return `Personal data downloaded by ${e.data.by} (access request)`;
    default:
      return event.type;
  }
}

/** A batch in one multi-row insert. */
async function applyHistoryBatch(tx: TransactionSql, events: RecordedEvent[]) {
  const rows = events
    .filter((e) => isRegistrationStream(e.streamId))
    .map((e) => ({
      registration_id: registrationIdOf(e.streamId),
      version: e.version,
      type: e.type,
      actor: e.metadata.actor,
      summary: summarize(e),
      data: e.data,
      at: e.recordedAt,
    }));
  if (rows.length === 0) return;
  await tx`
    insert into order_history (registration_id, version, type, actor, summary, data, at)
    select r.registration_id, r.version, r.type, r.actor, r.summary, r.data, r.at
    from jsonb_populate_recordset(null::order_history, ${tx.json(rows as never)}) with ordinality as r
    order by r.ordinality
    on conflict do nothing`;
}

/** Every event of every order, with who did it and when: the admin's order history. */
export const orderHistoryProjection = defineBatchProjection({
  name: 'order_history',
  tables: ['order_history'],
  types: REGISTRATION_EVENT_TYPES,
  applyBatch: applyHistoryBatch,
});
