/**
 * Partner confirmation: tells the partner (WhiteCoat) that the booking made with its code is paid or
 * confirmed, then appends PartnerConfirmed. Failures are retried by BullMQ with exponential backoff
 * and jitter; a refusal (4xx) or the last failed attempt appends PartnerConfirmationFailed and leaves
 * the job in the failed set, where an admin can retry it (GET/POST /api/admin/queues).
 */
import type { QueuePayloads } from '@hs/contracts';
import { PartnerRejectedError } from '@hs/gateways';
import { type Job, UnrecoverableError } from 'bullmq';
import { loadRegistration, recordFacts } from '../registration';
import { type JobContext, type Skipped, isLastAttempt, withMessageLock } from './context';

const ACTOR = 'worker:partner-confirmation';

export function partnerProcessor(ctx: JobContext) {
  return async (
    job: Job<QueuePayloads['partner-confirmation']>,
    _token?: string,
    signal?: AbortSignal,
  ): Promise<{ confirmed: string } | Skipped> => {
    const { registrationId: id, causeEventId } = job.data;
    return withMessageLock(ctx, `partner-confirmation:${id}`, async () => {
      const { state } = await loadRegistration(ctx.sql, id);
      if (!state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
      if (!state.partner) return { skipped: 'not a partner booking' };
      if (state.partnerConfirmed) return { skipped: 'partner already confirmed' };
      if (state.status === 'cancelled') return { skipped: 'registration cancelled' };
      const code = state.partner.bookingCode;
      signal?.throwIfAborted(); // the run lost its claim (issue 47): another run calls
      try {
        await ctx.partner.confirmBooking(code, {
          referenceNumber: state.referenceNumber!,
          registrationId: String(id),
          paidCents: state.partner.paidCents,
        });
      } catch (err) {
        const refused = err instanceof PartnerRejectedError;
        if (refused || isLastAttempt(job)) {
          const reason = err instanceof Error ? err.message : String(err);
          await recordFacts(
            ctx.sql,
            id,
            [
              {
                type: 'RecordPartnerConfirmationFailed',
                reason,
                attempt: job.attemptsMade + 1,
                at: ctx.clock().toISOString(),
              },
            ],
            { actor: ACTOR, causationId: causeEventId },
          );
        }
        if (refused) throw new UnrecoverableError((err as Error).message);
        throw err;
      }
      await recordFacts(ctx.sql, id, [{ type: 'RecordPartnerConfirmed', at: ctx.clock().toISOString() }], {
        actor: ACTOR,
        causationId: causeEventId,
      });
      return { confirmed: code };
    });
  };
}
