/**
 * The email jobs: confirmation (with the confirmation PDF and the calendar invite), receipt (with the
 * receipt PDF), cancellation, reminder, expiry (an unpaid reservation released, with a link to book
 * again), refund (with the credit note PDF) and rescheduled (the new appointment, with the updated
 * calendar invite). Each reads the order from the `orders` read model and the email
 * configs, renders with @hs/notifications, sends, then appends the fact (ConfirmationEmailSent, ...)
 * to the registration stream. A message already recorded as sent is not sent again (a retried job,
 * or a second job for the same message).
 */
import { type EmailQueueName, QUEUES, type QueuePayloads } from '@hs/contracts';
import {
  type RefundRecorded,
  type RegistrationCommand,
  type RegistrationExpired,
  type RegistrationRescheduled,
  formatDateLabel,
  formatTimeLabel,
  singaporeInstant,
} from '@hs/domain';
import type { NewEvent, RecordedEvent } from '@hs/eventstore';
import { ensureCheckInToken } from '@hs/commands';
import {
  CHECK_IN_QR_CID,
  checkInQrPng,
  withCheckInQr,
  type CreditNoteData,
  type DocumentData,
  type DocumentPayment,
  type EmailType,
  type ExpiryVariables,
  type MailAttachment,
  PermanentDeliveryError,
  type RescheduledVariables,
  appointmentIcsAttachment,
  creditNoteFileName,
  creditNoteNumber,
  emailVariablesFromDocument,
  refundEmailVariables,
  renderConfirmationPdf,
  renderCreditNotePdf,
  renderEmail,
  renderReceiptPdf,
} from '@hs/notifications';
import { type OrderRow, readOrderAtVersion } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import {
  type Appointment,
  calendarFromOrder,
  contactFromOrder,
  documentFromOrder,
  eventUrl,
  formatSingaporeDate,
  formatSingaporeDateTime,
  manageUrl,
  readEmailConfigs,
} from '../order';
import { type RegistrationRead, loadRegistration, recordFacts } from '../registration';
import { type JobContext, type Skipped, isLastAttempt, withMessageLock } from './context';

type EmailPayload = QueuePayloads[EmailQueueName];

type Sent = { to: string; messageId: string; at: string };

/** What one email carries beyond the order's own variables, and what to record once it is sent. */
interface Composed {
  /** Variables of this email only (the expiry's link, the refund's amounts). */
  variables?: Record<string, string>;
  attachments: MailAttachment[];
  facts: (sent: Sent) => Array<RegistrationCommand | NewEvent>;
  /** Adds to the rendered HTML (the confirmation's check-in QR code). */
  html?: (html: string) => string;
}

interface EmailPlan {
  /** Why not to send (already sent, cancelled, moved); null: send. */
  skip: (read: RegistrationRead) => string | null | Promise<string | null>;
  /** The payment shown on the documents and in the email. */
  payment: (read: RegistrationRead) => DocumentPayment | null;
  compose: (c: { read: RegistrationRead; order: OrderRow; doc: DocumentData }) => Promise<Composed>;
  /**
   * The fact is in the stream already: append nothing. Checked in the append's own transaction, so
   * a job that sent after its lock lapsed (another worker sent too) still records the message once.
   */
  recorded?: (read: RegistrationRead) => boolean;
  /** Lock key: one message per registration (and per payment for receipts, per expiry, per refund). */
  key: string;
}

const has = (read: RegistrationRead, type: string, match: (e: RecordedEvent) => boolean = () => true) =>
  read.events.some((e) => e.type === type && match(e));

const pdf = (filename: string, content: Uint8Array): MailAttachment => ({
  filename,
  content,
  contentType: 'application/pdf',
});

const reschedules = (read: RegistrationRead) =>
  read.events.filter((e) => e.type === 'RegistrationRescheduled');

/**
 * The appointment as the stream has it: the last reschedule's, else the booked slot's (from the
 * order, whose slot only a reschedule changes). SEQUENCE 0 is the booking's.
 */
function appointmentOf(read: RegistrationRead, order: OrderRow): Appointment | null {
  const last = reschedules(read).at(-1)?.data as RegistrationRescheduled['data'] | undefined;
  if (last) return { date: last.toDate, time: last.toTime, sequence: last.sequence };
  if (!order.timeslotDate || !order.timeslotTime) return null;
  return { date: order.timeslotDate, time: order.timeslotTime, sequence: 0 };
}

