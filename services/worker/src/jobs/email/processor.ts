/** The BullMQ processor of an email queue: check, lock, check again, compose, render, send and record. */
import { type EmailQueueName, QUEUES } from '@hs/contracts';
import type { EmailType } from '@hs/notifications';
import { type Job, UnrecoverableError } from 'bullmq';
import { loadRegistration } from '../../registration';
import { type JobContext, type Skipped, withMessageLock } from '../context';
import { orderDocuments } from './order-documents';
import type { EmailPayload } from './plan';
import { planFor } from './plans';
import { renderOrderEmail } from './render';
import { sendAndRecord } from './send';

export function emailProcessor(queue: EmailQueueName, ctx: JobContext) {
  const emailType = QUEUES[queue].emailType as EmailType;
  const actor = `worker:${queue}`;
  return async (
    job: Job<EmailPayload>,
    _token?: string,
    signal?: AbortSignal,
  ): Promise<{ messageId: string } | Skipped> => {
    const data = job.data;
    const id = data.registrationId;
    const plan = planFor(queue, data, ctx);
    const log = ctx.log.child({ queue, jobId: job.id, registrationId: id });
    const first = await loadRegistration(ctx.sql, id);
    if (!first.state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
    // Erased (issue 24): no address or number is left to write to.
    if (first.state.personalDataErasedAt) return { skipped: 'personal data erased' };
    const early = await plan.skip(first);
    if (early) return { skipped: early };

    return withMessageLock(ctx, plan.key, async () => {
      // Read again under the lock: another worker may have sent this message meanwhile.
      const read = await loadRegistration(ctx.sql, id);
      const reason = await plan.skip(read);
      if (reason) return { skipped: reason };
      const { order, doc, invoice } = await orderDocuments(
        ctx,
        read,
        { registrationId: id, causeEventId: data.causeEventId, actor },
        { payment: plan.payment(read), invoice: plan.invoice ?? false },
      );
      const composed = await plan.compose({ read, order, doc, invoice });
      const email = await renderOrderEmail(ctx, log, emailType, {
        read,
        order,
        doc,
        invoice,
        variables: composed.variables,
      });
      return sendAndRecord(ctx, job, log, {
        emailType,
        actor,
        order,
        email,
        composed,
        recorded: plan.recorded,
        signal,
      });
    });
  };
}
