/**
 * When the next thing falls due, for the worker's sweepers to sleep until then (issue 47): each is
 * one read of the partial index its sweep reads (orders_hold_until, waitlist_entries_due). A row
 * still due after a sweep (one the log refused, a parked event) is reported apart as `overdue`:
 * were it the earliest due time, every later one would wait for the overdue row's backoff.
 */
import type { Sql } from '@hs/db';

/** The earliest due time after `after`, and whether rows due by then are still there. */
export interface DueTimes {
  next: Date | null;
  overdue: boolean;
}

/** Payment holds of orders still awaiting payment. */
export async function nextHoldDueAt(sql: Sql, after: Date): Promise<DueTimes> {
  const [row] = await sql<{ next: Date | null; overdue: boolean | null }[]>`
    select min(hold_until) filter (where hold_until > ${after}) as next,
           bool_or(hold_until <= ${after}) as overdue
    from orders where status = 'pending_payment' and hold_until is not null`;
  return { next: row?.next ?? null, overdue: row?.overdue === true };
}

/** Ends of waiting-list offers still open. */
export async function nextOfferDueAt(sql: Sql, after: Date): Promise<DueTimes> {
  const [row] = await sql<{ next: Date | null; overdue: boolean | null }[]>`
    select min(offer_expires_at) filter (where offer_expires_at > ${after}) as next,
           bool_or(offer_expires_at <= ${after}) as overdue
    from waitlist_entries where status = 'offered' and offer_expires_at is not null`;
  return { next: row?.next ?? null, overdue: row?.overdue === true };
}
