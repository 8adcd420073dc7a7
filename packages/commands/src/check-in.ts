import type { Sql } from '@hs/db';
import {
  type RegistrationState,
  SINGAPORE_TZ,
  domainError,
  latestCheckIn,
  registrationDecider,
  registrationStream,
  singaporeToday,
} from '@hs/domain';
import { CommandRefusedError, type Position, handleCommand } from '@hs/eventstore';
import { slotWhen } from './appointment';
import { registrationOfCheckInToken } from './check-in-token';
import { existingRegistration } from './registration';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SINGAPORE_TZ,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:mm in Singapore of an ISO instant (what the front desk reads). */
export const singaporeClock = (iso: string): string => timeFormat.format(new Date(iso));

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

export const UNKNOWN_CHECK_IN_CODE = 'This check-in code is not known. Search by reference number or name.';

export interface CheckInResult {
  registrationId: number;
  /** The order after the check-in (or as it was, when everyone named was in already). */
  state: RegistrationState;
  /** yyyy-MM-dd and HH:mm of the appointment, Singapore. */
  appointmentDate: string;
  appointmentTime: string;
  /** Everyone named was checked in before: nothing was recorded. */
  alreadyCheckedIn: boolean;
  /** 'Checked in 2 people' or 'Already checked in at 09:02 by desk1'. */
  message: string;
  position: Position | null;
}

/**
 * Checks people of an order in at the front desk (issue 23): the party, or the participants named.
 * One command on the registration stream with its version expected, so scans of one code racing at
 * two desks record one check-in: the loser reads again, finds everyone in, and answers with the
 * winner's time and staff member.
 */
export async function checkIn(
  sql: Sql,
  registrationId: number,
  participantIds: string[] | undefined,
  staff: { username: string; actor: string; requestId?: string },
  now: Date = new Date(),
): Promise<CheckInResult> {
  const known = await existingRegistration(sql, registrationId);
  const slot = await slotWhen(sql, known.timeslotId!);
  if (!slot) throw new CommandRefusedError(domainError('NOT_FOUND', 'This booking has no appointment slot.'));
  const { result, position } = await handleCommand(
    sql,
    registrationStream(registrationId),
    registrationDecider,
    {
      type: 'CheckIn',
      ...(participantIds?.length ? { participantIds } : {}),
      by: staff.username,
      appointmentDate: slot.day,
      today: singaporeToday(now),
      at: now.toISOString(),
    },
    { metadata: { actor: staff.actor, requestId: staff.requestId }, maxAttempts: 8 },
  );
  const { after, events } = result!;
  const named = participantIds?.length ? participantIds : after.participants.map((p) => p.participantId);
  const first = latestCheckIn(after.checkIns, named);
  const alreadyCheckedIn = events.length === 0;
  const message =
    alreadyCheckedIn && first
      ? `Already checked in at ${singaporeClock(first.at)} by ${first.by}`
      : `Checked in ${people(events.flatMap((e) => (e.type === 'ParticipantsCheckedIn' ? e.data.participantIds : [])).length)}`;
  return {
    registrationId,
    state: after,
    appointmentDate: slot.day,
    appointmentTime: slot.time,
    alreadyCheckedIn,
    message,
    position,
  };
}

/** The order of a scanned check-in token; refused NOT_FOUND for a code we never issued. */
export async function registrationOfCode(sql: Sql, token: string): Promise<number> {
  const id = await registrationOfCheckInToken(sql, token.trim());
  if (id === undefined) throw new CommandRefusedError(domainError('NOT_FOUND', UNKNOWN_CHECK_IN_CODE));
  return id;
}
