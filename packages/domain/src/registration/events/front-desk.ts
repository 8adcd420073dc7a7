import type { DomainEvent } from '../../decider';

/**
 * People of the party were checked in at the front desk (issue 23). `by` is the staff member's
 * username: a second scan answers with it straight from the stream (the actor is in the metadata too).
 */
export type ParticipantsCheckedIn = DomainEvent<
  'ParticipantsCheckedIn',
  {
    participantIds: string[];
    by: string;
    at: string;
    /**
     * Issue 45: the party came in with a balance due the desk chose not to collect, and why. The
     * balance stays on the order (finance collects or cancels it); the waiver is the desk's record.
     */
    waived?: { amountCents: number; reason: string };
  }
>;
/**
 * A check-in taken back on the appointment day (issue 45): the people named are no longer in. `by`
 * is the staff member's username; the reason is required.
 */
export type CheckInUndone = DomainEvent<
  'CheckInUndone',
  { participantIds: string[]; reason: string; by: string; at: string }
>;
/**
 * After the appointment's Singapore day ended, the people booked and never checked in (worker, once
 * per order). `appointmentDate` is yyyy-MM-dd, Singapore.
 */
export type MarkedNoShow = DomainEvent<
  'MarkedNoShow',
  { participantIds: string[]; appointmentDate: string; at: string }
>;
