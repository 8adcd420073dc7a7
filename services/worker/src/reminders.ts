/**
 * Scheduled reminders (issue 26): what an order is owed is derived from the log (its events, its
 * current timeslot and its event's schedule: planReminders), never from what Redis remembers. A sweep
 * every `everyMs` enqueues each due reminder under a job id naming it (order, appointment, offset,
 * channel), so while Redis holds the job a second sweep or a second worker adds nothing; after Redis
 * lost it the next sweep enqueues it again, and the job itself, under a per-reminder lock, checks the
 * log again and records its outcome (ReminderSent/Failed/Skipped) with the stream's expected version:
 * a reminder recorded is never sent again. See docs/reliability.md.
 */
import { QUEUES } from '@hs/contracts';
import type { Sql } from '@hs/db';
import {
  type PlannedReminder,
  type ReminderRule,
  planReminders,
  reminderKey,
  reminderScheduleOrDefault,
  singaporeInstant,
  venueLine,
} from '@hs/domain';
import { type WakeSource, enqueueBulkOnce } from '@hs/eventstore';
import { readAppointmentVenue } from '@hs/read-models';
import type { Logger } from 'pino';
import type { Producers } from './queues';
import { type RegistrationRead, loadRegistration } from './registration';
import { startSweeper } from './sweeper';

/** How late a reminder may still go out (a worker down for hours catches up; older ones lapse). */
export const REMINDER_CATCH_UP_HOURS = 12;
const BATCH = 500;

export interface ReminderPlanInputs {
  appointmentAt: Date;
  schedule: ReminderRule[];
  eventName: string;
  /** Where to go (issue 46): the appointment venue's line, else the event's location text. */
  location: string | null;
}

/** The order's current appointment and its event's schedule; null without a timeslot. */
export async function reminderInputs(sql: Sql, read: RegistrationRead): Promise<ReminderPlanInputs | null> {
  const { timeslotId, eventId } = read.state;
  if (timeslotId === null || eventId === null) return null;
  const [row] = await sql<
    {
      day: string;
      time: string;
      reminders: unknown;
      name: string;
      location: string | null;
      region: string | null;
    }[]
  >`
    select to_char(t.date, 'YYYY-MM-DD') as day, to_char(t.time, 'HH24:MI') as time,
      e.reminders, e.name, e.location,
      -- the appointment's region as the lookups read it (the order's), else its slot's
      coalesce((select o.region from orders o where o.registration_id = ${Number(read.state.registrationId)}), t.region)
        as region
    from timeslots t join screening_events e on e.id = ${eventId}
    where t.id = ${timeslotId}`;
  if (!row) return null;
  const venue = await readAppointmentVenue(sql, eventId, row.region);
  return {
    appointmentAt: singaporeInstant(row.day, row.time),
    schedule: reminderScheduleOrDefault(row.reminders),
    eventName: row.name,
    location: venue ? venueLine(venue) : row.location,
  };
}

/** The reminders the order is owed at `now`, from its stream as read. */
export async function owedReminders(sql: Sql, read: RegistrationRead, now: Date): Promise<PlannedReminder[]> {
  if (!read.state.exists) return [];
  const inputs = await reminderInputs(sql, read);
  if (!inputs) return [];
  return planReminders({
    events: read.events,
    status: read.state.status,
    appointmentAt: inputs.appointmentAt,
    schedule: inputs.schedule,
    now,
  });
}

/**
 * Orders that may owe a reminder now (the read model narrows; each order's own stream decides):
 * not cancelled or expired, appointment ahead, and some offset of its event's schedule due within
 * the catch-up window. Per rule of each event's schedule, the appointments whose reminder at that
 * offset fell due within the window lie between now + offset - catch-up and now + offset, one or two
 * days in Singapore, so only those days' orders of the event are read (`orders_event_day`), not every
 * order of the coming fortnight on every sweep.
 */
export async function reminderCandidates(
  sql: Sql,
  now: Date,
  limit = BATCH,
  /** Only reminders that fell due after this (an incremental sweep); the whole catch-up window without. */
  since?: Date,
): Promise<number[]> {
  const rows = await sql<{ id: string }[]>`
    with rule as (
      select e.id as event_id, (r->>'offsetHours')::int as hours
      from screening_events e
      cross join lateral jsonb_array_elements(coalesce(e.reminders, ${sql.json(DEFAULT_SCHEDULE_JSON)}::jsonb)) r
    ), due as materialized (
      select event_id, hours,
        ((${now}::timestamptz + make_interval(hours => hours - ${REMINDER_CATCH_UP_HOURS}))
          at time zone 'Asia/Singapore')::date as first_day,
        ((${now}::timestamptz + make_interval(hours => hours)) at time zone 'Asia/Singapore')::date as last_day
      from rule
    ), o as (
      -- One index range per rule. "offset 0" keeps the subquery whole: flattened into a join, the
      -- planner (guessing 100 rules per schedule) hashed the rules and scanned every order instead.
      select o.registration_id, due.hours, o.at from due cross join lateral (
        select o.registration_id,
          (o.timeslot_date::text || ' ' || o.timeslot_time)::timestamp at time zone 'Asia/Singapore' as at
        from orders o
        where o.event_id = due.event_id and o.timeslot_date between due.first_day and due.last_day
          and o.status not in ('cancelled', 'expired')
        offset 0
      ) o
    )
    select distinct registration_id as id from o
    where at > ${now}
      and at - make_interval(hours => hours) <= ${now}
      and at - make_interval(hours => hours) > ${now}::timestamptz - make_interval(hours => ${REMINDER_CATCH_UP_HOURS})
      ${since ? sql`and at - make_interval(hours => hours) > ${since}` : sql``}
    order by 1
    limit ${limit}`;
  return rows.map((r) => Number(r.id));
}

