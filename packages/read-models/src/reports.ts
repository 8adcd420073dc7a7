import type { TransactionSql } from '@hs/db';
import {
  type PaymentMethodGroup,
  type PriceBreakdown,
  type RegistrationEvent,
  type WaitlistEvent,
  paymentMethodGroup,
  registrationIdOf,
  singaporeDay,
} from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { defineBatchProjection } from './batch-projection';

type Data<T extends RegistrationEvent['type'] | WaitlistEvent['type']> = Extract<
  RegistrationEvent | WaitlistEvent,
  { type: T }
>['data'];
const data = <T extends RegistrationEvent['type'] | WaitlistEvent['type']>(event: RecordedEvent) =>
  event.data as Data<T>;

/**
 * When a fact happened in the business: the time its command carried (bookedAt, at), which is when it
 * was recorded except for a back-dated one (the demo seed's month of orders); recordedAt otherwise.
 */
function businessTime(event: RecordedEvent): string | Date {
  const d = event.data as { bookedAt?: unknown; at?: unknown };
  const at = event.type === 'RegistrationBooked' ? d.bookedAt : d.at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : event.recordedAt;
}

interface RegistrationFacts {
  registration_id: number;
  event_id: number;
  region: string | null;
  participants: number;
  gross_cents: number;
  discount_cents: number;
  counted_gross_cents: number;
  counted_discount_cents: number;
  /** Refunds made owed again so far (StatusChanged's running total). */
  reinstated_cents: number;
  /** Of those, what no payment has brought back yet: the next payments count it as revenue again. */
  owed_again_cents: number;
}

interface Daily {
  event_id: number;
  day: string;
  booked_orders: number;
  booked_participants: number;
  cancelled_orders: number;
  cancelled_participants: number;
  expired_orders: number;
  expired_participants: number;
  gross_cents: number;
  discount_cents: number;
  refund_cents: number;
}

/** Every discount of a price: member, volume and code. */
const discountOf = (p: PriceBreakdown) => p.memberDiscountCents + p.volumeDiscountCents + p.discountCents;

const PRICING_EVENTS = new Set([
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'DiscountApplied',
]);

/**
 * A batch in at most five statements: the registrations it touches are read once, its figures are
 * summed per key in memory, then added to the rows (insert ... on conflict do update, set-based).
 * Revenue is counted when paid: each payment counts the part of the order's price (before and after
 * discounts) not counted yet, so a participant added and paid later is counted on that later day.
 */
