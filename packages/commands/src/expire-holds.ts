import type { Sql } from '@hs/db';
import { CommandConflictError, CommandRefusedError } from '@hs/eventstore';
import { selectDueHolds } from '@hs/read-models';
import { changeRegistration } from './registration';

/** Orders expired per sweep at most; the rest wait for the next one. */
const BATCH = 200;

/**
 * One sweep of the payment holds: every order the orders read model shows unpaid past its hold is
 * expired, its seats and code released in the same append (changeRegistration). Safe to run from
 * any number of processes at once: the append expects the stream's version, and ExpireHold is a
 * no-op on an order already expired, so each order expires once. Returns the registrations it
 * expired.
 */
export async function expireDueHolds(
  sql: Sql,
  clock: () => Date,
  meta: { actor: string },
): Promise<number[]> {
  const expired: number[] = [];
  for (const registrationId of await selectDueHolds(sql, clock(), BATCH)) {
    try {
      const { events } = await changeRegistration(
        sql,
        registrationId,
        { type: 'ExpireHold', at: clock().toISOString() },
        meta,
      );
      if (events.length > 0) expired.push(registrationId);
    } catch (err) {
      // Paid, revived or cancelled since the read model saw it: the stream said no, rightly.
      if (err instanceof CommandRefusedError) continue;
      // Lost the race on its streams too often (a payment or booking on the slot): the next sweep.
      if (err instanceof CommandConflictError) continue;
      throw err;
    }
  }
  return expired;
}
