/**
 * The email jobs: confirmation (with the confirmation PDF), receipt (with the receipt PDF),
 * cancellation and reminder. Each reads the order from the `orders` read model and the email configs,
 * renders with @hs/notifications, sends, then appends the fact (ConfirmationEmailSent, ...) to the
 * registration stream. A message already recorded as sent is not sent again (a retried job, or a
 * second job for the same message).
 */
import { type EmailQueueName, QUEUES, type QueuePayloads } from '@hs/contracts';
import { type RegistrationCommand, singaporeInstant } from '@hs/domain';
import type { NewEvent, RecordedEvent } from '@hs/eventstore';
import {
  type DocumentPayment,
  type EmailType,
  type MailAttachment,
  PermanentDeliveryError,
  emailVariablesFromDocument,
  renderConfirmationPdf,
  renderEmail,
  renderReceiptPdf,
} from '@hs/notifications';
import { readOrderAtVersion } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import { contactFromOrder, documentFromOrder, formatSingaporeDateTime, readEmailConfigs } from '../order';
import { type RegistrationRead, loadRegistration, recordFacts } from '../registration';
import { type JobContext, type Skipped, isLastAttempt, withMessageLock } from './context';

type EmailPayload = QueuePayloads[EmailQueueName];

interface EmailPlan {
  /** Why not to send (already sent, cancelled, moved); null: send. */
  skip: (read: RegistrationRead) => string | null | Promise<string | null>;
  /** The payment shown on the documents and in the email. */
  payment: (read: RegistrationRead) => DocumentPayment | null;
  attachments: (doc: ReturnType<typeof documentFromOrder>) => Promise<MailAttachment[]>;
  /** What to append once sent. */
  facts: (
    sent: { to: string; messageId: string; at: string },
    doc: { referenceNumber: string },
  ) => Array<RegistrationCommand | NewEvent>;
  /** Lock key: one message per registration (and per payment for receipts). */
  key: string;
}

const has = (read: RegistrationRead, type: string, match: (e: RecordedEvent) => boolean = () => true) =>
  read.events.some((e) => e.type === type && match(e));

const pdf = (filename: string, content: Uint8Array): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

function paymentOf(read: RegistrationRead, transactionId?: string): DocumentPayment | null {
  const payments = read.events.filter((e) => e.type === 'PaymentRecorded');
  const p = transactionId
    ? payments.find((e) => (e.data as { transactionId: string }).transactionId === transactionId)
    : payments.at(-1);
  if (!p) return null;
  const d = p.data as { transactionId: string; amountCents: number; method: string; at: string };
  return {
    transactionId: d.transactionId,
    amountCents: d.amountCents,
    method: d.method,
    paidAt: formatSingaporeDateTime(new Date(d.at)),
  };
}

function planFor(queue: EmailQueueName, data: EmailPayload, ctx: JobContext): EmailPlan {
  const id = data.registrationId;
  switch (queue) {
    case 'confirmation-email':
      return {
        key: `confirmation-email:${id}`,
        skip: ({ state }) =>
          state.confirmationEmailSent
            ? 'confirmation already sent'
            : state.status === 'cancelled'
              ? 'registration cancelled'
              : null,
        payment: (read) => paymentOf(read),
        attachments: async (doc) => [
          pdf(`confirmation-${doc.referenceNumber}.pdf`, await renderConfirmationPdf(doc)),
        ],
        facts: (sent, doc) => [
          { type: 'RecordConfirmationEmailSent', to: sent.to, messageId: sent.messageId, at: sent.at },
          {
            type: 'RecordPdfGenerated',
            document: 'confirmation',
            fileName: `confirmation-${doc.referenceNumber}.pdf`,
            at: sent.at,
          },
        ],
      };
    case 'receipt-email': {
      const { transactionId } = data as QueuePayloads['receipt-email'];
      return {
        key: `receipt-email:${id}:${transactionId}`,
        skip: (read) =>
          has(
            read,
            'ReceiptEmailSent',
            (e) => (e.data as { transactionId: string }).transactionId === transactionId,
          )
            ? 'receipt already sent'
            : null,
        payment: (read) => paymentOf(read, transactionId),
        attachments: async (doc) => [pdf(`receipt-${doc.referenceNumber}.pdf`, await renderReceiptPdf(doc))],
        facts: (sent, doc) => [
          { type: 'ReceiptEmailSent', data: { ...sent, transactionId } },
          {
            type: 'RecordPdfGenerated',
            document: 'receipt',
            fileName: `receipt-${doc.referenceNumber}.pdf`,
            at: sent.at,
          },
        ],
      };
    }
    case 'cancellation-email':
      return {
        key: `cancellation-email:${id}`,
        skip: (read) => (has(read, 'CancellationEmailSent') ? 'cancellation already sent' : null),
        payment: () => null,
        attachments: async () => [],
        facts: (sent) => [{ type: 'CancellationEmailSent', data: sent }],
      };
    case 'reminder-email': {
      const r = data as QueuePayloads['reminder-email'];
      return {
        key: `reminder-email:${id}`,
        skip: async ({ state }) => {
          if (state.reminderEmailSent) return 'reminder already sent';
          if (state.status === 'cancelled') return 'registration cancelled';
          if (state.timeslotId !== r.timeslotId) return 'booking moved to another timeslot';
          const [slot] = await ctx.sql<{ day: string; time: string }[]>`
            select to_char(date, 'YYYY-MM-DD') as day, to_char(time, 'HH24:MI') as time from timeslots where id = ${r.timeslotId}`;
          if (!slot || singaporeInstant(slot.day, slot.time).toISOString() !== r.appointmentAt) {
            return 'appointment moved';
          }
          if (new Date(r.appointmentAt).getTime() <= ctx.clock().getTime())
            return 'appointment already passed';
          return null;
        },
        payment: (read) => paymentOf(read),
        attachments: async () => [],
        facts: (sent) => [
          { type: 'RecordReminderEmailSent', to: sent.to, messageId: sent.messageId, at: sent.at },
        ],
      };
    }
  }
}