async function applyReportsBatch(tx: TransactionSql, events: RecordedEvent[]) {
  const ids = [
    ...new Set(
      events.filter((e) => e.streamId.startsWith('registration-')).map((e) => registrationIdOf(e.streamId)),
    ),
  ];
  const facts = new Map<number, RegistrationFacts>();
  if (ids.length > 0) {
    const rows = await tx<RegistrationFacts[]>`
      select registration_id, event_id, region, participants, gross_cents, discount_cents,
             counted_gross_cents, counted_discount_cents, reinstated_cents, owed_again_cents
      from report_registrations where registration_id = any(${ids}::bigint[])`;
    for (const r of rows) facts.set(r.registration_id, r);
  }
  const changed = new Set<number>();
  const daily = new Map<string, Daily>();
  const dailyOf = (eventId: number, day: string): Daily => {
    const key = `${eventId}|${day}`;
    let d = daily.get(key);
    if (!d) {
      d = {
        event_id: eventId,
        day,
        booked_orders: 0,
        booked_participants: 0,
        cancelled_orders: 0,
        cancelled_participants: 0,
        expired_orders: 0,
        expired_participants: 0,
        gross_cents: 0,
        discount_cents: 0,
        refund_cents: 0,
      };
      daily.set(key, d);
    }
    return d;
  };
  const attendance = new Map<
    string,
    { event_id: number; day: string; checked_in: number; no_show: number }
  >();
  const attendanceOf = (eventId: number, day: string) => {
    const key = `${eventId}|${day}`;
    let a = attendance.get(key);
    if (!a) {
      a = { event_id: eventId, day, checked_in: 0, no_show: 0 };
      attendance.set(key, a);
    }
    return a;
  };
  const payments = new Map<
    string,
    { event_id: number; day: string; method: string; received_cents: number; refunded_cents: number }
  >();
  const paymentsOf = (eventId: number, day: string, method: PaymentMethodGroup) => {
    const key = `${eventId}|${day}|${method}`;
    let p = payments.get(key);
    if (!p) {
      p = { event_id: eventId, day, method, received_cents: 0, refunded_cents: 0 };
      payments.set(key, p);
    }
    return p;
  };
  const waitlist = new Map<
    string,
    { event_id: number; region: string; day: string; joined: number; seats: number }
  >();

  for (const event of events) {
    if (event.type === 'WaitlistJoined') {
      const d = data<'WaitlistJoined'>(event);
      const day = singaporeDay(d.joinedAt);
      const key = `${d.eventId}|${d.region}|${day}`;
      const w = waitlist.get(key) ?? { event_id: d.eventId, region: d.region, day, joined: 0, seats: 0 };
      w.joined += 1;
      w.seats += d.seats;
      waitlist.set(key, w);
      continue;
    }
    const id = registrationIdOf(event.streamId);
    const day = singaporeDay(businessTime(event));
    if (event.type === 'RegistrationBooked') {
      const d = data<'RegistrationBooked'>(event);
      if (facts.has(id)) continue; // booked once per stream; a replay adds nothing
      facts.set(id, {
        registration_id: id,
        event_id: d.eventId,
        region: d.contact.region ?? null,
        participants: d.participants.length,
        gross_cents: d.pricing.totalCents + discountOf(d.pricing),
        discount_cents: discountOf(d.pricing),
        counted_gross_cents: 0,
        counted_discount_cents: 0,
        reinstated_cents: 0,
        owed_again_cents: 0,
      });
      changed.add(id);
      const row = dailyOf(d.eventId, day);
      row.booked_orders += 1;
      row.booked_participants += d.participants.length;
      continue;
    }
    const f = facts.get(id);
    if (!f) continue; // an order booked before the read model followed it
    if (PRICING_EVENTS.has(event.type)) {
      const pricing = (event.data as { pricing: PriceBreakdown }).pricing;
      f.gross_cents = pricing.totalCents + discountOf(pricing);
      f.discount_cents = discountOf(pricing);
      f.participants = pricing.participantCount;
      changed.add(id);
      continue;
    }
    switch (event.type) {
      case 'PaymentRecorded': {
        const row = dailyOf(f.event_id, day);
        row.gross_cents += f.gross_cents - f.counted_gross_cents;
        row.discount_cents += f.discount_cents - f.counted_discount_cents;
        f.counted_gross_cents = f.gross_cents;
        f.counted_discount_cents = f.discount_cents;
        // a refund made owed again and now paid back is revenue again (its refund stays counted)
        const paid = data<'PaymentRecorded'>(event);
        const back = Math.min(paid.amountCents, f.owed_again_cents);
        row.gross_cents += back;
        f.owed_again_cents -= back;
        paymentsOf(f.event_id, day, paymentMethodGroup(paid.method)).received_cents += paid.amountCents;
        changed.add(id);
        break;
      }
      case 'StatusChanged': {
        const reinstated = data<'StatusChanged'>(event).reinstatedCents;
        if (reinstated !== undefined && reinstated > f.reinstated_cents) {
          f.owed_again_cents += reinstated - f.reinstated_cents;
          f.reinstated_cents = reinstated;
          changed.add(id);
        }
        break;
      }
      case 'RefundRecorded': {
        const refund = data<'RefundRecorded'>(event);
        dailyOf(f.event_id, day).refund_cents += refund.amountCents;
        // its sale's gateway; refunds recorded before PayNow carry none and were all card refunds
        paymentsOf(f.event_id, day, refund.gateway ?? 'card').refunded_cents += refund.amountCents;
        break;
      }
      case 'RegistrationCancelled': {
        const row = dailyOf(f.event_id, day);
        row.cancelled_orders += 1;
        row.cancelled_participants += f.participants;
        break;
      }
      case 'RegistrationExpired': {
        const row = dailyOf(f.event_id, day);
        row.expired_orders += 1;
        row.expired_participants += f.participants;
        break;
      }
      case 'ParticipantsCheckedIn':
        attendanceOf(f.event_id, day).checked_in +=
          data<'ParticipantsCheckedIn'>(event).participantIds.length;
        break;
      case 'CheckInUndone':
        attendanceOf(f.event_id, day).checked_in -= data<'CheckInUndone'>(event).participantIds.length;
        break;
      case 'MarkedNoShow': {
        const d = data<'MarkedNoShow'>(event);
        attendanceOf(f.event_id, d.appointmentDate).no_show += d.participantIds.length;
        break;
      }
    }
  }

  const writes: Promise<unknown>[] = [];
  if (changed.size > 0) {
    const rows = [...changed].map((id) => facts.get(id)!);
    writes.push(tx`
      insert into report_registrations
      select * from jsonb_populate_recordset(null::report_registrations, ${tx.json(rows as never)})
      on conflict (registration_id) do update set
        participants = excluded.participants, gross_cents = excluded.gross_cents,
        discount_cents = excluded.discount_cents, counted_gross_cents = excluded.counted_gross_cents,
        counted_discount_cents = excluded.counted_discount_cents, reinstated_cents = excluded.reinstated_cents,
        owed_again_cents = excluded.owed_again_cents`);
  }
  if (daily.size > 0) {
    writes.push(addCounts(tx, 'report_daily', ['event_id', 'day'], [...daily.values()]));
  }
  if (attendance.size > 0) {
    writes.push(addCounts(tx, 'report_attendance', ['event_id', 'day'], [...attendance.values()]));
  }
  if (payments.size > 0) {
    writes.push(addCounts(tx, 'report_payments', ['event_id', 'day', 'method'], [...payments.values()]));
  }
  if (waitlist.size > 0) {
    writes.push(addCounts(tx, 'report_waitlist', ['event_id', 'region', 'day'], [...waitlist.values()]));
  }
  await Promise.all(writes);
}

