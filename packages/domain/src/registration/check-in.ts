/**
 * The screening day (issue 23): checking people in at the front desk, and marking who did not come.
 * Pure rules the registration decider delegates to; the caller passes the appointment's day and
 * the Singapore day of `at` so the decider needs no catalogue or clock.
 */
import { addDaysToDay, singaporeInstant } from '../dates';
import { type DomainError, domainError } from '../decider';
import { formatSGD } from '../money';
import type { CheckInUndone, MarkedNoShow, ParticipantsCheckedIn } from './events';

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
  /** The largest balance a check-in waived so far. */
  checkInWaivedCents: number;
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
  /**
   * Why the desk lets the party in with a balance due (issue 45). Without it a check-in with
   * anything left to pay is refused: the desk records the payment first, or waives it with a reason.
   */
  waiveReason?: string;
}

/** Takes people's check-in back on the appointment day (issue 45), with a reason. */
export interface UndoCheckInCommand {
  type: 'UndoCheckIn';
  /** Absent or empty: everyone of the party who is checked in. */
  participantIds?: string[];
  reason: string;
  by: string;
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
  balanceDue: (amount: string) =>
    `This booking has ${amount} to pay. Record the payment at the desk, or waive it with a reason, before check-in.`,
  undoReason: 'Give a reason for undoing the check-in.',
  undoNotToday: 'A check-in can be undone only on the appointment day.',
  notCheckedIn: 'Nobody named is checked in.',
} as const;

/** Longest waiver or undo reason kept on the event. */
export const CHECK_IN_REASON_MAX = 500;

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
  outstandingCents: number,
): ParticipantsCheckedIn[] | DomainError {
  const refusal = checkInRefusal(state, command.appointmentDate, command.today);
  if (refusal) return refusal;
  const wanted = namedParticipants(state, command.participantIds);
  if (!wanted) return domainError('NOT_FOUND', CHECK_IN_MESSAGES.participantNotFound);
  const participantIds = wanted.filter((id) => !state.checkIns[id]);
  if (participantIds.length === 0) return [];
  const reason = command.waiveReason?.trim().slice(0, CHECK_IN_REASON_MAX) ?? '';
  // A balance the desk waived before, no larger now, needs no second waiver for the rest of the party.
  const unwaived = outstandingCents > state.checkInWaivedCents;
  if (outstandingCents > 0 && unwaived && !reason) {
    return domainError('STATUS_NOT_ALLOWED', CHECK_IN_MESSAGES.balanceDue(formatSGD(outstandingCents)));
  }
  // A reason given is recorded, even where an earlier waiver covers the balance (after an undo, say).
  const waived = outstandingCents > 0 && reason ? { waived: { amountCents: outstandingCents, reason } } : {};
  return [
    { type: 'ParticipantsCheckedIn', data: { participantIds, by: command.by, at: command.at, ...waived } },
  ];
}

/** The participant ids a command names (all of the party when none), or null when one is not on it. */
function namedParticipants(state: AttendanceState, named: readonly string[] | undefined): string[] | null {
  const onOrder = new Set(state.participants.map((p) => p.participantId));
  const wanted = named?.length ? [...new Set(named)] : [...onOrder];
  return wanted.every((id) => onOrder.has(id)) ? wanted : null;
}

/**
 * Takes back the check-in of the people named (or everyone in) on the appointment day, with a reason:
 * a mistaken scan, or someone who left before the screening.
 */
export function decideUndoCheckIn(
  state: AttendanceState,
  command: UndoCheckInCommand,
): CheckInUndone[] | DomainError {
  if (!state.exists) return domainError('NOT_FOUND', CHECK_IN_MESSAGES.notFound);
  const reason = command.reason.trim().slice(0, CHECK_IN_REASON_MAX);
  if (!reason) return domainError('INVALID', CHECK_IN_MESSAGES.undoReason);
  if (command.appointmentDate !== command.today) {
    return domainError('STATUS_NOT_ALLOWED', CHECK_IN_MESSAGES.undoNotToday);
  }
  const wanted = namedParticipants(state, command.participantIds);
  if (!wanted) return domainError('NOT_FOUND', CHECK_IN_MESSAGES.participantNotFound);
  const participantIds = wanted.filter((id) => state.checkIns[id]);
  if (participantIds.length === 0) return domainError('STATUS_NOT_ALLOWED', CHECK_IN_MESSAGES.notCheckedIn);
  return [{ type: 'CheckInUndone', data: { participantIds, reason, by: command.by, at: command.at } }];
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
