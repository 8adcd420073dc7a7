/**
 * Issue 50: the public slot reads may be a few seconds old in a cache or CDN, so a booking on a slot
 * that filled meanwhile is refused (409) as before, and the refusal carries the slot's day as it is now
 * (read past every cache), so the wizard can offer the next free slot at once.
 */
import { ErrorResponseSchema } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { CommandRefusedError } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';

const FreshSlotSchema = Type.Object({
  id: Type.Integer(),
  date: Type.String({ description: 'yyyy-MM-dd' }),
  time: Type.String({ description: 'HH:mm' }),
  region: Type.Union([Type.String(), Type.Null()]),
  maxAttendees: Type.Integer(),
  currentAttendees: Type.Integer(),
  isAvailable: Type.Boolean(),
});

/** The booking's 409: the refusal, and for a full or closed slot the slots of its day and region now. */
export const SlotRefusalSchema = Type.Object({
  ...ErrorResponseSchema.properties,
  timeslots: Type.Optional(
    Type.Array(FreshSlotSchema, {
      description:
        "A full or unavailable slot's day and region as they are now, uncached: offer the next free one",
    }),
  ),
});

type FreshSlot = (typeof FreshSlotSchema)['static'];

/** The refusal the error handler answers, with the fresh slots beside its message. */
export class SlotRefusedError extends CommandRefusedError {
  constructor(
    refused: CommandRefusedError,
    readonly timeslots: FreshSlot[],
  ) {
    super({ kind: 'DomainError', code: refused.code, message: refused.message });
  }
}

async function slotsOfDay(sql: Sql, eventId: number, timeslotId: number): Promise<FreshSlot[]> {
  return sql<FreshSlot[]>`
    select t.id::int as id, to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time, t.region,
           coalesce(sa.max_attendees, t.max_attendees)::int as "maxAttendees",
           coalesce(sa.current_attendees, 0)::int as "currentAttendees",
           coalesce(sa.is_available, true) as "isAvailable"
    from timeslots booked
      join timeslots t on t.event_id = booked.event_id and t.date = booked.date
                      and t.region is not distinct from booked.region
      left join slot_availability sa on sa.timeslot_id = t.id
    where booked.id = ${timeslotId} and booked.event_id = ${eventId}
    order by t.time, t.id`;
}

/** Runs the booking; a "full" or "not available" refusal is answered with the slot's day as it is now. */
export async function withFreshSlotsOnRefusal<T>(
  sql: Sql,
  eventId: number,
  timeslotId: number,
  book: () => Promise<T>,
): Promise<T> {
  try {
    return await book();
  } catch (error) {
    if (
      error instanceof CommandRefusedError &&
      (error.code === 'SLOT_FULL' || error.code === 'SLOT_NOT_AVAILABLE')
    ) {
      throw new SlotRefusedError(error, await slotsOfDay(sql, eventId, timeslotId));
    }
    throw error;
  }
}
