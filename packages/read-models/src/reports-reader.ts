import type { Sql } from '@hs/db';
import {
  PAYMENT_METHOD_GROUPS,
  type PaymentMethodGroup,
  paymentMethodGroupLabel,
  toMoneyString,
} from '@hs/domain';

/**
 * Seat utilisation covers the range and the days after it: slots fill before their day, so the
 * default range (the last 30 days) still shows how the coming slots are filling.
 */
export const UTILISATION_AHEAD_DAYS = 30;

export interface InsightsQuery {
  /** null: every event. */
  eventId: number | null;
  /** yyyy-MM-dd, Asia/Singapore, inclusive. */
  from: string;
  to: string;
}

export interface Insights {
  eventId: number | null;
  from: string;
  to: string;
  bookings: { date: string; booked: number; cancelled: number; expired: number }[];
  revenue: { weekStart: string; gross: string; discounts: string; refunds: string; net: string }[];
  /** Money in and out per ISO week and payment method group (issue 48), groups in PAYMENT_METHOD_GROUPS order. */
  payments: {
    weekStart: string;
    method: PaymentMethodGroup;
    label: string;
    received: string;
    refunded: string;
    net: string;
  }[];
  utilisation: {
    date: string;
    region: string | null;
    timeslotId: number;
    time: string;
    booked: number;
    max: number;
  }[];
  noShows: { eventId: number; eventName: string; checkedIn: number; noShow: number; rate: number | null }[];
  waitlist: { region: string; joined: number; seats: number }[];
}

/**
 * Every chart's series of the Reports tab in six indexed reads of the report tables (and, for
 * utilisation, slot_availability with the catalogue's timeslots): nothing reads the event log.
 * Days with nothing are given as zeros so a chart's axis has no holes.
 */
export async function readInsights(sql: Sql, q: InsightsQuery): Promise<Insights> {
  const event = (column: string) => (q.eventId === null ? sql`` : sql`and ${sql(column)} = ${q.eventId}`);
  const [bookings, revenue, payments, utilisation, noShows, waitlist] = await Promise.all([
    sql<Insights['bookings']>`
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(r.booked_orders), 0)::int as booked,
             coalesce(sum(r.cancelled_orders), 0)::int as cancelled, coalesce(sum(r.expired_orders), 0)::int as expired
      from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') as d(day)
        left join report_daily r on r.day = d.day ${event('r.event_id')}
      group by d.day order by d.day`,
    sql<{ weekStart: string; gross: string; discounts: string; refunds: string }[]>`
      select to_char(date_trunc('week', day), 'YYYY-MM-DD') as "weekStart", sum(gross_cents)::bigint as gross,
             sum(discount_cents)::bigint as discounts, sum(refund_cents)::bigint as refunds
      from report_daily
      where day between ${q.from}::date and ${q.to}::date ${event('event_id')}
      group by 1 order by 1`,
    sql<{ weekStart: string; method: PaymentMethodGroup; received: string; refunded: string }[]>`
      select to_char(date_trunc('week', day), 'YYYY-MM-DD') as "weekStart", method,
             sum(received_cents)::bigint as received, sum(refunded_cents)::bigint as refunded
      from report_payments
      where day between ${q.from}::date and ${q.to}::date ${event('event_id')}
      group by 1, 2 order by 1`,
    sql<Insights['utilisation']>`
      select to_char(t.date, 'YYYY-MM-DD') as date, t.region, t.id::int as "timeslotId",
             to_char(t.time, 'HH24:MI') as time, coalesce(s.current_attendees, 0)::int as booked,
             coalesce(s.max_attendees, t.max_attendees)::int as max
      from timeslots t left join slot_availability s on s.timeslot_id = t.id
      where t.date between ${q.from}::date and ${q.to}::date + ${UTILISATION_AHEAD_DAYS}::int ${event('t.event_id')}
      order by t.date, t.region nulls first, t.time, t.id`,
    sql<{ eventId: number; eventName: string; checkedIn: number; noShow: number }[]>`
      select a.event_id::int as "eventId", coalesce(e.name, 'Event ' || a.event_id) as "eventName",
             sum(a.checked_in)::int as "checkedIn", sum(a.no_show)::int as "noShow"
      from report_attendance a left join screening_events e on e.id = a.event_id
      where a.day between ${q.from}::date and ${q.to}::date ${event('a.event_id')}
      group by a.event_id, e.name order by a.event_id`,
    sql<Insights['waitlist']>`
      select region, sum(joined)::int as joined, sum(seats)::int as seats
      from report_waitlist
      where day between ${q.from}::date and ${q.to}::date ${event('event_id')}
      group by region order by region`,
  ]);
  return {
    eventId: q.eventId,
    from: q.from,
    to: q.to,
    bookings: [...bookings],
    revenue: revenue.map((r) => {
      const [gross, discounts, refunds] = [r.gross, r.discounts, r.refunds].map(Number) as [
        number,
        number,
        number,
      ];
      return {
        weekStart: r.weekStart,
        gross: toMoneyString(gross),
        discounts: toMoneyString(discounts),
        refunds: toMoneyString(refunds),
        net: toMoneyString(gross - discounts - refunds),
      };
    }),
    payments: payments
      .map((r) => {
        const [received, refunded] = [Number(r.received), Number(r.refunded)];
        return {
          weekStart: r.weekStart,
          method: r.method,
          label: paymentMethodGroupLabel(r.method),
          received: toMoneyString(received),
          refunded: toMoneyString(refunded),
          net: toMoneyString(received - refunded),
        };
      })
      .sort(
        (a, b) =>
          a.weekStart.localeCompare(b.weekStart) ||
          PAYMENT_METHOD_GROUPS.indexOf(a.method) - PAYMENT_METHOD_GROUPS.indexOf(b.method),
      ),
    utilisation: [...utilisation],
    noShows: noShows.map((r) => {
      const seen = r.checkedIn + r.noShow;
      return { ...r, rate: seen === 0 ? null : Math.round((r.noShow / seen) * 10_000) / 10_000 };
    }),
    waitlist: [...waitlist],
  };
}
