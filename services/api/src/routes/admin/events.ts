import { AdminEventSchema, ROLES } from '@hs/contracts';
import type { TransactionSql } from '@hs/db';
import { DEFAULT_REMINDER_SCHEDULE, EVENT_CONFIG_DEFAULTS } from '@hs/domain';
import { badRequest, conflict } from '../../errors';
import { type Db, type WhereId, catalogueRoutes, formBody, isoDates, rowsOf } from './catalogue-routes';
import { venueColumns, writeVenues } from './event-venues';
import { EventInput, type EventInputValue } from './inputs';

const selectEvents = (db: Db, where: WhereId) => db`
  select e.id, e.name, e.slug, e.description, e.location, e.is_active as "isActive", e.translations,
         e.created_at as "createdAt", e.updated_at as "updatedAt",
         coalesce((select array_agg(ep.package_id order by ep.package_id) from event_packages ep where ep.event_id = e.id),
                  '{}') as "packageIds",
         json_build_object(
           'configType', coalesce(c.config_type, ${EVENT_CONFIG_DEFAULTS.configType}), 'numSlots', coalesce(c.num_slots, ${EVENT_CONFIG_DEFAULTS.numSlots}),
           'bufferHours', coalesce(c.buffer_hours, ${EVENT_CONFIG_DEFAULTS.bufferHours}),
           'slotsPerTimeslot', coalesce(c.slots_per_timeslot, ${EVENT_CONFIG_DEFAULTS.slotsPerTimeslot}),
           'maxAttendees', coalesce(c.max_attendees, ${EVENT_CONFIG_DEFAULTS.maxAttendees})) as config,
         coalesce(e.reminders, ${db.json(DEFAULT_REMINDER_SCHEDULE as never)}::jsonb) as reminders,
         ${venueColumns(db)}
  from screening_events e
  left join event_configs c on c.event_id = e.id
  ${where}
  order by e.created_at desc, e.id desc`;

// biome-ignore lint/suspicious/noExplicitAny: row shape is the schema's
const toEvent = (row: any) => ({
  ...isoDates(row, 'createdAt', 'updatedAt'),
  packageIds: (row.packageIds as (number | string)[]).map(Number),
});

const eventRows = rowsOf({
  select: selectEvents,
  idColumn: 'e.id',
  toRow: toEvent,
  notFound: 'Event not found',
});

type EventCore = ReturnType<typeof toEvent>;

/**
 * The spec's Event carries its dates, packages and timeslots (section 3). Read in three queries for
 * any number of events; kept out of the audit entries, which record what the admin changed.
 */
