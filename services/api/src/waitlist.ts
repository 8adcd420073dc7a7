/**
 * What the waiting-list routes share (issue 22): the join form's checks, in the booking form's words,
 * the event and package checks of a booking, and the entry as the contracts show it.
 */
import type { AdminWaitlistEntry, WaitlistEntry, WaitlistOffer } from '@hs/contracts';
import type { WaitlistEntryRow } from '@hs/read-models';
import type { Sql } from '@hs/db';
import {
  INVALID_INPUT_MESSAGE,
  MAX_PARTICIPANTS,
  MAX_PARTICIPANTS_MESSAGE,
  boundedInteger,
  calendarDay,
  formatTimeLabel,
  mainBookingEntries,
  singaporeToday,
} from '@hs/domain';
import * as v from 'valibot';
import { badRequest, conflict, notFound } from './errors';

export const WAITLIST_JOIN_MESSAGES = {
  preferredDate: 'Preferred dates must be valid dates',
  preferredDatePast: 'Preferred dates cannot be in the past',
  eventNotFound: "The event you're looking for doesn't exist or has been removed.",
  eventClosed: 'This event is no longer open for booking',
  package: 'The selected package is not available for this event',
} as const;

/**
 * POST /api/waitlist: the booking form's own fields and messages; seats are the people coming, so the
 * booking's participant limit and message bound them (the web's join form says the same).
 */
export const waitlistJoinSchema = v.object(
  {
    eventId: mainBookingEntries.eventId,
    packageId: mainBookingEntries.packageId,
    firstName: mainBookingEntries.firstName,
    lastName: mainBookingEntries.lastName,
    email: mainBookingEntries.email,
    mobileNumber: mainBookingEntries.mobileNumber,
    postalCode: mainBookingEntries.postalCode,
    seats: boundedInteger(1, MAX_PARTICIPANTS, MAX_PARTICIPANTS_MESSAGE),
    preferredDates: v.pipe(
      v.optional(
        v.nullable(v.array(calendarDay(WAITLIST_JOIN_MESSAGES.preferredDate), INVALID_INPUT_MESSAGE)),
      ),
      // one of each day, in order: the matcher and the back-office read them as a set
      v.transform((days) => [...new Set(days ?? [])].sort()),
      v.maxLength(31, WAITLIST_JOIN_MESSAGES.preferredDate),
      // a day gone by can never be offered: an entry of past days only would wait for ever
      v.check((days) => days.every((d) => d >= singaporeToday()), WAITLIST_JOIN_MESSAGES.preferredDatePast),
    ),
  },
  INVALID_INPUT_MESSAGE,
);
export type WaitlistJoinInput = v.InferOutput<typeof waitlistJoinSchema>;

/** The booking's own refusals: no such event, a closed one, a package the event does not offer. */
export async function checkEventAndPackage(sql: Sql, eventId: number, packageId: number): Promise<void> {
  const [row] = await sql<{ isActive: boolean; hasPackage: boolean }[]>`
    select e.is_active as "isActive",
      exists (select 1 from event_packages ep join packages p on p.id = ep.package_id
              where ep.event_id = e.id and p.id = ${packageId} and p.is_active) as "hasPackage"
    from screening_events e where e.id = ${eventId}`;
  if (!row) throw notFound(WAITLIST_JOIN_MESSAGES.eventNotFound);
  if (!row.isActive) throw conflict(WAITLIST_JOIN_MESSAGES.eventClosed);
  if (!row.hasPackage)
    throw badRequest(WAITLIST_JOIN_MESSAGES.package, [
      { field: 'packageId', message: WAITLIST_JOIN_MESSAGES.package },
    ]);
}

/** The labels of the offered slots, as the wizard shows them (timeslots.label). */
type SlotLabels = Map<number, string>;

async function slotLabels(sql: Sql, rows: WaitlistEntryRow[]): Promise<SlotLabels> {
  const ids = [...new Set(rows.flatMap((r) => (r.offer ? [r.offer.timeslotId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await sql<{ id: number; label: string }[]>`
    select id, label from timeslots where id = any(${ids}::bigint[])`;
  return new Map(found.map((r) => [Number(r.id), r.label]));
}

/** The offer while it runs: an ended entry keeps its last offer in the read model, the answer does not. */
function offerOf(row: WaitlistEntryRow, labels: SlotLabels): WaitlistOffer | null {
  if (row.status !== 'offered' || !row.offer) return null;
  const { timeslotId, date, time, expiresAt } = row.offer;
  return { timeslotId, date, time, label: labels.get(timeslotId) ?? formatTimeLabel(time), expiresAt };
}

/** GET /api/waitlist/{token}: the entry, its event's and package's names and the running offer. */
export async function entryView(sql: Sql, row: WaitlistEntryRow): Promise<WaitlistEntry> {
  const [names] = await sql<{ eventName: string | null; packageName: string | null }[]>`
    select (select name from screening_events where id = ${row.eventId}) as "eventName",
           (select name from packages where id = ${row.packageId}) as "packageName"`;
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: names?.eventName ?? '',
    packageId: row.packageId,
    packageName: names?.packageName ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    postalCode: row.postalCode,
    seats: row.seats,
    preferredDates: row.preferredDates,
    status: row.status,
    position: row.position,
    offer: offerOf(row, await slotLabels(sql, [row])),
  };
}

/** GET /api/admin/events/{id}/waitlist rows. */
export async function adminEntryViews(sql: Sql, rows: WaitlistEntryRow[]): Promise<AdminWaitlistEntry[]> {
  const labels = await slotLabels(sql, rows);
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    seats: row.seats,
    region: row.region,
    postalCode: row.postalCode,
    preferredDates: row.preferredDates,
    joinedAt: row.joinedAt,
    status: row.status,
    offer: offerOf(row, labels),
  }));
}
