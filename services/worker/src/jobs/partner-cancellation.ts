/**
 * Partner cancellation notice: tells the partner (WhiteCoat) that the booking made with its code was
 * cancelled, so it refunds what it collected (we refund only our own card payment). The partner
 * takes the notice idempotently (per code and reference), so a retried job is harmless. Failures
 * are retried by BullMQ with backoff; a refusal (4xx) fails the job for good, where an admin can
 * retry it (GET/POST /api/admin/queues).
 */
import type { QueuePayloads } from '@hs/contracts';
import { PartnerRejectedError } from '@hs/gateways';
import { type Job, UnrecoverableError } from 'bullmq';
import { loadRegistration } from '../registration';
import type { JobContext, Skipped } from './context';

export function partnerCancellationProcessor(ctx: JobContext) {
  return async (job: Job<QueuePayloads['partner-cancellation']>): Promise<{ notified: string } | Skipped> => {
    const { registrationId: id } = job.data;
    const { state } = await loadRegistration(ctx.sql, id);
    if (!state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
    if (!state.partner) return { skipped: 'not a partner booking' };
    if (state.status !== 'cancelled') return { skipped: 'registration not cancelled' };
    const code = state.partner.bookingCode;
    try {
      await ctx.partner.cancelBooking(code, {
        referenceNumber: state.referenceNumber!,
        registrationId: String(id),
      });
    } catch (err) {
      if (err instanceof PartnerRejectedError) throw new UnrecoverableError(err.message);
      throw err;
    }
    return { notified: code };
  };
}
