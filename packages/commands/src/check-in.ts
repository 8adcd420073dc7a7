import { randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import {
  type DeskPaymentMethod,
  type RegistrationState,
  formatSGD,
  paymentMethodLabel,
  SINGAPORE_TZ,
  domainError,
  latestCheckIn,
  registrationDecider,
  registrationStream,
  singaporeToday,
} from '@hs/domain';
import { CommandRefusedError, type Position, handleCommand } from '@hs/eventstore';
import { slotWhen } from './appointment';
import { createKeyedMutex } from './keyed-mutex';
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
  staff: DeskStaff,
  now: Date = new Date(),
  waiveReason?: string,
): Promise<CheckInResult> {
  const slot = await appointmentOf(sql, registrationId);
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
      ...(waiveReason ? { waiveReason } : {}),
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

/** Who acts at the desk: the username events name, the actor their metadata carries. */
export interface DeskStaff {
  username: string;
  actor: string;
  requestId?: string;
}

/** The order's appointment day and time, Singapore; refused when the order has no slot. */
async function appointmentOf(sql: Sql, registrationId: number) {
  const known = await existingRegistration(sql, registrationId);
  const slot = await slotWhen(sql, known.timeslotId!);
  if (!slot) throw new CommandRefusedError(domainError('NOT_FOUND', 'This booking has no appointment slot.'));
  return slot;
}

/** The order after a desk action, with its appointment, as the desk's answers show it. */
export interface DeskResult {
  state: RegistrationState;
  appointmentDate: string;
  appointmentTime: string;
  message: string;
}

/**
 * Takes back a check-in on the appointment day (issue 45), the people named or everyone in, with a
 * reason; the staff member is the event's actor and is named on it.
 */
export async function undoCheckIn(
  sql: Sql,
  registrationId: number,
  request: { participantIds?: string[]; reason: string },
  staff: DeskStaff,
  now: Date = new Date(),
): Promise<DeskResult> {
  const slot = await appointmentOf(sql, registrationId);
  const { result } = await handleCommand(
    sql,
    registrationStream(registrationId),
    registrationDecider,
    {
      type: 'UndoCheckIn',
      ...(request.participantIds?.length ? { participantIds: request.participantIds } : {}),
      reason: request.reason,
      by: staff.username,
      appointmentDate: slot.day,
      today: singaporeToday(now),
      at: now.toISOString(),
    },
    { metadata: { actor: staff.actor, requestId: staff.requestId }, maxAttempts: 8 },
  );
  const undone = result!.events.flatMap((e) => (e.type === 'CheckInUndone' ? e.data.participantIds : []));
  return {
    state: result!.after,
    appointmentDate: slot.day,
    appointmentTime: slot.time,
    message: `Check-in undone for ${people(undone.length)}`,
  };
}

/**
 * The front desk took what is left to pay, by cash, NETS or the card terminal (issue 45). The amount
 * is decided on the order as the command meets it, never sent by the client; the PaymentRecorded
 * that follows sends the receipt email as any payment does. `transactionId` names the payment
 * (`desk-<uuid>`), the receipt's reference.
 */
export async function recordDeskPayment(
  sql: Sql,
  registrationId: number,
  method: DeskPaymentMethod,
  staff: DeskStaff,
  now: Date = new Date(),
  expectedCents?: number,
): Promise<DeskResult & { transactionId: string; amountCents: number }> {
  const slot = await appointmentOf(sql, registrationId);
  const transactionId = `desk-${randomUUID()}`;
  // The card payment holds this lock while the gateway charges (routes/public/payments.ts): the desk
  // waits for it, then decides on the order as the charge left it, so a card and the till never both
  // take the same balance.
  const { result } = await withPaymentLock(sql, registrationId, () =>
    handleCommand(
      sql,
      registrationStream(registrationId),
      registrationDecider,
      {
        type: 'RecordDeskPayment',
        transactionId,
        method,
        ...(expectedCents === undefined ? {} : { expectedCents }),
        at: now.toISOString(),
      },
      { metadata: { actor: staff.actor, requestId: staff.requestId }, maxAttempts: 8 },
    ),
  );
  const paid = result!.events.find((e) => e.type === 'PaymentRecorded');
  const amountCents = paid?.type === 'PaymentRecorded' ? paid.data.amountCents : 0;
  return {
    state: result!.after,
    appointmentDate: slot.day,
    appointmentTime: slot.time,
    transactionId,
    amountCents,
    message: `Payment of ${formatSGD(amountCents)} recorded: ${paymentMethodLabel(method)}`,
  };
}

/** Desk payments of one order in this process, one after another (they wait here, holding no connection). */
const deskPayments = createKeyedMutex();

/**
 * Runs `work` holding the order's payment lock (a session advisory lock on a connection of its own),
 * the one the card payment takes.
 */
function withPaymentLock<T>(sql: Sql, registrationId: number, work: () => Promise<T>): Promise<T> {
  const key = `payment:${registrationId}`;
  return deskPayments(key, () => holdingLock(sql, key, work));
}

async function holdingLock<T>(sql: Sql, key: string, work: () => Promise<T>): Promise<T> {
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(hashtextextended(${key}, 0))`;
    try {
      return await work();
    } finally {
      await lock`select pg_advisory_unlock(hashtextextended(${key}, 0))`;
    }
  } finally {
    lock.release();
  }
}

/** The order of a scanned check-in token; refused NOT_FOUND for a code we never issued. */
export async function registrationOfCode(sql: Sql, token: string): Promise<number> {
  const id = await registrationOfCheckInToken(sql, token.trim());
  if (id === undefined) throw new CommandRefusedError(domainError('NOT_FOUND', UNKNOWN_CHECK_IN_CODE));
  return id;
}