async function withRelations(db: Db, events: EventCore[]) {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.id as number);
  const [packages, dates, slots] = await Promise.all([
    db<{ eventId: number; createdAt: Date; updatedAt: Date }[]>`
      select ep.event_id::int as "eventId", p.id, p.name, p.description, p.price::text as price,
             p.aia_price::text as "aiaPrice", p.is_active as "isActive",
             p.created_at as "createdAt", p.updated_at as "updatedAt"
      from event_packages ep join packages p on p.id = ep.package_id
      where ep.event_id = any(${ids}::bigint[])
      order by p.id`,
    db<{ eventId: number }[]>`
      select id, event_id::int as "eventId", to_char(date, 'YYYY-MM-DD') as date
      from event_dates where event_id = any(${ids}::bigint[])
      order by date, id`,
    db<{ eventId: number }[]>`
      select t.id, t.event_id::int as "eventId", t.event_date_id as "eventDateId",
             to_char(t.date, 'YYYY-MM-DD') as date, to_char(t.time, 'HH24:MI') as time, t.label, t.region,
             coalesce(sa.max_attendees, t.max_attendees) as "maxAttendees",
             coalesce(sa.current_attendees, 0) as "currentAttendees",
             coalesce(sa.is_available, true) as "isAvailable"
      from timeslots t left join slot_availability sa on sa.timeslot_id = t.id
      where t.event_id = any(${ids}::bigint[])
      order by t.date, t.time, t.region nulls first, t.id`,
  ]);
  const byEvent = <T extends { eventId: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(Number(r.eventId), [...(map.get(Number(r.eventId)) ?? []), r]);
    return (id: number) => map.get(id) ?? [];
  };
  const packagesOf = byEvent(packages);
  const datesOf = byEvent(dates);
  const slotsOf = byEvent(slots);
  return events.map((e) => ({
    ...e,
    dates: datesOf(e.id),
    packages: packagesOf(e.id).map(({ eventId: _e, ...p }) => ({
      ...p,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    timeslots: slotsOf(e.id),
  }));
}

async function writeLinks(tx: TransactionSql, eventId: number, input: EventInputValue) {
  if (input.packageIds) {
    const ids = [...new Set(input.packageIds)];
    if (ids.length > 0) {
      const found = await tx`select id from packages where id in ${tx(ids)}`;
      if (found.length !== ids.length) throw badRequest('One or more packages do not exist');
    }
    await tx`delete from event_packages where event_id = ${eventId}`;
    for (const packageId of ids) {
      await tx`insert into event_packages (event_id, package_id) values (${eventId}, ${packageId})`;
    }
  }
  if (input.config) {
    const c = input.config;
    await tx`
      insert into event_configs (event_id, config_type, num_slots, buffer_hours, slots_per_timeslot, max_attendees)
      values (${eventId}, ${c.configType}, ${c.numSlots}, ${c.bufferHours}, ${c.slotsPerTimeslot}, ${c.maxAttendees})
      on conflict (event_id) do update set config_type = excluded.config_type, num_slots = excluded.num_slots,
        buffer_hours = excluded.buffer_hours, slots_per_timeslot = excluded.slots_per_timeslot,
        max_attendees = excluded.max_attendees`;
  }
}

/** Screening events, with what makes them bookable: their packages and how their timeslots come about. */
const events = catalogueRoutes({
  path: '/events',
  entity: 'event',
  schema: AdminEventSchema,
  rows: eventRows,
  present: withRelations,
  duplicate: 'An event with this slug already exists',
  list: { summary: 'List events', roles: ROLES.orderLookup },
  get: { summary: 'Read one event', roles: ROLES.orderLookup },
  create: {
    summary: 'Create an event; packageIds and config (manual or auto timeslots) are optional',
    body: formBody(EventInput),
    insert: async (tx, input) => {
      const [row] = await tx<{ id: number }[]>`
        insert into screening_events (name, slug, description, location, is_active, reminders, translations)
        values (${input.name}, ${input.slug}, ${input.description}, ${input.location}, ${input.isActive ?? true},
          ${input.reminders ? tx.json(input.reminders as never) : null}, ${tx.json((input.translations ?? {}) as never)})
        returning id`;
      await writeLinks(tx, row!.id, { ...input, config: input.config ?? EVENT_CONFIG_DEFAULTS });
      await writeVenues(tx, row!.id, input);
      return row!;
    },
  },
  update: {
    summary: 'Update an event',
    body: formBody(EventInput),
    apply: async (tx, id, input) => {
      await tx`
        update screening_events set name = ${input.name}, slug = ${input.slug}, description = ${input.description},
          location = ${input.location}, is_active = coalesce(${input.isActive}, is_active),
          translations = coalesce(${input.translations ? tx.json(input.translations as never) : null}::jsonb, translations)
        where id = ${id}`;
      // the reminder schedule (issue 26): a body without it keeps it; null resets it to the default
      if (input.reminders !== undefined) {
        await tx`update screening_events
          set reminders = ${input.reminders ? tx.json(input.reminders as never) : null} where id = ${id}`;
      }
      await writeLinks(tx, id, input);
      await writeVenues(tx, id, input);
    },
  },
  delete: {
    summary: 'Delete an event',
    message: 'Event deleted',
    remove: async (tx, id) => {
      if (await hasBookings(tx, id)) {
        throw conflict('This event has bookings and cannot be deleted. Deactivate it instead.');
      }
      await tx`delete from screening_events where id = ${id}`;
    },
  },
});

/** Whether any booking was ever made for the event (orders read model, once it exists). */
async function hasBookings(tx: TransactionSql, eventId: number): Promise<boolean> {
  const [table] = await tx<{ exists: boolean }[]>`select to_regclass('orders') is not null as exists`;
  if (!table?.exists) return false;
  const rows = await tx`select 1 from orders where event_id = ${eventId} limit 1`;
  return rows.length > 0;
}

export default events;