/** The BullMQ processor of an email queue. */
export function emailProcessor(queue: EmailQueueName, ctx: JobContext) {
  const emailType = QUEUES[queue].emailType as EmailType;
  const actor = `worker:${queue}`;
  return async (job: Job<EmailPayload>): Promise<{ messageId: string } | Skipped> => {
    const data = job.data;
    const id = data.registrationId;
    const plan = planFor(queue, data, ctx);
    const log = ctx.log.child({ queue, jobId: job.id, registrationId: id });
    const first = await loadRegistration(ctx.sql, id);
    if (!first.state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
    const early = await plan.skip(first);
    if (early) return { skipped: early };

    return withMessageLock(ctx, plan.key, async () => {
      // Read again under the lock: another worker may have sent this message meanwhile.
      const read = await loadRegistration(ctx.sql, id);
      const reason = await plan.skip(read);
      if (reason) return { skipped: reason };
      const causeVersion = read.events.find((e) => e.eventId === data.causeEventId)?.version ?? 1;
      const order = await readOrderAtVersion(ctx.sql, id, causeVersion, ctx.orderWaitMs);
      const doc = documentFromOrder(order, plan.payment(read));
      const vars = emailVariablesFromDocument(doc, contactFromOrder(order), {
        status: order.status,
        cancelledAt: order.cancelledAt ? formatSingaporeDateTime(order.cancelledAt) : '',
      });
      const configs = await readEmailConfigs(ctx.sql);
      const email = renderEmail(emailType, configs, vars);
      for (const f of email.fallbacks)
        log.warn({ key: f.key, reason: f.reason }, 'email config replaced by its default');
      const to = order.email;
      let messageId: string;
      try {
        ({ messageId } = await ctx.mailer.send({
          to,
          from: email.from,
          subject: email.subject,
          html: email.html,
          text: email.text,
          attachments: await plan.attachments(doc),
        }));
      } catch (err) {
        const permanent = err instanceof PermanentDeliveryError;
        if (permanent || isLastAttempt(job)) {
          const reason = err instanceof Error ? err.message : String(err);
          await recordFacts(
            ctx.sql,
            id,
            [{ type: 'EmailDeliveryFailed', data: { emailType, to, reason, at: ctx.clock().toISOString() } }],
            { actor, causationId: data.causeEventId },
          );
          log.warn({ reason, permanent }, 'email delivery failed for good');
        }
        if (permanent) throw new UnrecoverableError((err as Error).message);
        throw err;
      }
      if (messageId.endsWith('.eml')) log.info({ file: messageId }, 'email written to the outbox');
      const sent = { to, messageId, at: ctx.clock().toISOString() };
      await recordFacts(ctx.sql, id, plan.facts(sent, doc), { actor, causationId: data.causeEventId });
      return { messageId };
    });
  };
}
