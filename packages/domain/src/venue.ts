/**
 * Where an appointment happens (issue 46): an event's venue, and for a region-based event (postal-code
 * booking, regions.ts) one venue per region. An appointment's venue is its region's venue, else the
 * event's. The spec's free-text `location` stays as it is; when it is empty, the venue's one line
 * stands in for it, so "location" keeps meaning "where to go".
 */
import type { Region } from './regions';

export interface Venue {
  name: string;
  address: string;
  /** 6 digits. */
  postalCode: string;
  /** An https link to a map of the venue. */
  mapUrl: string | null;
  /** '+65 6123 4567' */
  phone: string | null;
  email: string | null;
  lat: number | null;
  lng: number | null;
}

/** An event's venues: its own, and those of the regions that have one. */
export interface EventVenues {
  venue: Venue | null;
  regionVenues: Partial<Record<Region, Venue>>;
}

export const NO_VENUES: EventVenues = { venue: null, regionVenues: {} };

/** The venue of an appointment in `region` (null: an event without regions): the region's, else the event's. */
export function appointmentVenue(venues: EventVenues, region: string | null | undefined): Venue | null {
  // `?.` and `??`: an answer from before issue 46 (a cached page) has neither field
  const own = region ? venues.regionVenues?.[region as Region] : undefined;
  return own ?? venues.venue ?? null;
}

/** 'Woodlands Health Clinic, 10 Woodlands Ave 1, Singapore 739062': name, address, postal code. */
export function venueLine(venue: Venue): string {
  return [venue.name, venue.address, `Singapore ${venue.postalCode}`].filter(Boolean).join(', ');
}

/** What an answer's `location` says: the event's own text, else its venue's line, else null. */
export function locationText(location: string | null | undefined, venue: Venue | null): string | null {
  const own = location?.trim();
  if (own) return own;
  return venue ? venueLine(venue) : null;
}

/** An active event that tells nobody where to go: no venue of any kind and no location text. */
export function lacksWhereToGo(event: {
  isActive: boolean;
  location: string | null;
  venue: Venue | null;
  regionVenues?: Partial<Record<Region, Venue>>;
}): boolean {
  const anyVenue = event.venue !== null || Object.keys(event.regionVenues ?? {}).length > 0;
  return event.isActive && !anyVenue && !event.location?.trim();
}
