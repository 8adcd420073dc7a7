import type { Sql } from '@hs/db';
import {
  EVENT_CONFIG_DEFAULTS,
  type GeneratedTimeslot,
  formatDateLabel,
  type Region,
  generateTimeslotsForDate,
  generateTimeslotsForPostalCode,
  singaporeToday,
} from '@hs/domain';
import { notFound } from '../errors';

export interface EventRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  location: string | null;
  isActive: boolean;
  createdAt: Date;
  configType: 'manual' | 'auto';
  numSlots: number;
  bufferHours: number;
  slotsPerTimeslot: number;
  maxAttendees: number;
}

export interface SlotView {
  id: number;
  eventId: number;
  region: string | null;
  date: string;
  time: string;
  label: string;
  dateLabel: string;
  maxAttendees: number;
  currentAttendees: number;
  isAvailable: boolean;
}

/** An event's slot settings from its event_configs row `c`, the defaults where it has none (EventRow's names). */
export function eventConfigColumns(sql: Sql) {
  return sql`
    coalesce(c.config_type, ${EVENT_CONFIG_DEFAULTS.configType}) as "configType",
    coalesce(c.num_slots, ${EVENT_CONFIG_DEFAULTS.numSlots}) as "numSlots",
    coalesce(c.buffer_hours, ${EVENT_CONFIG_DEFAULTS.bufferHours}) as "bufferHours",
    coalesce(c.slots_per_timeslot, ${EVENT_CONFIG_DEFAULTS.slotsPerTimeslot}) as "slotsPerTimeslot",
    coalesce(c.max_attendees, ${EVENT_CONFIG_DEFAULTS.maxAttendees}) as "maxAttendees"`;
}

export async function findEvent(
  sql: Sql,
  where: { id?: number; slug?: string; activeOnly?: boolean },
): Promise<EventRow> {
  const [row] = await sql<EventRow[]>`
    select e.id, e.name, e.slug, e.description, e.location, e.is_active as "isActive", e.created_at as "createdAt",
           ${eventConfigColumns(sql)}
    from screening_events e left join event_configs c on c.event_id = e.id
    where ${where.id !== undefined ? sql`e.id = ${where.id}` : sql`e.slug = ${where.slug ?? ''}`}
      ${where.activeOnly ? sql`and e.is_active` : sql``}`;
  if (!row) throw notFound("The event you're looking for doesn't exist or has been removed.");
  return row;
}

export async function holidayDays(sql: Sql): Promise<string[]> {
  const rows = await sql<{ d: string }[]>`
    select to_char(date, 'YYYY-MM-DD') as d from public_holidays where date >= current_date - 1`;
  return rows.map((r) => r.d);
}

const selectSlots = (sql: Sql) => sql`
  select t.id, t.event_id as "eventId", t.region, to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time,
         t.label, coalesce(sa.max_attendees, t.max_attendees) as "maxAttendees",
         coalesce(sa.current_attendees, 0) as "currentAttendees", coalesce(sa.is_available, true) as "isAvailable"
  from timeslots t left join slot_availability sa on sa.timeslot_id = t.id`;

function withDateLabel(rows: Omit<SlotView, 'dateLabel'>[], labels: Map<string, string>): SlotView[] {
  return rows.map((r) => ({ ...r, dateLabel: labels.get(r.date) ?? r.date }));
}

/**
 * Stores generated slots once each. The natural key (event, region, date, time) is unique, so any
 * number of concurrent first lookups insert each slot exactly once and all read the same ids.
 */
export async function materialize(sql: Sql, slots: GeneratedTimeslot[]): Promise<SlotView[]> {
  if (slots.length === 0) return [];
  const rows = slots.map((s) => ({
    event_id: s.eventId,
    region: s.region,
    date: s.date,
    time: s.time,
    label: s.label,
    max_attendees: s.maxAttendees,
  }));
  await sql`
    insert into timeslots ${sql(rows)}
    on conflict (event_id, coalesce(region, ''), date, time) do nothing`;
  const keys = slots.map((s) => `${s.region}|${s.date}|${s.time}`);
  const found = await sql<Omit<SlotView, 'dateLabel'>[]>`
    ${selectSlots(sql)}
    where t.event_id = ${slots[0]!.eventId}
      and (t.region || '|' || to_char(t.date, 'YYYY-MM-DD') || '|' || to_char(t.time, 'HH24:MI')) = any(${keys}::text[])
    order by t.date, t.time`;
  return withDateLabel(found, new Map(slots.map((s) => [s.date, s.dateLabel])));
}

