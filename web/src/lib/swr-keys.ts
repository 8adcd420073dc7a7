/*
 * The SWR cache keys of the public screens, in one place: a screen that reads or refreshes another
 * screen's data (the wizard refreshing the events list after a booking, the older flow reading an
 * event) imports the key from here, never from that screen. Keys are paths or `[path, params]`
 * tuples for the default fetcher (lib/swr.ts).
 */

/**
 * Staff's translated event and package texts come with `?lang=` (issue 46); English keeps the spec's
 * plain path. The language is part of the key, so switching language fetches the texts anew.
 */
const inLanguage = (path: string, language: string) =>
  language === 'en' ? path : `${path}?lang=${encodeURIComponent(language)}`;

/** The active events (home page, event lookups by id), in `language`. */
export function eventsKey(language: string) {
  return inLanguage('/api/events', language);
}

/** Any events or event key, whatever its language: what a booking refreshes. */
export const isEventsKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/events');

/** The clinic's contact details (footer, issue 46). */
export const COMPANY_CONTACT_KEY = '/api/company-contact';

/** One event with its packages and slots, by slug, in `language`. */
export function eventKey(slug: string, language: string) {
  return inLanguage(`/api/events/${encodeURIComponent(slug)}`, language);
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

/** Whether "Retrieve Myinfo with Singpass" is offered (issue 49). */
export const MYINFO_KEY = '/api/myinfo';

/** A corporate programme as the employee sees it at /c/{code} (issue 51). */
export function programmeKey(code: string) {
  return `/api/programmes/${encodeURIComponent(code)}`;
}

/** The HR report behind an expiring link (issue 51). */
export function programmeReportKey(token: string) {
  return `/api/programme-reports/${encodeURIComponent(token)}`;
}
