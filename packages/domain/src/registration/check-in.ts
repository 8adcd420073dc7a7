/**
 * The screening day (issue 23): checking people in at the front desk, and marking who did not come.
 * Pure rules the registration decider delegates to; the caller passes the appointment's day and
 * the Singapore day of `at` so the decider needs no catalogue or clock.
 */
import { addDaysToDay, singaporeInstant } from '../dates';
import { type DomainError, domainError } from '../decider';
import type { MarkedNoShow, ParticipantsCheckedIn } from './events';

/** When and by whom one participant was checked in. */
export interface CheckInMark {
  at: string;
  /** The staff member's username (the answer to a second scan names them). */
  by: string;
}

/** What the check-in rules read of a registration's state. */
export interface AttendanceState {
  exists: boolean;
  status: string | null;
  participants: readonly { participantId: string }[];
  checkIns: Readonly<Record<string, CheckInMark>>;
  noShowMarked: boolean;
}

export interface CheckInCommand {
  type: 'CheckIn';
  /** Absent or empty: the whole party. */
  participantIds?: string[];
  /** The staff member's username. */
  by: string;
  /** yyyy-MM-dd of the appointment (the order's slot) and of `at`, both Singapore. */
  appointmentDate: string;
  today: string;
  at: string;
}

export interface MarkNoShowCommand {
  type: 'MarkNoShow';
  /** yyyy-MM-dd, Singapore: the appointment's day; the mark waits until that day has ended. */
  appointmentDate: string;
  at: string;
}

export const CHECK_IN_MESSAGES = {
  notFound: 'Booking not found',
  cancelled: 'This booking was cancelled; it cannot be checked in.',
  expired: 'This reservation expired unpaid; it cannot be checked in.',
  participantNotFound: 'That person is not on this booking.',
  notToday: (day: string) => `This booking is for ${day}, not today.`,
  dayNotOver: 'The appointment day has not ended yet.',
} as const;

/** The first instant after the Singapore day `day`. */
export const endOfSingaporeDay = (day: string): Date => singaporeInstant(addDaysToDay(day, 1), '00:00');

/** Why this booking cannot be checked in now; null when it can. */
export function checkInRefusal(
  state: AttendanceState,
  appointmentDate: string,
  today: string,
): DomainError | null {
  if (!state.exists) return domainError('NOT_FOUND', CHECK_IN_MESSAGES.notFound);
  if (state.status === 'cancelled') return domainError('CANCELLED', CHECK_IN_MESSAGES.cancelled);
  if (state.status === 'expired') return domainError('EXPIRED', CHECK_IN_MESSAGES.expired);
  if (appointmentDate !== today) {
    return domainError('STATUS_NOT_ALLOWED', CHECK_IN_MESSAGES.notToday(appointmentDate));
  }
  return null;
}

/**
 * Checks in the people named (or the party) who are not in yet. Everyone already in: no event, so
 * a second scan, or a scan racing at another desk, records nothing (the caller answers with the
 * first check-in's time and staff member).
 */
export function decideCheckIn(
  state: AttendanceState,
  command: CheckInCommand,
): ParticipantsCheckedIn[] | DomainError {
  const refusal = checkInRefusal(state, command.appointmentDate, command.today);
  if (refusal) return refusal;
  const onOrder = new Set(state.participants.map((p) => p.participantId));
  const wanted = command.participantIds?.length ? [...new Set(command.participantIds)] : [...onOrder];
  if (wanted.some((id) => !onOrder.has(id))) {
    return domainError('NOT_FOUND', CHECK_IN_MESSAGES.participantNotFound);
  }
  const participantIds = wanted.filter((id) => !state.checkIns[id]);
  if (participantIds.length === 0) return [];
  return [{ type: 'ParticipantsCheckedIn', data: { participantIds, by: command.by, at: command.at } }];
}

/**
 * After the appointment's Singapore day has ended, everyone booked and not checked in is a no-show:
 * one event per order, once. Cancelled and expired orders were never expected.
 */
export function decideNoShow(
  state: AttendanceState,
  command: MarkNoShowCommand,
): MarkedNoShow[] | DomainError {
  if (!state.exists) return domainError('NOT_FOUND', CHECK_IN_MESSAGES.notFound);
  if (state.noShowMarked || state.status === 'cancelled' || state.status === 'expired') return [];
  if (Date.parse(command.at) < endOfSingaporeDay(command.appointmentDate).getTime()) {
    return domainError('STATUS_NOT_ALLOWED', CHECK_IN_MESSAGES.dayNotOver);
  }
  const participantIds = state.participants.map((p) => p.participantId).filter((id) => !state.checkIns[id]);
  if (participantIds.length === 0) return [];
  return [
    {
      type: 'MarkedNoShow',
      data: { participantIds, appointmentDate: command.appointmentDate, at: command.at },
    },
  ];
}

/** The latest check-in among `participantIds` (the one a second scan reports). */
export function latestCheckIn(
  checkIns: Readonly<Record<string, CheckInMark>>,
  participantIds: readonly string[],
): CheckInMark | null {
  let latest: CheckInMark | null = null;
  for (const id of participantIds) {
    const mark = checkIns[id];
    if (mark && (!latest || mark.at > latest.at)) latest = mark;
  }
  return latest;
}
