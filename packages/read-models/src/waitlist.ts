import type { Sql } from '@hs/db';
import type { WaitlistApplicant, WaitlistStatus } from '@hs/domain';

/** One waiting-list entry as the answers show it. */
export interface WaitlistEntryRow extends WaitlistApplicant {
  id: string;
  region: string;
  /** yyyy-MM-dd; empty: any date. */
  preferredDates: string[];
  status: WaitlistStatus;
  /** 1 = next in line, among the event's waiting and offered entries; null once the entry ended. */
  position: number | null;
  /** ISO */
  joinedAt: string;
  /** The current offer (status offered), or the last one (booked, expired, or left while offered). */
  offer: { timeslotId: number; date: string; time: string; expiresAt: string } | null;
  registrationId: number | null;
}

interface Raw extends Omit<WaitlistEntryRow, 'joinedAt' | 'offer'> {
  joinedAt: Date;
  offerTimeslotId: number | null;
  offerDate: string | null;
  offerTime: string | null;
  offerExpiresAt: Date | null;
}

const toRow = ({
  offerTimeslotId,
  offerDate,
  offerTime,
  offerExpiresAt,
  joinedAt,
  ...r
}: Raw): WaitlistEntryRow => ({
  ...r,
  joinedAt: joinedAt.toISOString(),
  offer:
    offerTimeslotId === null
      ? null
      : {
          timeslotId: offerTimeslotId,
          date: offerDate ?? '',
          time: offerTime ?? '',
          expiresAt: offerExpiresAt?.toISOString() ?? '',
        },
});

/**
 * The entries with their position: active entries ranked per event by line (the order the log
 * committed their joins; see migration 012).
 */
const ranked = (sql: Sql) => sql`
  select w.id, w.event_id as "eventId", w.package_id as "packageId", w.region, w.postal_code as "postalCode",
         w.first_name as "firstName", w.last_name as "lastName", w.email, w.mobile_number as "mobileNumber",
         w.seats, w.preferred_dates as "preferredDates", w.status, w.joined_at as "joinedAt",
         w.offer_timeslot_id as "offerTimeslotId", w.offer_date as "offerDate", w.offer_time as "offerTime",
         w.offer_expires_at as "offerExpiresAt", w.registration_id as "registrationId",
         case when w.status in ('waiting', 'offered') then
           (select count(*)::int from waitlist_entries a
            where a.event_id = w.event_id and a.status in ('waiting', 'offered')
              and a.line <= w.line)
         end as position
  from waitlist_entries w`;

/** An event's waiting list: active entries first in line order, then the ended ones, latest first. */
export async function selectWaitlist(sql: Sql, eventId: number): Promise<WaitlistEntryRow[]> {
  const rows = await sql<Raw[]>`
    ${ranked(sql)}
    where w.event_id = ${eventId}
    order by (w.status in ('waiting', 'offered')) desc,
             case when w.status in ('waiting', 'offered') then w.line end,
             w.updated_at desc, w.id`;
  return rows.map(toRow);
}

/** The entry a customer's link names (by the SHA-256 of its token); null: no such entry. */
export async function readWaitlistEntryByTokenHash(
  sql: Sql,
  tokenHash: string,
): Promise<WaitlistEntryRow | null> {
  const [row] = await sql<Raw[]>`${ranked(sql)} where w.token_hash = ${tokenHash}`;
  return row ? toRow(row) : null;
}

/** One entry by id (staff); null: no such entry. */
export async function readWaitlistEntry(sql: Sql, id: string): Promise<WaitlistEntryRow | null> {
  const [row] = await sql<Raw[]>`${ranked(sql)} where w.id = ${id}`;
  return row ? toRow(row) : null;
}

/** Entries waiting or offered, over every event (the dashboard's count). */
export async function countActiveWaitlist(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from waitlist_entries where status in ('waiting', 'offered')`;
  return row?.n ?? 0;
}

/** Per event with anyone waiting or offered seats, how many (issue 45: the tab opens on the busiest). */
export async function countActiveWaitlistByEvent(sql: Sql): Promise<{ eventId: number; active: number }[]> {
  return sql<{ eventId: number; active: number }[]>`
    select event_id::int as "eventId", count(*)::int as active from waitlist_entries
    where status in ('waiting', 'offered') group by event_id order by active desc, event_id`;
}

/**
 * Offers run out by `now`, oldest first: what the matcher expires. The read model may lag the log;
 * the entry's stream has the last word (ExpireOffer is a no-op on an offer claimed or left meanwhile).
 */
export async function selectDueOffers(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from waitlist_entries
    where status = 'offered' and offer_expires_at <= ${now}
    order by offer_expires_at, id
    limit ${limit}`;
  return rows.map((r) => r.id);
}

/**
 * Waiting entries (no offer yet), first in line first over every event: what the matcher tries to
 * seat, a page at a time (`after`: the last entry of the previous page), so entries that cannot be
 * seated never keep later ones from their turn.
 */
export async function selectWaitingEntries(
  sql: Sql,
  limit: number,
  after?: Pick<WaitlistEntryRow, 'id'>,
): Promise<WaitlistEntryRow[]> {
  const rows = await sql<Raw[]>`
    ${ranked(sql)}
    where w.status = 'waiting'
      ${after ? sql`and w.line > (select line from waitlist_entries where id = ${after.id})` : sql``}
    order by w.line
    limit ${limit}`;
  return rows.map(toRow);
}

/**
 * Where an entry stands: the event's active entries up to it in line. Before the projection has
 * applied its join: every active entry, plus one (the back of the line).
 */
export async function waitlistPositionAt(sql: Sql, eventId: number, entryId: string): Promise<number> {
  const [row] = await sql<{ n: number; projected: boolean }[]>`
    with me as (select line from waitlist_entries where id = ${entryId} and status in ('waiting', 'offered'))
    select count(*)::int as n, exists (select 1 from me) as projected
    from waitlist_entries a
    where a.event_id = ${eventId} and a.status in ('waiting', 'offered')
      and (not exists (select 1 from me) or a.line <= (select line from me))`;
  if (!row) return 1;
  return row.projected ? row.n : row.n + 1;
}
