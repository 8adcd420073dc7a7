/** The SWR key (and path) of a booking's lookup by reference number. */
export function lookupKey(reference: string) {
  return `/api/registrations/lookup/${encodeURIComponent(reference)}`;
}
