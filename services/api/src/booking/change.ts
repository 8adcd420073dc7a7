import type { Sql } from '@hs/db';
import {
  type DiscountCodeEvent,
  type RegistrationCommand,
  type RegistrationEvent,
  type RegistrationState,
  type TimeslotEvent,
  decideDiscountCode,
  decideRegistration,
  decideTimeslot,
  evolveDiscountCode,
  evolveRegistration,
  evolveTimeslot,
  initialDiscountCodeState,
  initialRegistrationState,
  initialTimeslotState,
  seatsHeld,
} from '@hs/domain';
import { type NewEvent, type Position, handle, readStream } from '@hs/eventstore';
import { registrationStreamId, timeslotStreamId } from '@hs/read-models';
import { notFound } from '../errors';
import { foldStream, orFail } from './book';

const toNew = (events: { type: string; data: unknown }[]): NewEvent[] =>
  events.map((e) => ({ type: e.type, data: e.data }));

export async function loadRegistration(sql: Sql, registrationId: number): Promise<RegistrationState> {
  const read = await readStream(sql, registrationStreamId(registrationId));
  const state = foldStream<RegistrationState, RegistrationEvent>(
    { version: read.length, events: read },
    initialRegistrationState(),
    evolveRegistration,
  );
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
  const before = await loadRegistration(sql, registrationId);
  const regStream = registrationStreamId(registrationId);
  const slotStream = timeslotStreamId(before.timeslotId!);
  const codeStreams = before.discount
    ? [`discount-code-${before.discount.discountIdentifierId}`, `discount-${before.discount.discountId}`]
    : [];
  const [slotRow] = await sql<
    { maxAttendees: number }[]
  >`select max_attendees as "maxAttendees" from timeslots where id = ${before.timeslotId}`;
  const at = 'at' in command ? command.at : new Date().toISOString();

  const { result, position } = await handle(
    sql,
    [regStream, slotStream, ...codeStreams],
    (read) => {
      const state = foldStream<RegistrationState, RegistrationEvent>(
        read[regStream],
        initialRegistrationState(),
        evolveRegistration,
      );
      const events = orFail<RegistrationEvent>(decideRegistration(state, command));
      const after = events.reduce(evolveRegistration, state);
      const append = [{ streamId: regStream, streamType: 'registration', events: toNew(events) }];

      const delta = seatsHeld(after) - seatsHeld(state);
      if (delta !== 0) {
        const slot = foldStream<ReturnType<typeof initialTimeslotState>, TimeslotEvent>(
          read[slotStream],
          initialTimeslotState(slotRow?.maxAttendees),
          evolveTimeslot,
        );
        const seatEvents = orFail(
          delta > 0
            ? decideTimeslot(slot, {
                type: 'ReserveSeats',
                registrationId: String(registrationId),
                seats: delta,
                at,
              })
            : decideTimeslot(slot, {
                type: 'ReleaseSeats',
                registrationId: String(registrationId),
                seats: -delta,
                reason: after.status === 'cancelled' ? 'cancelled' : 'participant-removed',
                at,
              }),
        );
        append.push({ streamId: slotStream, streamType: 'timeslot', events: toNew(seatEvents) });
      }
      if (after.status === 'cancelled' && state.status !== 'cancelled') {
        for (const stream of codeStreams) {
          const code = foldStream<ReturnType<typeof initialDiscountCodeState>, DiscountCodeEvent>(
            read[stream],
            initialDiscountCodeState(),
            evolveDiscountCode,
          );
          const released = orFail(
            decideDiscountCode(code, {
              type: 'ReleaseRedemption',
              registrationId: String(registrationId),
              at,
            }),
          );
          append.push({ streamId: stream, streamType: 'discount-code', events: toNew(released) });
        }
      }
      return { append, result: { after, events } };
    },
    { metadata: { actor: meta.actor, requestId: meta.requestId }, maxAttempts: 8 },
  );
  return { state: result!.after, events: result!.events, position };
}
