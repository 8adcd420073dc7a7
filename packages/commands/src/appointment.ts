import type { Sql } from '@hs/db';
import { singaporeInstant } from '@hs/domain';

/** A slot's Singapore day (yyyy-MM-dd) and time (HH:mm); null when the slot is gone. */
export async function slotWhen(sql: Sql, timeslotId: number): Promise<{ day: string; time: string } | null> {
  const [slot] = await sql<{ day: string; time: string }[]>`
    select to_char(date, 'YYYY-MM-DD') as day, to_char(time, 'HH24:MI') as time
    from timeslots where id = ${timeslotId}`;
  return slot ?? null;
}

/** The instant a slot's appointment starts; null when the slot is gone. */
export async function appointmentStart(sql: Sql, timeslotId: number): Promise<Date | null> {
  const when = await slotWhen(sql, timeslotId);
  return when ? singaporeInstant(when.day, when.time) : null;
}
