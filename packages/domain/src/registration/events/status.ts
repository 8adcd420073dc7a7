import type { DomainEvent } from '../../decider';
import type { RegistrationStatus } from '../../status';

export type StatusChangeSource = 'admin' | 'payment' | 'partner' | 'system';
export type CancellationSource = 'public' | 'admin';

/**
 * `reinstatedCents` (present only when it grows, issue 45): staff confirmed a cancelled order that had
 * been refunded, and this much of its refunds, in all, is owed again.
 */
export type StatusChanged = DomainEvent<
  'StatusChanged',
  {
    from: RegistrationStatus;
    to: RegistrationStatus;
    source: StatusChangeSource;
    at: string;
    reinstatedCents?: number;
  }
>;
/**
 * `needsRefundReview` (present only when true): a paid order cancelled too close to the appointment
 * for an automatic refund; staff decide (see cancellationRefund).
 */
export type RegistrationCancelled = DomainEvent<
  'RegistrationCancelled',
  { from: RegistrationStatus; source: CancellationSource; at: string; needsRefundReview?: true }
>;
export type ExpiryReason = 'hold-expired';
/**
 * The payment hold ran out with nothing paid: the order is `expired`, and `seats` seats (with its
 * code redemption) go back in the same transaction. Appended once per order (worker).
 */
export type RegistrationExpired = DomainEvent<
  'RegistrationExpired',
  { holdUntil: string; seats: number; reason: ExpiryReason; at: string }
>;
/**
 * A payment arrived for an expired order whose seats were still free: it is awaiting payment again,
 * holds `seats` seats (reserved in the same transaction) and a new hold until `holdUntil`.
 */
export type RegistrationRevived = DomainEvent<
  'RegistrationRevived',
  { holdUntil: string; seats: number; at: string }
>;
/**
 * The order moved to another timeslot of its event: its `seats` seats were released on the old slot
 * and reserved on the new one in the same append. `sequence` is 1 + the earlier reschedules: the
 * calendar invite's SEQUENCE (the booking's is 0), so calendars update the entry they have. Who
 * moved it is the event's actor.
 */
export type RegistrationRescheduled = DomainEvent<
  'RegistrationRescheduled',
  {
    fromTimeslotId: number;
    /** yyyy-MM-dd and HH:mm of the slot it left, Singapore (the history line, the email) */
    fromDate: string;
    fromTime: string;
    toTimeslotId: number;
    /** yyyy-MM-dd, Singapore */
    toDate: string;
    /** HH:mm, Singapore */
    toTime: string;
    seats: number;
    sequence: number;
    at: string;
  }
>;

/** The type names of this file's events: an order's status set, cancelled, expired, revived, or moved. */
export const REGISTRATION_STATUS_EVENT_TYPES = [
  'StatusChanged',
  'RegistrationCancelled',
  'RegistrationExpired',
  'RegistrationRevived',
  'RegistrationRescheduled',
] as const satisfies readonly (
  | StatusChanged
  | RegistrationCancelled
  | RegistrationExpired
  | RegistrationRevived
  | RegistrationRescheduled
)['type'][];
