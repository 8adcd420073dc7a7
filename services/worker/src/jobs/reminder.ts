/**
 * One scheduled reminder (issue 26), by email or SMS, in the booking's language. Under a lock on the
 * reminder's key the log is read again: a reminder no longer owed (sent, failed or skipped already,
 * the order cancelled, expired, erased or moved) is skipped. The outcome is appended with the stream's
 * expected version and only if no outcome of the same reminder is there yet, so two workers record
 * (and, outside a crash between send and record, send) it once. A provider failure throws, and BullMQ
 * retries with backoff; the last attempt, or a refusal for good, records ReminderFailed.
 */
import type { QueuePayloads } from '@hs/contracts';
import {
  type ReminderFailed,
  type ReminderSent,
  type ReminderSkipReason,
  type ReminderSkipped,
  REMINDER_OUTCOME_TYPES,
  formatAppointmentLong,
  reminderKey,
  singaporeDay,
  smsOptedOut,
  smsRecipient,
} from '@hs/domain';
import { smsOptOutToken } from '@hs/commands';
import { SmsRejectedError } from '@hs/gateways';
import { PermanentDeliveryError } from '@hs/notifications';
import { readOrderAtVersion } from '@hs/read-models';
import { type Job, UnrecoverableError } from 'bullmq';
import { documentFromOrder, manageUrl } from '../order';
import { type RegistrationRead, loadRegistration, recordFacts, workerFact } from '../registration';
import { owedReminders, reminderInputs } from '../reminders';
import { type ReminderValues, reminderSms } from '../reminder-messages';
import { type JobContext, type Skipped, isLastAttempt, withMessageLock } from './context';
import { languageOf } from './email/from-log';
import { renderOrderEmail } from './email/render';

type JobLogger = Parameters<typeof renderOrderEmail>[1];

type Payload = QueuePayloads['reminder'];
const ACTOR = 'worker:reminder';

export { languageOf } from './email/from-log';

export function smsOptOutUrl(publicBaseUrl: string, secret: string, registrationId: number): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/sms-opt-out/${smsOptOutToken(secret, registrationId)}`;
}

export function reminderProcessor(ctx: JobContext) {
  return async (job: Job<Payload>): Promise<{ providerId: string | null } | Skipped> => {
    const d = job.data;
    const id = d.registrationId;
    const log = ctx.log.child({ queue: 'reminder', jobId: job.id, registrationId: id });
    const owed = async (read: RegistrationRead) =>
      (await owedReminders(ctx.sql, read, ctx.clock())).some(
        (r) =>
          r.offsetHours === d.offsetHours && r.medium === d.medium && r.appointmentAt === d.appointmentAt,
      );
    const first = await loadRegistration(ctx.sql, id);
    if (!first.state.exists) throw new UnrecoverableError(`Registration ${id} does not exist`);
    // Erased (issue 24): no address or number is left to write to.
    if (first.state.personalDataErasedAt) return { skipped: 'personal data erased' };
    if (!(await owed(first))) return { skipped: 'reminder no longer owed' };

    return withMessageLock(ctx, reminderKey(id, d), async () => {
      const read = await loadRegistration(ctx.sql, id);
      if (!(await owed(read))) return { skipped: 'reminder no longer owed' };
      const inputs = (await reminderInputs(ctx.sql, read))!;
      const recorded = (r: RegistrationRead) =>
        r.events.some((e) => {
          if (!(REMINDER_OUTCOME_TYPES as readonly string[]).includes(e.type)) return false;
          const x = e.data as { offsetHours: number; channel: string; appointmentAt: string };
          return (
            x.offsetHours === d.offsetHours && x.channel === d.medium && x.appointmentAt === d.appointmentAt
          );
        });
      const ref = () => ({
        offsetHours: d.offsetHours,
        channel: d.medium,
        appointmentAt: d.appointmentAt,
        timeslotId: read.state.timeslotId!,
        at: ctx.clock().toISOString(),
      });
      const record = (fact: ReminderSent | ReminderFailed | ReminderSkipped) =>
        recordFacts(ctx.sql, id, [workerFact(fact)], { actor: ACTOR }, recorded);
      const skip = async (reason: ReminderSkipReason) => {
        await record({ type: 'ReminderSkipped', data: { ...ref(), reason } });
        return { skipped: reason };
      };

      const language = languageOf(read);
      const contact = read.state.contact!;
      const values: ReminderValues = {
        firstName: contact.firstName,
        when: formatAppointmentLong(inputs.appointmentAt, language),
        event: inputs.eventName,
        location: inputs.location ?? '',
        ref: read.state.referenceNumber ?? '',
        manageUrl: manageUrl(ctx.publicBaseUrl, read.state.referenceNumber ?? '', {
          secret: ctx.manageLinkSecret,
          appointmentDay: singaporeDay(inputs.appointmentAt),
          now: ctx.clock(),
        }),
        optOutUrl: smsOptOutUrl(ctx.publicBaseUrl, ctx.waitlistTokenSecret, id),
      };

      let providerId: string | null;
      try {
        if (d.medium === 'sms') {
          if (smsOptedOut(read.events)) return skip('opted-out');
          const to = smsRecipient(contact.mobileNumber);
          if (!to) return skip('invalid-number');
          ({ providerId } = await ctx.sms.send({ to, body: reminderSms(language, values) }));
        } else {
          providerId = await sendEmail(ctx, log, read, values);
        }
      } catch (err) {
        const permanent = err instanceof SmsRejectedError || err instanceof PermanentDeliveryError;
        if (permanent || isLastAttempt(job)) {
          const reason = err instanceof Error ? err.message : String(err);
          await record({ type: 'ReminderFailed', data: { ...ref(), reason } });
          log.warn({ reason, permanent, medium: d.medium }, 'reminder failed for good');
        }
        if (permanent) throw new UnrecoverableError((err as Error).message);
        throw err;
      }
      await record({ type: 'ReminderSent', data: { ...ref(), providerId } });
      return { providerId };
    });
  };
}

/**
 * The reminder email (issue 46): the branded layout of every other email, in the booking's language,
 * from the reminder template (English: the email config staff edit), with the manage link and the
 * SMS opt-out link as links, not raw URLs.
 */
async function sendEmail(
  ctx: JobContext,
  log: JobLogger,
  read: RegistrationRead,
  values: ReminderValues,
): Promise<string> {
  const id = Number(read.state.registrationId);
  // the order as of its booking or last move: the read model has that version (or a newer one)
  const version =
    read.events.filter((e) => e.type === 'RegistrationBooked' || e.type === 'RegistrationRescheduled').at(-1)
      ?.version ?? 1;
  const order = await readOrderAtVersion(ctx.sql, id, version, ctx.orderWaitMs);
  const email = await renderOrderEmail(ctx, log, 'reminder', {
    read,
    order,
    doc: documentFromOrder(order, null),
    variables: { smsOptOutUrl: values.optOutUrl },
  });
  const { messageId } = await ctx.mailer.send({
    to: order.email,
    from: email.from,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: [],
  });
  return messageId;
}
