/*
 * The SWR cache keys of the public screens, in one place: a screen that reads or refreshes another
 * screen's data (the wizard refreshing the events list after a booking, the older flow reading an
 * event) imports the key from here, never from that screen. Keys are paths or `[path, params]`
 * tuples for the default fetcher (lib/swr.ts).
 */

/** The active events (home page, event lookups by id). */
export const EVENTS_KEY = '/api/events';

/** The clinic's contact details (footer, issue 46). */
export const COMPANY_CONTACT_KEY = '/api/company-contact';

/** One event with its packages and slots, by slug. */
export function eventKey(slug: string) {
  return `/api/events/${encodeURIComponent(slug)}`;
}

/** A booking's lookup by reference number (confirmation page; primed after a booking). */
export function lookupKey(reference: string) {
  return `/api/registrations/lookup/${encodeURIComponent(reference)}`;
}

/** An event's timeslots in a postal code's region. */
export function postalTimeslotsKey(postalCode: string, eventId: number) {
  return ['/api/timeslots/postal-code', { postalCode, eventId }] as const;
}

/** The server's quote for a registration body (fetched with POST by its own fetcher, not the default). */
export function quoteKey(body: object) {
  return ['quote', JSON.stringify(body)] as const;
}
