/**
 * Sending an order's email and recording the outcome on the registration stream: the plan's facts
 * once sent (unless already recorded), EmailDeliveryFailed when the delivery fails for good.
 */
import { type EmailType, PermanentDeliveryError, type renderEmail } from '@hs/notifications';
import type { OrderRow } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { type RegistrationRead, recordFacts, workerFact } from '../../registration';
import { type JobContext, isLastAttempt } from '../context';
import type { Composed, EmailPayload } from './plan';

export interface Delivery {
  emailType: EmailType;
  /** `worker:<queue>` */
  actor: string;
  order: OrderRow;
  email: ReturnType<typeof renderEmail>;
  composed: Composed;
  /** The plan's "already recorded" check, run in the append's transaction. */
  recorded?: (read: RegistrationRead) => boolean;
  /** Aborted when the run lost its owed work's claim (issue 47): another run acts, this one stops. */
  signal?: AbortSignal | undefined;
}

export async function sendAndRecord(
  ctx: JobContext,
  job: Job<EmailPayload>,
  log: Logger,
  { emailType, actor, order, email, composed, recorded, signal }: Delivery,
): Promise<{ messageId: string }> {
  const { registrationId: id, causeEventId } = job.data;
  const meta = { actor, causationId: causeEventId };
  const to = order.email;
  // whose address it is: the event log keeps it encrypted under that person's data key (issue 24)
  const recipientId = (order.participants.find((p) => p.isPrimary) ?? order.participants[0])?.participantId;
  let messageId: string;
  signal?.throwIfAborted();
  try {
    ({ messageId } = await ctx.mailer.send({
      to,
      from: email.from,
      subject: email.subject,
      html: composed.html ? composed.html(email.html) : email.html,
      text: email.text,
      attachments: composed.attachments,
    }));
  } catch (err) {
    const permanent = err instanceof PermanentDeliveryError;
    if (permanent || isLastAttempt(job)) {
      const reason = err instanceof Error ? err.message : String(err);
      const at = ctx.clock().toISOString();
      const failed = workerFact({
        type: 'EmailDeliveryFailed',
        data: { emailType, to, recipientId, reason, at },
      });
      await recordFacts(ctx.sql, id, [failed], meta);
      log.warn({ reason, permanent }, 'email delivery failed for good');
    }
    if (permanent) throw new UnrecoverableError((err as Error).message);
    throw err;
  }
  if (messageId.endsWith('.eml')) log.info({ file: messageId }, 'email written to the outbox');
  const sent = { to, recipientId, messageId, at: ctx.clock().toISOString() };
  await recordFacts(ctx.sql, id, composed.facts(sent), meta, recorded);
  return { messageId };
}
