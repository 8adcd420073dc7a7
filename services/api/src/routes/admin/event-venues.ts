/**
 * An event's venues in the admin's events routes (issue 46, migrations/030_event_venues.sql): read
 * with the event's row (so the audit log records them too), written in the event's transaction.
 */
import type { TransactionSql } from '@hs/db';
import { REGIONS, type Region, type Venue } from '@hs/domain';
import type { Db } from './catalogue-routes';

const venueJson = (db: Db) => db`json_build_object(
  'name', v.name, 'address', v.address, 'postalCode', v.postal_code, 'mapUrl', v.map_url,
  'phone', v.phone, 'email', v.email, 'lat', v.latitude, 'lng', v.longitude)`;

/** The `venue` and `regionVenues` columns of an event row `e`. */
export const venueColumns = (db: Db) => db`
  (select ${venueJson(db)} from event_venues v where v.event_id = e.id and v.region is null) as venue,
  coalesce((select json_object_agg(v.region, ${venueJson(db)} order by v.region)
            from event_venues v where v.event_id = e.id and v.region is not null), '{}'::json) as "regionVenues"`;

export interface VenueInput {
  /** Absent keeps the event's venue; null removes it. */
  venue?: Venue | null;
  /** Absent keeps the region venues; otherwise these replace them all (null: none). */
  regionVenues?: Partial<Record<Region, Venue>> | null;
}

async function upsertVenue(tx: TransactionSql, eventId: number, region: Region | null, venue: Venue) {
  const values = {
    name: venue.name,
    address: venue.address,
    postal_code: venue.postalCode,
    map_url: venue.mapUrl,
    phone: venue.phone,
    email: venue.email,
    latitude: venue.lat,
    longitude: venue.lng,
  };
  const updated = await tx`
    update event_venues set ${tx(values)}
    where event_id = ${eventId} and region is not distinct from ${region}
    returning id`;
  if (updated.length === 0) {
    await tx`insert into event_venues ${tx({ event_id: eventId, region, ...values })}`;
  }
}

/** Stores what the input says of the event's venues, leaving alone what it leaves out. */
export async function writeVenues(tx: TransactionSql, eventId: number, input: VenueInput): Promise<void> {
  if (input.venue !== undefined) {
    if (input.venue === null)
      await tx`delete from event_venues where event_id = ${eventId} and region is null`;
    else await upsertVenue(tx, eventId, null, input.venue);
  }
  if (input.regionVenues !== undefined) {
    const given = input.regionVenues ?? {};
    const kept = REGIONS.filter((r) => given[r]);
    await tx`delete from event_venues where event_id = ${eventId} and region is not null
      ${kept.length > 0 ? tx`and region not in ${tx(kept)}` : tx``}`;
    for (const region of kept) await upsertVenue(tx, eventId, region, given[region]!);
  }
}
