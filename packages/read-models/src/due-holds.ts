import type { Sql } from '@hs/db';

/**
 * Orders whose payment hold has run out by `now` while they still await payment, oldest first: what
 * the worker's hold sweeper expires. The read model may lag the log, so the registration's own
 * stream has the last word (ExpireHold refuses an order paid, revived or cancelled meanwhile).
 */
export async function selectDueHolds(sql: Sql, now: Date, limit: number): Promise<number[]> {
  const rows = await sql<{ id: string }[]>`
    select registration_id as id from orders
    where status = 'pending_payment' and hold_until <= ${now}
    order by hold_until
    limit ${limit}`;
  return rows.map((r) => Number(r.id));
}
