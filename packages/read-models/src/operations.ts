/**
 * What the dashboard's Today tab shows (issue 45): the day's and the next day's appointments by
 * slot with check-in progress, orders awaiting payment with their holds, revenue today and over the
 * last 7 days, and waiting-list offers outstanding. Read from the orders, reports and waiting-list
 * read models; each query is bounded by the two days, the open holds or an index.
 */
import { addDaysToDay, outstandingOf, singaporeToday } from '@hs/domain';
import type { Queryable } from '@hs/eventstore';

export interface SlotProgress {
  timeslotId: number;
  date: string;
  time: string;
  eventId: number;
  eventName: string;
  orders: number;
  people: number;
  checkedIn: number;
}

export interface AwaitingPayment {
  registrationId: number;
  referenceNumber: string;
  eventName: string;
  balanceCents: number;
  holdUntil: Date | null;
}

export interface Operations {
  today: string;
  tomorrow: string;
  slots: SlotProgress[];
  awaitingPayment: { count: number; orders: AwaitingPayment[] };
  revenue: { todayCents: number; last7DaysCents: number };
  waitlistOffers: number;
}

/** How many of the orders awaiting payment are listed (the soonest holds first). */
const AWAITING_LISTED = 10;

export async function readOperations(sql: Queryable, now = new Date()): Promise<Operations> {
  const today = singaporeToday(now);
  const tomorrow = addDaysToDay(today, 1);
  const weekStart = addDaysToDay(today, -6);
  const slots = await sql<SlotProgress[]>`
    select timeslot_id::int as "timeslotId", to_char(timeslot_date, 'YYYY-MM-DD') as date,
           coalesce(timeslot_time, '') as time, event_id::int as "eventId",
           -- the name at the latest booking: a renamed event stays one row per slot
           (array_agg(event_name order by created_at desc))[1] as "eventName", count(*)::int as orders,
           sum(jsonb_array_length(participants))::int as people,
           sum((select count(*) from jsonb_object_keys(check_ins)))::int as "checkedIn"
    from orders
    where timeslot_date in (${today}::date, ${tomorrow}::date) and status not in ('cancelled', 'expired')
    group by timeslot_id, timeslot_date, timeslot_time, event_id
    order by timeslot_date, timeslot_time, "eventName", timeslot_id`;
  // Awaiting payment: a booking not paid yet, or a confirmed one whose refund is owed again (issue 45).
  const AWAITING = sql`(status = 'pending_payment' or (reinstated_cents > 0
    and status not in ('cancelled', 'expired') and balance_due_cents - paid_cents + reinstated_cents > 0))`;
  const awaiting = await sql<
    (AwaitingPayment & { balanceDueCents: number; paidCents: number; reinstatedCents: number })[]
  >`
    select registration_id::int as "registrationId", reference_number as "referenceNumber", event_name as "eventName",
           balance_due_cents::int as "balanceDueCents", paid_cents::int as "paidCents",
           reinstated_cents::int as "reinstatedCents", hold_until as "holdUntil"
    from orders where ${AWAITING}
    order by hold_until nulls last, registration_id
    limit ${AWAITING_LISTED}`;
  const [counted] = await sql<{ n: number }[]>`
    select count(*)::int as n from orders where ${AWAITING}`;
  // bigint sums arrive as strings
  const [revenue] = await sql<{ todayCents: string; last7DaysCents: string }[]>`
    select coalesce(sum(gross_cents - discount_cents - refund_cents) filter (where day = ${today}::date), 0)::bigint as "todayCents",
           coalesce(sum(gross_cents - discount_cents - refund_cents), 0)::bigint as "last7DaysCents"
    from report_daily where day between ${weekStart}::date and ${today}::date`;
  const [offers] = await sql<{ n: number }[]>`
    select count(*)::int as n from waitlist_entries where status = 'offered'`;
  return {
    today,
    tomorrow,
    slots,
    awaitingPayment: {
      count: counted?.n ?? 0,
      orders: awaiting.map((o) => ({
        registrationId: o.registrationId,
        referenceNumber: o.referenceNumber,
        eventName: o.eventName,
        balanceCents: outstandingOf(o),
        holdUntil: o.holdUntil,
      })),
    },
    revenue: {
      todayCents: Number(revenue?.todayCents ?? 0),
      last7DaysCents: Number(revenue?.last7DaysCents ?? 0),
    },
    waitlistOffers: offers?.n ?? 0,
  };
}
