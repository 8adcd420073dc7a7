import type { Sql } from '@hs/db';

/** The slot's capacity in the catalogue (its stream records only changes to it); null: no such slot. */
export async function slotCapacity(sql: Sql, timeslotId: number): Promise<number | null> {
  const [slot] = await sql<
    { maxAttendees: number }[]
  >`select max_attendees as "maxAttendees" from timeslots where id = ${timeslotId}`;
  return slot?.maxAttendees ?? null;
}
