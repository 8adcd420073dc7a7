import type { Sql } from '@hs/db';

/**
 * Orders whose appointment day (Singapore) ended before `today`, no earlier than `since`, still
 * booked, not marked yet and with someone not checked in: what the worker's no-show sweep marks. The
 * read model may lag the log, so the registration's own stream has the last word (MarkNoShow decides
 * nothing for an order marked, cancelled or fully checked in meanwhile).
 */
export async function selectDueNoShows(
  sql: Sql,
  range: { since: string; today: string },
  limit: number,
): Promise<{ registrationId: number; appointmentDate: string }[]> {
  const rows = await sql<{ id: string; day: string }[]>`
    select registration_id as id, to_char(timeslot_date, 'YYYY-MM-DD') as day from orders
    where timeslot_date >= ${range.since} and timeslot_date < ${range.today}
      and no_show_at is null and status not in ('cancelled', 'expired')
      and (select count(*) from jsonb_object_keys(check_ins)) < participant_count
    order by timeslot_date, registration_id
    limit ${limit}`;
  return rows.map((r) => ({ registrationId: Number(r.id), appointmentDate: r.day }));
}
