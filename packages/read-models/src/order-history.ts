import { sealForReadModel } from '@hs/privacy';
import type { TransactionSql } from '@hs/db';
import {
  type DocumentIssued,
  REGISTRATION_EVENT_TYPES,
  REMINDER_EVENT_TYPES,
  type RegistrationEvent,
  formatSGD,
  isRegistrationStream,
  registrationIdOf,
  summarizeReminderEvent,
} from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { defineBatchProjection } from './batch-projection';
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
      return `Checked in ${e.data.participantIds.length} participant(s) by ${e.data.by}`;
    case 'MarkedNoShow':
      return `No-show: ${e.data.participantIds.length} participant(s) did not come on ${e.data.appointmentDate}`;
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

/** A batch in one multi-row insert. */
async function applyHistoryBatch(tx: TransactionSql, decoded: RecordedEvent[]) {
  // The timeline keeps names and contacts readable but identification numbers, dates of birth and
  // medical conditions sealed (issue 24).
  const events = await sealForReadModel(tx, decoded);
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
  // An erasure empties the personal fields of every line of its order (payloads and summaries), the
  // lines this batch just wrote included.
  const erased = [
    ...new Set(rows.filter((r) => r.type === 'PersonalDataErased').map((r) => r.registration_id)),
  ];
  if (erased.length === 0) return;
  const lines = await tx<{ registration_id: string; version: string; type: string; data: unknown }[]>`
    select registration_id, version, type, data from order_history
    where registration_id = any(${erased}::bigint[])`;
  const scrubbed = lines.map((l) => {
    // the `to` of a status change (a status) or a primary change (a participant id) is no address: it stays
    const data = KEEPS_TO.has(l.type)
      ? { ...(scrubPersonal(l.data) as Record<string, unknown>), to: (l.data as { to?: unknown }).to }
      : scrubPersonal(l.data);
    return {
      registration_id: l.registration_id,
      version: l.version,
      data,
      summary: summarize({ type: l.type, data } as Pick<RecordedEvent, 'type' | 'data'>),
    };
  });
  await tx`
    update order_history h set data = c.d->'data', summary = c.d->>'summary'
    from jsonb_array_elements(${tx.json(scrubbed as never)}) as c(d)
    where h.registration_id = (c.d->>'registration_id')::bigint and h.version = (c.d->>'version')::bigint`;
}

/** Every event of every order, with who did it and when: the admin's order history. */
export const orderHistoryProjection = defineBatchProjection({
  name: 'order_history',
  tables: ['order_history'],
  // DocumentIssued (issue 25): the order's invoices and credit notes belong on its timeline too.
  types: [...REGISTRATION_EVENT_TYPES, ...REMINDER_EVENT_TYPES, 'DocumentIssued'],
  applyBatch: applyHistoryBatch,
});
