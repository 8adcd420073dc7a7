/**
 * Partner cancellation notice: tells the partner (WhiteCoat) that the booking made with its code was
 * cancelled, so it refunds what it collected (we refund only our own card payment). Under a lock on
 * the order's notice the stream is read again: a notice already given for this cancellation
 * (PartnerCancellationNotified with its cause, issue 47) is not sent again, so a job enqueued again
 * after Redis lost it notifies once. The partner also takes the notice idempotently (per code and
 * reference). Failures are retried by BullMQ with backoff; a refusal (4xx) fails the job for good,
 * where an admin can retry it (GET/POST /api/admin/queues).
 */
import type { QueuePayloads } from '@hs/contracts';
import { PartnerRejectedError } from '@hs/gateways';
import { type Job, UnrecoverableError } from 'bullmq';
import { type RegistrationRead, loadRegistration, recordFacts, workerFact } from '../registration';
import { type JobContext, type Skipped, withMessageLock } from './context';

const ACTOR = 'worker:partner-cancellation';

/** The notice of this cancellation (its cause event) is recorded. */
export const cancellationNotified = (read: RegistrationRead, causeEventId: string) =>
  read.events.some(
    (e) =>
      e.type === 'PartnerCancellationNotified' &&
      (e.data as { causeEventId: string }).causeEventId === causeEventId,
  );

export function partnerCancellationProcessor(ctx: JobContext) {
  return async (
    job: Job<QueuePayloads['partner-cancellation']>,
    _token?: string,
    signal?: AbortSignal,
  ): Promise<{ notified: string } | Skipped> => {
    const { registrationId: id, causeEventId } = job.data;
    return withMessageLock(ctx, `partner-cancellation:${id}`, async () => {
      const read = await loadRegistration(ctx.sql, id);
      const { state } = read;
      if (!state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
      if (!state.partner) return { skipped: 'not a partner booking' };
      if (state.status !== 'cancelled') return { skipped: 'registration not cancelled' };
      if (cancellationNotified(read, causeEventId)) return { skipped: 'partner already notified' };
      const code = state.partner.bookingCode;
      signal?.throwIfAborted(); // the run lost its claim (issue 47): another run calls
      try {
        await ctx.partner.cancelBooking(code, {
          referenceNumber: state.referenceNumber!,
          registrationId: String(id),
        });
      } catch (err) {
        if (err instanceof PartnerRejectedError) throw new UnrecoverableError(err.message);
        throw err;
      }
      const fact = workerFact({
        type: 'PartnerCancellationNotified',
        data: { bookingCode: code, causeEventId, at: ctx.clock().toISOString() },
      });
      await recordFacts(ctx.sql, id, [fact], { actor: ACTOR, causationId: causeEventId }, (r) =>
        cancellationNotified(r, causeEventId),
      );
      return { notified: code };
    });
  };
}