const DEFAULT_SCHEDULE_JSON = reminderScheduleOrDefault(null) as never;

/**
 * The earliest reminder that falls due after `after` (the last sweep's start) and by `until`, of an
 * order not cancelled or expired whose appointment is ahead; null when none. A reminder due by
 * `after` was that sweep's to enqueue; a booking or reschedule plans only reminders due after it
 * (planReminders), so a new order's reminders are found here too. Like reminderCandidates, one index
 * range of `orders_event_day` per rule, bounded by `until` (the sweeper's safety net).
 */
export async function nextReminderDueAt(sql: Sql, after: Date, now: Date, until: Date): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    with rule as (
      select e.id as event_id, (r->>'offsetHours')::int as hours
      from screening_events e
      cross join lateral jsonb_array_elements(coalesce(e.reminders, ${sql.json(DEFAULT_SCHEDULE_JSON)}::jsonb)) r
    ), span as materialized (
      select event_id, hours,
        ((${after}::timestamptz + make_interval(hours => hours)) at time zone 'Asia/Singapore')::date as first_day,
        ((${until}::timestamptz + make_interval(hours => hours)) at time zone 'Asia/Singapore')::date as last_day
      from rule
    )
    select min(o.at - make_interval(hours => span.hours)) as at from span cross join lateral (
      select (o.timeslot_date::text || ' ' || o.timeslot_time)::timestamp at time zone 'Asia/Singapore' as at
      from orders o
      where o.event_id = span.event_id and o.timeslot_date between span.first_day and span.last_day
        and o.status not in ('cancelled', 'expired')
      offset 0
    ) o
    where o.at > ${now} and o.at - make_interval(hours => span.hours) > ${after}`;
  return row?.at ?? null;
}

/** One sweep: every due reminder of every candidate order, enqueued once (its key is the job id). */
export async function enqueueDueReminders(deps: {
  sql: Sql;
  producers: Pick<Producers, 'reminder'>;
  now: Date;
  enqueueTimeoutMs?: number;
  /** Only the reminders that fell due after this (see startReminderSweeper). */
  since?: Date;
}): Promise<number> {
  const { sql, now } = deps;
  const jobs: Parameters<typeof enqueueBulkOnce>[1] = [];
  for (const id of await reminderCandidates(sql, now, BATCH, deps.since)) {
    const read = await loadRegistration(sql, id);
    for (const r of await owedReminders(sql, read, now)) {
      jobs.push({
        name: QUEUES.reminder.jobName,
        data: {
          registrationId: id,
          offsetHours: r.offsetHours,
          medium: r.medium,
          appointmentAt: r.appointmentAt,
        },
        jobId: reminderKey(id, r),
        job: {},
      });
    }
  }
  if (jobs.length > 0) {
    await enqueueBulkOnce(deps.producers.reminder as never, jobs, {
      timeoutMs: deps.enqueueTimeoutMs ?? 5_000,
    });
  }
  return jobs.length;
}

/**
 * Sleeps until the next reminder falls due (issue 47); a NOTIFY (a booking, a reschedule) makes it
 * look again, and `everyMs` is only the safety net (a schedule edited, a clock moved). A sweep woken
 * by a due time reads only the reminders due since the last sweep began (with many orders ahead one
 * falls due every few seconds, and each sweep reading the whole catch-up window cost its length);
 * at least every `everyMs` (and at start) a sweep reads the whole window, for what Redis lost.
 */
export function startReminderSweeper(opts: {
  sql: Sql;
  producers: Pick<Producers, 'reminder'>;
  everyMs: number;
  clock: () => Date;
  log: Logger;
  wake?: WakeSource;
}) {
  let lastSweep: Date | undefined;
  let wholeAt = Number.NEGATIVE_INFINITY;
  return startSweeper({
    everyMs: opts.everyMs,
    log: opts.log,
    clock: opts.clock,
    wake: opts.wake,
    nextDueAt: (sweptAt) => {
      const now = opts.clock();
      return nextReminderDueAt(opts.sql, sweptAt, now, new Date(now.getTime() + opts.everyMs));
    },
    failure: 'reminder sweep failed; trying again',
    sweep: async () => {
      const now = opts.clock();
      const whole = Date.now() - wholeAt >= opts.everyMs;
      const since = whole ? undefined : lastSweep;
      const n = await enqueueDueReminders({ sql: opts.sql, producers: opts.producers, now, since });
      // Moved on only after a sweep that went through: a failed one is read again by the next.
      lastSweep = now;
      if (whole) wholeAt = Date.now();
      if (n > 0) opts.log.debug({ reminders: n }, 'due reminders enqueued');
    },
  });
}
