/**
 * SWR key (and api path) of one event's details. Outside the booking page's chunk so that the
 * `/events/:slug` route can ask for the event while that chunk is still loading (src/routes.tsx).
 */
export function eventKey(slug: string) {
  return `/api/events/${encodeURIComponent(slug)}`;
}
