import type { ComponentType } from 'react';

/*
 * The booking page (`/events/:slug`) is a chunk of its own, loaded once: by its route, or by the home
 * page once idle (its links all lead there). Not React.lazy: a route that suspends shows its content
 * no sooner than 300 ms after the fallback (React's Suspense throttling), which on a fast connection
 * costs more than the chunk itself; the route renders its loader until the chunk is in instead.
 */
let page: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

export function loadBookingPage(): Promise<ComponentType> {
  loading ??= import('../pages/booking/booking-page').then(
    (m) => {
      page = m.default;
      return page;
    },
    (err: unknown) => {
      loading = undefined; // a later visit tries again
      throw err;
    },
  );
  return loading;
}

/** The page once its chunk is in, else undefined. */
export function loadedBookingPage(): ComponentType | undefined {
  return page;
}