/** appointment.ics of the order's current appointment (none when the order has no slot data). */
function invite(read: RegistrationRead, order: OrderRow, stamp: Date): MailAttachment[] {
  const appointment = appointmentOf(read, order);
  return appointment ? [appointmentIcsAttachment(calendarFromOrder(order, appointment, stamp))] : [];
}

/** A reminder was sent for the current appointment (after the last reschedule, if any). */
function remindedSinceMove(read: RegistrationRead): boolean {
  const movedAt = reschedules(read).at(-1)?.version ?? 0;
  return read.events.some((e) => e.type === 'ReminderEmailSent' && e.version > movedAt);
}

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
        compose: async ({ read, order, doc }) => {
          // The check-in code (issue 23): in the PDF and shown in the email as an inline image.
          const token = await ensureCheckInToken(ctx.sql, id);
          return {
            attachments: [
              pdf(
                `confirmation-${doc.referenceNumber}.pdf`,
                await renderConfirmationPdf({ ...doc, checkInToken: token }),
              ),
              ...invite(read, order, ctx.clock()),
              {
                filename: 'check-in-qr.png',
                content: await checkInQrPng(token),
                contentType: 'image/png',
                cid: CHECK_IN_QR_CID,
              },
            ],
            html: withCheckInQr,
            facts: (sent) => [
              { type: 'RecordConfirmationEmailSent', to: sent.to, messageId: sent.messageId, at: sent.at },
              {
                type: 'RecordPdfGenerated',
                document: 'confirmation',
                fileName: `confirmation-${doc.referenceNumber}.pdf`,
                at: sent.at,
              },
            ],
          };
        },
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
        compose: async ({ doc }) => ({
          attachments: [pdf(`receipt-${doc.referenceNumber}.pdf`, await renderReceiptPdf(doc))],
          facts: (sent) => [
            { type: 'ReceiptEmailSent', data: { ...sent, transactionId } },
            {
              type: 'RecordPdfGenerated',
              document: 'receipt',
              fileName: `receipt-${doc.referenceNumber}.pdf`,
              at: sent.at,
            },
          ],
        }),
      };
    }
    case 'cancellation-email':
      return {
        key: `cancellation-email:${id}`,
        skip: (read) => (has(read, 'CancellationEmailSent') ? 'cancellation already sent' : null),
        payment: () => null,
        compose: async () => ({
          attachments: [],
          facts: (sent) => [{ type: 'CancellationEmailSent', data: sent }],
        }),
      };
    case 'reminder-email': {
      const r = data as QueuePayloads['reminder-email'];
      return {
        key: `reminder-email:${id}`,
        skip: async (read) => {
          const { state } = read;
          // One reminder per appointment: a reschedule plans a new one for the new time.
          if (remindedSinceMove(read)) return 'reminder already sent';
          if (state.status === 'cancelled') return 'registration cancelled';
          if (state.status === 'expired') return 'registration expired';
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
        recorded: remindedSinceMove,
        compose: async () => ({
          attachments: [],
          facts: (sent) => [
            { type: 'RecordReminderEmailSent', to: sent.to, messageId: sent.messageId, at: sent.at },
          ],
        }),
      };
    }
    case 'rescheduled-email': {
      // One email per reschedule (its sequence); the order is read at the reschedule's version or later.
      const move = (read: RegistrationRead) =>
        read.events.find((e) => e.eventId === data.causeEventId && e.type === 'RegistrationRescheduled')
          ?.data as RegistrationRescheduled['data'] | undefined;
      const recorded = (read: RegistrationRead) =>
        has(
          read,
          'RescheduledEmailSent',
          (e) => (e.data as { sequence: number }).sequence === move(read)?.sequence,
        );
      return {
        key: `rescheduled-email:${id}:${data.causeEventId}`,
        skip: (read) => {
          const m = move(read);
          if (!m) return 'reschedule not found';
          if (recorded(read)) return 'rescheduled email already sent';
          // A later move sends its own email: this one's time is stale.
          if (reschedules(read).length > m.sequence) return 'rescheduled again since';
          if (read.state.status === 'cancelled' || read.state.status === 'expired')
            return `registration ${read.state.status}`;
          return null;
        },
        payment: (read) => paymentOf(read),
        recorded,
        compose: async ({ read, order }) => {
          const m = move(read)!;
          const variables: RescheduledVariables = {
            previousTimeslotDate: formatDateLabel(m.fromDate),
            previousTimeslotTime: formatTimeLabel(m.fromTime),
          };
          return {
            variables,
            attachments: invite(read, order, ctx.clock()),
            facts: (sent) => [{ type: 'RescheduledEmailSent', data: { ...sent, sequence: m.sequence } }],
          };
        },
      };
    }
    case 'expiry-email': {
      // One email per expiry: an order revived by a late payment may expire again.
      const expiredAt = (read: RegistrationRead) =>
        (read.events.find((e) => e.eventId === data.causeEventId)?.data as RegistrationExpired['data'])?.at;
      const recorded = (read: RegistrationRead) =>
        has(read, 'ExpiryEmailSent', (e) => (e.data as { expiredAt: string }).expiredAt === expiredAt(read));
      return {
        key: `expiry-email:${id}:${data.causeEventId}`,
        skip: (read) =>
          expiredAt(read) === undefined
            ? 'expiry not found'
            : recorded(read)
              ? 'expiry email already sent'
              : read.state.status !== 'expired'
                ? 'reserved again since it expired'
                : null,
        payment: () => null,
        recorded,
        compose: async ({ read, order }) => {
          const at = expiredAt(read)!;
          const variables: ExpiryVariables = {
            eventUrl: await eventUrl(ctx.sql, ctx.publicBaseUrl, order.eventId),
            expiredAt: formatSingaporeDateTime(new Date(at)),
          };
          return {
            variables,
            attachments: [],
            facts: (sent) => [{ type: 'ExpiryEmailSent', data: { ...sent, expiredAt: at } }],
          };
        },
      };
    }
    case 'refund-email': {
      const { refundId } = data as QueuePayloads['refund-email'];
      const refunds = (read: RegistrationRead) => read.events.filter((e) => e.type === 'RefundRecorded');
      const recorded = (read: RegistrationRead) =>
        has(read, 'RefundEmailSent', (e) => (e.data as { refundId: string }).refundId === refundId);
      return {
        key: `refund-email:${id}:${refundId}`,
        skip: (read) =>
          recorded(read)
            ? 'refund email already sent'
            : refunds(read).some((e) => (e.data as RefundRecorded['data']).refundId === refundId)
              ? null
              : 'refund not found',
        payment: () => null,
        recorded,
        compose: async ({ read, order, doc }) => {
          const all = refunds(read);
          // The credit note's number: this refund's place among the order's refunds (1, 2, ...).
          const n = all.findIndex((e) => (e.data as RefundRecorded['data']).refundId === refundId) + 1;
          const refund = all[n - 1]!.data as RefundRecorded['data'];
          const note: CreditNoteData = {
            creditNoteNumber: creditNoteNumber(order.referenceNumber, n),
            date: formatSingaporeDate(new Date(refund.at)),
            referenceNumber: order.referenceNumber,
            invoiceNumber: doc.invoiceNumber,
            customer: doc.customer,
            eventName: order.eventName,
            amountCents: refund.amountCents,
            reason: refund.reason,
          };
          const fileName = creditNoteFileName(order.referenceNumber, n);
          return {
            variables: refundEmailVariables(note, refund.refundedCents),
            attachments: [pdf(fileName, await renderCreditNotePdf(note))],
            facts: (sent) => [
              {
                type: 'RefundEmailSent',
                data: { ...sent, refundId, creditNoteNumber: note.creditNoteNumber },
              },
              { type: 'RecordPdfGenerated', document: 'credit-note', fileName, at: sent.at },
            ],
          };
        },
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
      const composed = await plan.compose({ read, order, doc });
      const vars = {
        ...emailVariablesFromDocument(doc, contactFromOrder(order), {
          status: order.status,
          cancelledAt: order.cancelledAt ? formatSingaporeDateTime(order.cancelledAt) : '',
        }),
        // every booking email may link the booking's page (the confirmation does): reschedule or cancel
        manageUrl: manageUrl(ctx.publicBaseUrl, order.referenceNumber),
        ...composed.variables,
      };
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
          html: composed.html ? composed.html(email.html) : email.html,
          text: email.text,
          attachments: composed.attachments,
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
      await recordFacts(
        ctx.sql,
        id,
        composed.facts(sent),
        { actor, causationId: data.causeEventId },
        plan.recorded,
      );
      return { messageId };
    });
  };
}
