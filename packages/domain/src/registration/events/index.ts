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
  PaymentRecorded,
  PaymentVoided,
  RefundFailed,
  RefundRecorded,
  RefundRequested,
} from './payments';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from '../reminder-events';
import type { IdentificationRevealed, PersonalDataErased, PersonalDataExported } from './personal-data';
import type {
  RegistrationCancelled,
  RegistrationExpired,
  RegistrationRescheduled,
  RegistrationRevived,
  StatusChanged,
} from './status';
import type {
  CancellationEmailSent,
  ConfirmationEmailSent,
  EmailDeliveryFailed,
  ExpiryEmailSent,
  PartnerConfirmationFailed,
  PartnerConfirmed,
  PdfGenerated,
  ReceiptEmailSent,
  RefundEmailSent,
  ReminderEmailSent,
  RescheduledEmailSent,
} from './worker-facts';

export type * from './booking';
export type * from './details';
export type * from './front-desk';
export type * from './payments';
export type * from './personal-data';
export type * from './status';
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
  | ConfirmationEmailSent
  | ReminderEmailSent
  | PdfGenerated
  | PartnerConfirmed
  | PartnerConfirmationFailed
  | ReceiptEmailSent
  | CancellationEmailSent
  | ExpiryEmailSent
  | RescheduledEmailSent
  | RefundEmailSent
  | EmailDeliveryFailed
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
  'StatusChanged',
  'RegistrationCancelled',
  'RegistrationExpired',
  'RegistrationRevived',
  'RegistrationRescheduled',
  'RefundRequested',
  'RefundRecorded',
  'RefundFailed',
  'PaymentVoided',
  'ConfirmationEmailSent',
  'ReminderEmailSent',
  'PdfGenerated',
  'PartnerConfirmed',
  'PartnerConfirmationFailed',
  'ReceiptEmailSent',
  'CancellationEmailSent',
  'ExpiryEmailSent',
  'RescheduledEmailSent',
  'RefundEmailSent',
  'EmailDeliveryFailed',
  'ParticipantsCheckedIn',
  'CheckInUndone',
  'MarkedNoShow',
  'IdentificationRevealed',
  'PersonalDataExported',
  'PersonalDataErased',
  ...REMINDER_EVENT_TYPES,
] as const satisfies readonly RegistrationEvent['type'][];
