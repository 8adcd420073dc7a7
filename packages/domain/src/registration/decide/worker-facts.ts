/**
 * What the worker did for an order (emails sent, PDFs made, the partner told), recorded so the
 * order's history shows it and a retry knows it was done.
 */
import { type Decision, domainError } from '../../decider';
import type {
  RecordConfirmationEmailSentCommand,
  RecordPartnerConfirmationFailedCommand,
  RecordPartnerConfirmedCommand,
  RecordPdfGeneratedCommand,
  RecordReminderEmailSentCommand,
  RecordWorkerFactCommand,
} from '../commands';
import type { RegistrationEvent, WorkerFact } from '../events';
import { WORKER_EMAIL_FACT_TYPES } from '../events/worker-facts';
import { REGISTRATION_MESSAGES } from '../messages';
import type { RegistrationState } from '../state';
import { existing } from './refusals';

const partnerOnly = (state: RegistrationState) =>
  state.partner ? null : domainError('INVALID', REGISTRATION_MESSAGES.notPartner);

export function recordConfirmationEmailSent(
  state: RegistrationState,
  command: RecordConfirmationEmailSentCommand,
): Decision<RegistrationEvent> {
  return (
    existing(state) ?? [
      {
        type: 'ConfirmationEmailSent',
        data: {
          to: command.to,
          ...(command.recipientId ? { recipientId: command.recipientId } : {}),
          messageId: command.messageId,
          at: command.at,
        },
      },
    ]
  );
}

export function recordReminderEmailSent(
  state: RegistrationState,
  command: RecordReminderEmailSentCommand,
): Decision<RegistrationEvent> {
  return (
    existing(state) ?? [
      {
        type: 'ReminderEmailSent',
        data: {
          to: command.to,
          ...(command.recipientId ? { recipientId: command.recipientId } : {}),
          messageId: command.messageId,
          at: command.at,
        },
      },
    ]
  );
}

export function recordPdfGenerated(
  state: RegistrationState,
  command: RecordPdfGeneratedCommand,
): Decision<RegistrationEvent> {
  return (
    existing(state) ?? [
      {
        type: 'PdfGenerated',
        data: { document: command.document, fileName: command.fileName, at: command.at },
      },
    ]
  );
}

export function recordPartnerConfirmed(
  state: RegistrationState,
  command: RecordPartnerConfirmedCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state) ?? partnerOnly(state);
  if (refusal) return refusal;
  if (state.partnerConfirmed) return [];
  return [{ type: 'PartnerConfirmed', data: { bookingCode: state.partner!.bookingCode, at: command.at } }];
}

export function recordPartnerConfirmationFailed(
  state: RegistrationState,
  command: RecordPartnerConfirmationFailedCommand,
): Decision<RegistrationEvent> {
  const refusal = existing(state) ?? partnerOnly(state);
  if (refusal) return refusal;
  return [
    {
      type: 'PartnerConfirmationFailed',
      data: {
        bookingCode: state.partner!.bookingCode,
        reason: command.reason,
        attempt: command.attempt,
        at: command.at,
      },
    },
  ];
}

/** The facts RecordWorkerFact appends as given (the union WorkerFact, checked again at run time). */
export const WORKER_FACT_TYPES = [
  ...WORKER_EMAIL_FACT_TYPES,
  'PartnerCancellationNotified',
  'ReminderSent',
  'ReminderFailed',
  'ReminderSkipped',
] as const satisfies readonly WorkerFact['type'][];

/**
 * A fact of the worker's, recorded as it happened: refused for an order that does not exist (or a
 * type that is not a worker fact), otherwise the fact itself. Whether it was recorded already is the
 * job's check (per payment, expiry, refund, reminder), made on the stream the append expects.
 */
export function recordWorkerFact(
  state: RegistrationState,
  command: RecordWorkerFactCommand,
): Decision<RegistrationEvent> {
  const refusal =
    existing(state) ??
    ((WORKER_FACT_TYPES as readonly string[]).includes(command.fact.type)
      ? null
      : domainError('INVALID', REGISTRATION_MESSAGES.notWorkerFact));
  return refusal ?? [command.fact];
}
