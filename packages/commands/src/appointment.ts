import type { Sql } from '@hs/db';
import { singaporeInstant } from '@hs/domain';

/** The instant a slot's appointment starts (its Singapore day and time); null when the slot is gone. */
export async function appointmentStart(sql: Sql, timeslotId: number): Promise<Date | null> {
  const [slot] = await sql<{ day: string; time: string }[]>`
    select to_char(date, 'YYYY-MM-DD') as day, to_char(time, 'HH24:MI') as time
    from timeslots where id = ${timeslotId}`;
  return slot ? singaporeInstant(slot.day, slot.time) : null;
}
