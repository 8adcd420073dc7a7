import type { DomainEvent } from '../../decider';

/**
 * People of the party were checked in at the front desk (issue 23). `by` is the staff member's
 * username: a second scan answers with it straight from the stream (the actor is in the metadata too).
 */
export type ParticipantsCheckedIn = DomainEvent<
  'ParticipantsCheckedIn',
  { participantIds: string[]; by: string; at: string }
>;
/**
 * After the appointment's Singapore day ended, the people booked and never checked in (worker, once
 * per order). `appointmentDate` is yyyy-MM-dd, Singapore.
 */
export type MarkedNoShow = DomainEvent<
  'MarkedNoShow',
  { participantIds: string[]; appointmentDate: string; at: string }
>;
