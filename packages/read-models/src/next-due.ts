/**
 * When the next thing falls due, for the worker's sweepers to sleep until then (issue 47): each is
 * one probe of the partial index its sweep reads (orders_hold_until, waitlist_entries_due).
 */
import type { Sql } from '@hs/db';

/** The earliest payment hold of an order still awaiting payment (due or not); null when none. */
export async function nextHoldDueAt(sql: Sql): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select min(hold_until) as at from orders where status = 'pending_payment'`;
  return row?.at ?? null;
}

/** The earliest end of a waiting-list offer still open (due or not); null when none. */
export async function nextOfferDueAt(sql: Sql): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select min(offer_expires_at) as at from waitlist_entries where status = 'offered'`;
  return row?.at ?? null;
}
