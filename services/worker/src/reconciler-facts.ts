/**
 * What the log says of one owed job (issue 47), read by the reconciler before it enqueues a job Redis
 * lost: its done fact (`*EmailSent`, `PartnerConfirmed`, `PartnerCancellationNotified`), its final failure (`EmailDeliveryFailed`
 * for its email after its cause, `PartnerConfirmationFailed`), or a state in which its job would only
 * skip (cancelled, moved, erased). Pure: the registration's stream as read. A job re-checks its own
 * facts again under its lock before it acts; this check only spares enqueuing a job that would skip.
 */
import { QUEUES, type QueueName } from '@hs/contracts';
import type { RegistrationExpired, RegistrationRescheduled } from '@hs/domain';
import { causeOf, has, remindedSinceMove, reschedules } from './jobs/email/from-log';
import { cancellationNotified } from './jobs/partner-cancellation';
import type { RegistrationRead } from './registration';

type Payload = { causeEventId?: string; transactionId?: string; refundId?: string };

/** A final failure of this email recorded after the job's cause. */
function failedSince(read: RegistrationRead, queue: QueueName, causeEventId: string | undefined): boolean {
  const emailType = QUEUES[queue].emailType;
  if (!emailType) return false;
  const after = causeOf(read, causeEventId)?.version ?? 0;
  return read.events.some(
    (e) =>
      e.version > after &&
      e.type === 'EmailDeliveryFailed' &&
      (e.data as { emailType: string }).emailType === emailType,
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
  if (failedSince(read, queue, cause)) return true;
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
      return (
        !state.partner ||
        state.partnerConfirmed ||
        state.status === 'cancelled' ||
        has(read, 'PartnerConfirmationFailed')
      );
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
