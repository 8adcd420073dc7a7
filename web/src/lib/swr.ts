import type { SWRConfiguration } from 'swr';
import { fetcher } from './api';

/**
 * App-wide SWR defaults (spec section 9: default queries never go stale and never retry; no refetch on
 * window focus). Screens opt in to freshness explicitly: `refreshInterval` for polling, `mutate()` after
 * a write (e.g. refresh the events list after a booking). Mutations (`useSWRMutation`) never retry.
 */
export const swrConfig: SWRConfiguration = {
  fetcher,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
};