/**
 * Adds a batch's counts to a report table in one statement: each row is a key (`key`, the table's
 * unique columns) and the batch's increments of every other column; a key not there yet is inserted,
 * one there gets each increment added. Column names come from this file's rows, never from input.
 */
function addCounts(tx: TransactionSql, table: string, key: string[], rows: object[]) {
  const counters = Object.keys(rows[0]!).filter((column) => !key.includes(column));
  const add = counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  return tx`
    insert into ${tx(table)}
    select * from jsonb_populate_recordset(null::${tx(table)}, ${tx.json(rows as never)})
    on conflict (${tx(key)}) do update set ${tx.unsafe(add)}`;
}

/** The Reports tab's figures (issue 25): see migrations/018_reports.sql. */
export const reportsProjection = defineBatchProjection({
  name: 'reports',
  // Counts, money, region and dates only: no personal field is read, so none is decrypted.
  personalData: false,
  tables: ['report_registrations', 'report_daily', 'report_attendance', 'report_payments', 'report_waitlist'],
  types: [
    'RegistrationBooked',
    ...PRICING_EVENTS,
    'PaymentRecorded',
    'StatusChanged',
    'RefundRecorded',
    'RegistrationCancelled',
    'RegistrationExpired',
    'ParticipantsCheckedIn',
    'CheckInUndone',
    'MarkedNoShow',
    'WaitlistJoined',
  ],
  applyBatch: applyReportsBatch,
});
