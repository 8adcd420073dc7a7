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
  type InvoiceSnapshot,
  type RefundRecorded,
  type RegistrationCommand,
  type RegistrationExpired,
  type RegistrationRescheduled,
  formatDateLabel,
  formatSGD,
  formatTimeLabel,
  languageOrDefault,
  paymentMethodLabel,
  singaporeInstant,
} from '@hs/domain';
import type { NewEvent, RecordedEvent } from '@hs/eventstore';
import { ensureCheckInToken, isInvoiceable, issueCreditNote, issueInvoice } from '@hs/commands';
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
  emailVariablesFromDocument,
  issuedDocumentFileName,
  refundEmailVariables,
  renderConfirmationPdf,
  renderEmail,
  renderIssuedCreditNotePdf,
  renderIssuedInvoicePdf,
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

type Sent = { to: string; recipientId?: string; messageId: string; at: string };

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
  compose: (c: {
    read: RegistrationRead;
    order: OrderRow;
    doc: DocumentData;
    /** The order's issued invoice (issued by this job if need be), when the plan asks for one. */
    invoice: InvoiceSnapshot | null;
  }) => Promise<Composed>;
  /** Issue 25: the email shows the order's issued invoice number (issued first when the order has none). */
  invoice?: boolean;
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

/**
 * A reminder email was sent for the current appointment (after the last reschedule, if any). The
 * 'reminder-email' jobs are only those planned before the reminder schedule (issue 26) and still
 * delayed in Redis; a scheduled reminder email (ReminderSent) stands for theirs.
 */
function remindedSinceMove(read: RegistrationRead): boolean {
  const movedAt = reschedules(read).at(-1)?.version ?? 0;
  return read.events.some(
    (e) =>
      e.version > movedAt &&
      (e.type === 'ReminderEmailSent' ||
        (e.type === 'ReminderSent' && (e.data as { channel: string }).channel === 'email')),
  );
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
    method: paymentMethodLabel(d.method),
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
        invoice: true,
        compose: async ({ read, order, doc, invoice }) => {
          // The check-in code (issue 23): in the PDF and shown in the email as an inline image.
          const token = await ensureCheckInToken(ctx.sql, id);
          return {
            attachments: [
              pdf(
                `confirmation-${doc.referenceNumber}.pdf`,
                await renderConfirmationPdf({ ...doc, checkInToken: token }),
              ),
              ...invite(read, order, ctx.clock()),
              // issue 25: the order's tax invoice as issued
              ...(invoice
                ? [pdf(issuedDocumentFileName(invoice.invoiceNumber), await renderIssuedInvoicePdf(invoice))]
                : []),
              {
                filename: 'check-in-qr.png',
                content: await checkInQrPng(token),
                contentType: 'image/png',
                cid: CHECK_IN_QR_CID,
              },
            ],
            html: withCheckInQr,
            facts: (sent) => [
              { type: 'RecordConfirmationEmailSent', ...sent },
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
        invoice: true,
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
          facts: (sent) => [{ type: 'RecordReminderEmailSent', ...sent }],
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
          const refund = refunds(read).find((e) => (e.data as RefundRecorded['data']).refundId === refundId)!
            .data as RefundRecorded['data'];
          // Issue 25: the refund's credit note, numbered in its own gapless sequence, against the
          // order's invoice (issued first if the order had none).
          const issued = await issueCreditNote(
            ctx.sql,
            order,
            { refundId, amountCents: refund.amountCents, reason: refund.reason },
            { actor: 'worker:refund-email', causationId: data.causeEventId, at: documentDate(refund.at) },
          );
          const note: CreditNoteData = {
            creditNoteNumber: issued.creditNoteNumber,
            date: formatSingaporeDate(new Date(issued.issuedAt)),
            referenceNumber: order.referenceNumber,
            invoiceNumber: issued.originalInvoiceNumber,
            customer: doc.customer,
            eventName: order.eventName,
            amountCents: issued.totalCents,
            reason: issued.reason,
          };
          const fileName = issuedDocumentFileName(issued.creditNoteNumber);
          return {
            variables: {
              ...refundEmailVariables(note, refund.refundedCents),
              refundGstAmount: formatSGD(issued.gstCents),
            },
            attachments: [pdf(fileName, await renderIssuedCreditNotePdf(issued))],
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

/** When the cause of a job happened in the business (its command's time: bookedAt, at). */
function causeTime(read: RegistrationRead, causeEventId: string | undefined): unknown {
  const cause = read.events.find((e) => e.eventId === causeEventId);
  const d = (cause?.data ?? {}) as { bookedAt?: unknown; at?: unknown };
  return cause?.type === 'RegistrationBooked' ? d.bookedAt : d.at;
}

/**
 * An issued document's date (issue 25): when what it documents happened (the payment or
 * confirmation, the refund), seconds before the worker issues it, or a month before for the demo
 * seed's back-dated orders; never later than now; now when the cause has no time.
 */
function documentDate(at: unknown): Date | undefined {
  const t = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(t) ? undefined : new Date(Math.min(t, Date.now()));
}

/** The language the order was booked in (issue 26): its emails are written in it; English before it was recorded. */
function bookingLanguage(read: RegistrationRead) {
  const booked = read.events.find((e) => e.type === 'RegistrationBooked');
  return languageOrDefault((booked?.data as { language?: unknown } | undefined)?.language);
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
    // Erased (issue 24): no address or number is left to write to.
    if (first.state.personalDataErasedAt) return { skipped: 'personal data erased' };
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
      const invoice =
        plan.invoice && isInvoiceable(order)
          ? await issueInvoice(ctx.sql, order, {
              actor,
              causationId: data.causeEventId,
              at: documentDate(causeTime(read, data.causeEventId)),
            })
          : null;
      if (invoice) {
        doc.invoiceNumber = invoice.invoiceNumber;
        doc.invoiceDate = formatSingaporeDate(new Date(invoice.issuedAt));
      }
      const composed = await plan.compose({ read, order, doc, invoice });
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
      const email = renderEmail(emailType, configs, vars, bookingLanguage(read));
      for (const f of email.fallbacks)
        log.warn({ setting: f.key, reason: f.reason }, 'email config replaced by its default');
      const to = order.email;
      // whose address it is: the event log keeps it encrypted under that person's data key (issue 24)
      const recipientId = (order.participants.find((p) => p.isPrimary) ?? order.participants[0])
        ?.participantId;
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
            [
              {
                type: 'EmailDeliveryFailed',
                data: { emailType, to, recipientId, reason, at: ctx.clock().toISOString() },
              },
            ],
            { actor, causationId: data.causeEventId },
          );
          log.warn({ reason, permanent }, 'email delivery failed for good');
        }
        if (permanent) throw new UnrecoverableError((err as Error).message);
        throw err;
      }
      if (messageId.endsWith('.eml')) log.info({ file: messageId }, 'email written to the outbox');
      const sent = { to, recipientId, messageId, at: ctx.clock().toISOString() };
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
