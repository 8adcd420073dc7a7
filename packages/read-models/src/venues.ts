// The events' venues (issue 46, migrations/030_event_venues.sql), for the api's answers and the
// worker's emails, PDFs and calendar files alike.
import { type EventVenues, NO_VENUES, type Region, type Venue, appointmentVenue, isRegion } from '@hs/domain';
import type { Queryable } from '@hs/eventstore';

interface VenueRow extends Venue {
  eventId: number;
  region: string | null;
}

/** The venues of these events, each event's own and its regions'; an event without any has NO_VENUES. */
export async function readEventVenues(
  sql: Queryable,
  eventIds: readonly number[],
): Promise<Map<number, EventVenues>> {
  const out = new Map<number, EventVenues>();
  if (eventIds.length === 0) return out;
  const rows = await sql<VenueRow[]>`
    select event_id::int as "eventId", region, name, address, postal_code as "postalCode", map_url as "mapUrl",
           phone, email, latitude as lat, longitude as lng
    from event_venues where event_id = any(${eventIds as number[]}::bigint[])
    order by event_id, region nulls first`;
  for (const { eventId, region, ...venue } of rows) {
    const entry = out.get(eventId) ?? { venue: null, regionVenues: {} };
    if (region === null) entry.venue = venue;
    else if (isRegion(region)) entry.regionVenues[region as Region] = venue;
    out.set(eventId, entry);
  }
  return out;
}

/** The venues of one event. */
export async function readVenuesOf(sql: Queryable, eventId: number): Promise<EventVenues> {
  return (await readEventVenues(sql, [eventId])).get(eventId) ?? NO_VENUES;
}

/** Where an appointment of `eventId` in `region` happens: the region's venue, else the event's, else null. */
export async function readAppointmentVenue(
  sql: Queryable,
  eventId: number,
  region: string | null,
): Promise<Venue | null> {
  return appointmentVenue(await readVenuesOf(sql, eventId), region);
}
