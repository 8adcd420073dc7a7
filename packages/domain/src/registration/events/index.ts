/**
 * Events of a `registration-<id>` stream. All data is plain JSON: ISO strings, integer cents.
 * The union and the list of type names stay here, side by side, so a new event is added to both at once.
 */
import type {
  DiscountApplied,
  ParticipantAdded,
  ParticipantRemoved,
  ParticipantUpdated,
  PrimaryParticipantChanged,
  RegistrationBooked,
} from './booking';
import type { CheckInUndone, MarkedNoShow, ParticipantsCheckedIn } from './front-desk';
import type {
  PayNowIntentClosed,
  PayNowIntentOpened,
  PaymentRecorded,
  PaymentVoided,
  RefundFailed,
  RefundRecorded,
  RefundRequested,
} from './payments';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from '../reminder-events';
import type { IdentificationRevealed, PersonalDataErased, PersonalDataExported } from './personal-data';
import {
  REGISTRATION_STATUS_EVENT_TYPES,
  type RegistrationCancelled,
  type RegistrationExpired,
  type RegistrationRescheduled,
  type RegistrationRevived,
  type StatusChanged,
} from './status';
import {
  type ConfirmationEmailSent,
  type PartnerCancellationNotified,
  type PartnerConfirmationFailed,
  type PartnerConfirmed,
  type PdfGenerated,
  type ReminderEmailSent,
  WORKER_EMAIL_FACT_TYPES,
  type WorkerEmailFact,
} from './worker-facts';

export type * from './booking';
export type * from './details';
export type * from './front-desk';
export type * from './payments';
export type * from './personal-data';
export type * from './status';
export { REGISTRATION_STATUS_EVENT_TYPES } from './status';
export type * from './worker-facts';

export type RegistrationEvent =
  | RegistrationBooked
  | ParticipantAdded
  | ParticipantUpdated
  | ParticipantRemoved
  | PrimaryParticipantChanged
  | DiscountApplied
  | PaymentRecorded
  | StatusChanged
  | RegistrationCancelled
  | RegistrationExpired
  | RegistrationRevived
  | RegistrationRescheduled
  | RefundRequested
  | RefundRecorded
  | RefundFailed
  | PaymentVoided
  | PayNowIntentOpened
  | PayNowIntentClosed
  | ConfirmationEmailSent
  | ReminderEmailSent
  | PdfGenerated
  | PartnerConfirmed
  | PartnerConfirmationFailed
  | PartnerCancellationNotified
  | WorkerEmailFact
  | ParticipantsCheckedIn
  | CheckInUndone
  | MarkedNoShow
  | IdentificationRevealed
  | PersonalDataExported
  | PersonalDataErased
  // the reminder facts (issue 26, `reminder-events.ts`): the worker's are decided like its other facts
  | ReminderEvent;

export const REGISTRATION_EVENT_TYPES = [
  'RegistrationBooked',
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'PrimaryParticipantChanged',
  'DiscountApplied',
  'PaymentRecorded',
  ...REGISTRATION_STATUS_EVENT_TYPES,
  'RefundRequested',
  'RefundRecorded',
  'RefundFailed',
  'PaymentVoided',
  'PayNowIntentOpened',
  'PayNowIntentClosed',
  'ConfirmationEmailSent',
  'ReminderEmailSent',
  'PdfGenerated',
  'PartnerConfirmed',
  'PartnerConfirmationFailed',
  'PartnerCancellationNotified',
  ...WORKER_EMAIL_FACT_TYPES,
  'ParticipantsCheckedIn',
  'CheckInUndone',
  'MarkedNoShow',
  'IdentificationRevealed',
  'PersonalDataExported',
  'PersonalDataErased',
  ...REMINDER_EVENT_TYPES,
] as const satisfies readonly RegistrationEvent['type'][];
