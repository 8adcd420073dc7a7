/**
 * What the log says of one owed job (issue 47), read by the reconciler before it enqueues a job Redis
 * lost or failed: its done fact (`*EmailSent`, `PartnerConfirmed`, `PartnerCancellationNotified`), its
 * final failure recorded by its own run (`EmailDeliveryFailed` of its email type, `PartnerConfirmationFailed`,
 * each with the job's cause as causationId), or a state in which its job would only
 * skip (cancelled, moved, erased). Pure: the registration's stream as read. A job re-checks its own
 * facts again under its lock before it acts; this check only spares enqueuing a job that would skip.
 */
import { QUEUES, QUEUE_NAMES, type QueueName } from '@hs/contracts';
import type { Sql } from '@hs/db';
import type { RegistrationExpired, RegistrationRescheduled } from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { causeOf, has, remindedSinceMove, reschedules } from './jobs/email/from-log';
import { cancellationNotified } from './jobs/partner-cancellation';
import { waitlistEmailSettled } from './jobs/waitlist-email';
import { type RegistrationRead, loadRegistration } from './registration';

type Payload = { causeEventId?: string; transactionId?: string; refundId?: string };

/** The event was recorded by the job of `causeEventId` (the worker's facts carry it as causationId). */
const causedBy = (e: RecordedEvent, causeEventId: string | undefined) =>
  causeEventId !== undefined && e.metadata?.causationId === causeEventId;

/**
 * This job's final failure: its email's EmailDeliveryFailed, or its PartnerConfirmationFailed,
 * recorded by a run of this very job (its cause), never another payment's or an earlier booking's.
 */
function failedForGood(read: RegistrationRead, queue: QueueName, causeEventId: string | undefined): boolean {
  const emailType = QUEUES[queue].emailType;
  return read.events.some(
    (e) =>
      causedBy(e, causeEventId) &&
      ((emailType !== undefined &&
        e.type === 'EmailDeliveryFailed' &&
        (e.data as { emailType: string }).emailType === emailType) ||
        (queue === 'partner-confirmation' && e.type === 'PartnerConfirmationFailed')),
  );
}

/**
 * The job's outcome is in the log, or it would do nothing now: enqueuing it again is not needed.
 * False when the log cannot say.
 */
export function settledInLog(queue: QueueName, payload: Payload, read: RegistrationRead): boolean {
  const { state } = read;
  if (!state.exists || state.personalDataErasedAt) return true;
  const cause = payload.causeEventId;
  if (failedForGood(read, queue, cause)) return true;
  const ended = state.status === 'cancelled' || state.status === 'expired';
  switch (queue) {
    case 'confirmation-email':
      return state.confirmationEmailSent || state.status === 'cancelled';
    case 'receipt-email':
      return has(read, 'ReceiptEmailSent', { transactionId: payload.transactionId });
    case 'cancellation-email':
      return has(read, 'CancellationEmailSent');
    case 'expiry-email': {
      const expiredAt = (causeOf(read, cause)?.data as RegistrationExpired['data'] | undefined)?.at;
      return (
        expiredAt === undefined || has(read, 'ExpiryEmailSent', { expiredAt }) || state.status !== 'expired'
      );
    }
    case 'refund-email':
      return (
        has(read, 'RefundEmailSent', { refundId: payload.refundId }) ||
        !has(read, 'RefundRecorded', { refundId: payload.refundId })
      );
    case 'rescheduled-email': {
      const c = causeOf(read, cause);
      if (c?.type !== 'RegistrationRescheduled') return true;
      const { sequence } = c.data as RegistrationRescheduled['data'];
      return has(read, 'RescheduledEmailSent', { sequence }) || reschedules(read).length > sequence || ended;
    }
    case 'reminder-email':
      return remindedSinceMove(read) || ended;
    case 'partner-confirmation':
      return !state.partner || state.partnerConfirmed || state.status === 'cancelled';
    case 'partner-cancellation':
      return (
        !state.partner ||
        state.status !== 'cancelled' ||
        (cause !== undefined && cancellationNotified(read, cause))
      );
    default:
      return false;
  }
}

/** An owed row as the checks need it. */
export interface OwedJob {
  queue: string;
  payload: Record<string, unknown>;
  registrationId: number | null;
}

/**
 * Reads the log for owed jobs (each order's stream once per reader): true when the job's outcome is
 * in the log or it would do nothing now, false when the log cannot say (the job is still owed).
 */
export function logReader(sql: Sql): (job: OwedJob) => Promise<boolean> {
  const reads = new Map<number, Promise<RegistrationRead>>();
  return async (job) => {
    if (!isQueue(job.queue)) return true;
    if (job.queue === 'waitlist-email') return waitlistEmailSettled(sql, job.payload as never, new Date());
    const id = job.registrationId;
    if (id === null) return false;
    if (!reads.has(id)) reads.set(id, loadRegistration(sql, id));
    return settledInLog(job.queue, job.payload, await reads.get(id)!);
  };
}

const isQueue = (q: string): q is QueueName => (QUEUE_NAMES as readonly string[]).includes(q);
