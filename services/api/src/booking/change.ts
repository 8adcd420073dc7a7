import type { Sql } from '@hs/db';
import {
  type RegistrationCommand,
  type RegistrationEvent,
  type RegistrationState,
  discountCodeDecider,
  discountCodeStream,
  discountStream,
  registrationDecider,
  registrationStream,
  seatsHeld,
  timeslotDeciderFor,
  timeslotStream,
} from '@hs/domain';
import { type Decision, type Position, aggregateStream, decideOn, handle } from '@hs/eventstore';
import { notFound } from '../errors';
import { slotCapacity } from '../slots/capacity';

/** The registration as its stream folds it; 404 when there is none. */
export async function existingRegistration(sql: Sql, registrationId: number): Promise<RegistrationState> {
  const { state } = await aggregateStream(sql, registrationStream(registrationId).id, registrationDecider);
  if (!state.exists)
    throw notFound('Registration not found. Please check your reference number and try again.');
  return state;
}

/**
 * Runs a command on a registration and keeps its seats and code redemption in step, in one
 * transaction: whatever makes the order hold fewer seats releases them on the slot stream (and a
 * cancellation releases the code); whatever makes it hold more reserves them, or is refused when
 * the slot is full.
 */
export async function changeRegistration(
  sql: Sql,
  registrationId: number,
  command: RegistrationCommand,
  meta: { actor: string; requestId?: string },
): Promise<{ state: RegistrationState; events: RegistrationEvent[]; position: Position | null }> {
  const before = await existingRegistration(sql, registrationId);
  const regStream = registrationStream(registrationId);
  const slotStream = timeslotStream(before.timeslotId!);
  const codeStreams = before.discount
    ? [discountCodeStream(before.discount.discountIdentifierId), discountStream(before.discount.discountId)]
    : [];
  const slot = timeslotDeciderFor((await slotCapacity(sql, before.timeslotId!)) ?? undefined);
  const at = 'at' in command ? command.at : new Date().toISOString();
  const by = String(registrationId);

  const { result, position } = await handle(
    sql,
    [regStream, slotStream, ...codeStreams].map((s) => s.id),
    (read) => {
      const changed = decideOn(regStream, read[regStream.id], registrationDecider, command);
      const { before: state, after } = changed;
      const append: Decision['append'] = [changed.append];
      const delta = seatsHeld(after) - seatsHeld(state);
      if (delta !== 0) {
        const seats = decideOn(
          slotStream,
          read[slotStream.id],
          slot,
          delta > 0
            ? { type: 'ReserveSeats', registrationId: by, seats: delta, at }
            : {
                type: 'ReleaseSeats',
                registrationId: by,
                seats: -delta,
                reason: after.status === 'cancelled' ? 'cancelled' : 'participant-removed',
                at,
              },
        );
        append.push(seats.append);
      }
      if (after.status === 'cancelled' && state.status !== 'cancelled') {
        for (const stream of codeStreams) {
          const command = { type: 'ReleaseRedemption', registrationId: by, at } as const;
          append.push(decideOn(stream, read[stream.id], discountCodeDecider, command).append);
        }
      }
      return { append, result: { after, events: changed.events } };
    },
    { metadata: { actor: meta.actor, requestId: meta.requestId }, maxAttempts: 8 },
  );
  return { state: result!.after, events: result!.events, position };
}
