/** What an email job reads from the registration's stream: its cause, the payment, the appointment. */
import {
  type Language,
  type RegistrationRescheduled,
  languageOrDefault,
  paymentMethodLabel,
} from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import type { DocumentPayment } from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import { type Appointment, formatSingaporeDateTime } from '../../order';
import type { RegistrationRead } from '../../registration';

/** The first event of `type` whose data has each of `fields` (compared with ===). */
export function findEvent(
  read: RegistrationRead,
  type: string,
  fields: Record<string, unknown> = {},
): RecordedEvent | undefined {
  return read.events.find(
    (e) =>
      e.type === type &&
      Object.entries(fields).every(([k, v]) => (e.data as Record<string, unknown>)[k] === v),
  );
}

/** An event of `type` whose data has each of `fields` is in the stream. */
export const has = (read: RegistrationRead, type: string, fields: Record<string, unknown> = {}): boolean =>
  findEvent(read, type, fields) !== undefined;

/** The event that caused the job. */
export const causeOf = (read: RegistrationRead, causeEventId: string | undefined) =>
  read.events.find((e) => e.eventId === causeEventId);

/** When the cause of a job happened in the business (its command's time: bookedAt, at). */
export function causeTime(read: RegistrationRead, causeEventId: string | undefined): unknown {
  const cause = causeOf(read, causeEventId);
  const d = (cause?.data ?? {}) as { bookedAt?: unknown; at?: unknown };
  return cause?.type === 'RegistrationBooked' ? d.bookedAt : d.at;
}

export const reschedules = (read: RegistrationRead) =>
  read.events.filter((e) => e.type === 'RegistrationRescheduled');

/**
 * The appointment as the stream has it: the last reschedule's, else the booked slot's (from the
 * order, whose slot only a reschedule changes). SEQUENCE 0 is the booking's.
 */
export function appointmentOf(read: RegistrationRead, order: OrderRow): Appointment | null {
  const last = reschedules(read).at(-1)?.data as RegistrationRescheduled['data'] | undefined;
  if (last) return { date: last.toDate, time: last.toTime, sequence: last.sequence };
  if (!order.timeslotDate || !order.timeslotTime) return null;
  return { date: order.timeslotDate, time: order.timeslotTime, sequence: 0 };
}

/**
 * A reminder email was sent for the current appointment (after the last reschedule, if any). The
 * 'reminder-email' jobs are only those planned before the reminder schedule (issue 26) and still
 * delayed in Redis; a scheduled reminder email (ReminderSent) stands for theirs.
 */
export function remindedSinceMove(read: RegistrationRead): boolean {
  const movedAt = reschedules(read).at(-1)?.version ?? 0;
  return read.events.some(
    (e) =>
      e.version > movedAt &&
      (e.type === 'ReminderEmailSent' ||
        (e.type === 'ReminderSent' && (e.data as { channel: string }).channel === 'email')),
  );
}

/** The payment `transactionId` (the last one without it) as the documents show it. */
export function paymentOf(read: RegistrationRead, transactionId?: string): DocumentPayment | null {
  const payments = read.events.filter((e) => e.type === 'PaymentRecorded');
  const p = transactionId
    ? payments.find((e) => (e.data as { transactionId: string }).transactionId === transactionId)
    : payments.at(-1);
  if (!p) return null;
  const d = p.data as { transactionId: string; amountCents: number; method: string; at: string };
  return {
    transactionId: d.transactionId,
    amountCents: d.amountCents,
    method: paymentMethodLabel(d.method),
    paidAt: formatSingaporeDateTime(new Date(d.at)),
  };
}

/** The language the order was booked in (RegistrationBooked.data.language); English when absent. */
export function languageOf(read: RegistrationRead): Language {
  const booked = read.events.find((e) => e.type === 'RegistrationBooked');
  return languageOrDefault((booked?.data as { language?: unknown } | undefined)?.language);
}