/** The bookable slots of an event for a postal code, materialising auto-generated ones on first need. */
export async function slotsForPostalCode(
  sql: Sql,
  event: EventRow,
  postalCode: string,
  now = new Date(),
): Promise<{ region: Region; regionName: string; slots: SlotView[] } | { region: null; message: string }> {
  const generated = generateTimeslotsForPostalCode({
    eventId: event.id,
    postalCode,
    now,
    holidays: await holidayDays(sql),
    config: event,
  });
  if (!generated.found) return { region: null, message: generated.message };
  if (event.configType === 'auto') {
    const slots = await materialize(
      sql,
      generated.dates.flatMap((d) => d.timeslots),
    );
    return { region: generated.region, regionName: generated.regionName, slots };
  }
  return {
    region: generated.region,
    regionName: generated.regionName,
    slots: await manualSlots(sql, event, now),
  };
}

/** Manual slots: the admin's own dates and times, from today (Singapore) on, after the buffer. */
export async function manualSlots(sql: Sql, event: EventRow, now = new Date()): Promise<SlotView[]> {
  const notBefore = new Date(now.getTime() + event.bufferHours * 3_600_000);
  const rows = await sql<Omit<SlotView, 'dateLabel'>[]>`
    ${selectSlots(sql)}
    where t.event_id = ${event.id} and t.region is null and t.date >= ${singaporeToday(now)}::date
      and (t.date + t.time) at time zone 'Asia/Singapore' > ${notBefore}
    order by t.date, t.time`;
  return withDateLabel(rows, new Map(rows.map((r) => [r.date, formatDateLabel(r.date)])));
}

/** Every region's auto slots on one date (materialised), grouped by region. */
export async function autoSlotsForDate(
  sql: Sql,
  event: EventRow,
  date: string,
  now = new Date(),
): Promise<Partial<Record<Region, SlotView[]>>> {
  const byRegion = generateTimeslotsForDate({
    eventId: event.id,
    date,
    now,
    holidays: await holidayDays(sql),
    config: event,
  });
  const all = await materialize(
    sql,
    Object.values(byRegion).flatMap((d) => d?.timeslots ?? []),
  );
  const out: Partial<Record<Region, SlotView[]>> = {};
  for (const slot of all) {
    const region = slot.region as Region;
    out[region] = [...(out[region] ?? []), slot];
  }
  return out;
}

/** Slots by id with their live availability. */
export async function slotsByIds(sql: Sql, ids: number[]): Promise<SlotView[]> {
  if (ids.length === 0) return [];
  const rows = await sql<
    Omit<SlotView, 'dateLabel'>[]
  >`${selectSlots(sql)} where t.id = any(${ids}::bigint[]) order by t.date, t.time`;
  return withDateLabel(rows, new Map(rows.map((r) => [r.date, formatDateLabel(r.date)])));
}

/** Groups slots by date as `{ [date]: { date: { label }, timeslots } }` (spec: timeslot lookup, grouped). */
export function groupByDate(slots: SlotView[]) {
  const out: Record<string, { date: { label: string; value: string }; timeslots: PublicSlot[] }> = {};
  for (const s of slots) {
    const group = out[s.date] ?? { date: { label: s.dateLabel, value: s.date }, timeslots: [] };
    group.timeslots.push(publicSlot(s));
    out[s.date] = group;
  }
  return out;
}

export type PublicSlot = ReturnType<typeof publicSlot>;
export function publicSlot(s: SlotView) {
  return {
    id: s.id,
    label: s.label,
    date: s.date,
    time: s.time,
    region: s.region,
    isAvailable: s.isAvailable,
    currentAttendees: s.currentAttendees,
    maxAttendees: s.maxAttendees,
  };
}
