import useSWR from 'swr';
import { quoteKey } from '../../lib/swr-keys';
import { fetchQuote } from '../../public/calls';
import type { Quote } from '../../public/types';

/** The server's quote for the current order (authoritative); null body = don't ask. */
export function useQuote(body: object | null) {
  return useSWR<Quote>(
    body ? quoteKey(body) : null,
    ([, json]: ReturnType<typeof quoteKey>) => fetchQuote(JSON.parse(json)),
    {
      keepPreviousData: true,
    },
  );
}
