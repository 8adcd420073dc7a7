import useSWR from 'swr';
import type { ApiEnvelope } from '../../lib/api';
import { useLanguage } from '../../i18n';
import { eventKey, eventsKey } from '../../lib/swr-keys';
import type { EventDetail, EventSummary } from '../../public/types';

/**
 * An event's detail (packages and prices) by its id: the public api reads events by slug, so the
 * active events list gives the slug first. `null` id: nothing is fetched.
 */
export function useEventById(id: number | null) {
  const language = useLanguage();
  const list = useSWR<ApiEnvelope<EventSummary[]>>(id === null ? null : eventsKey(language));
  const slug = list.data?.data?.find((e) => e.id === id)?.slug;
  const detail = useSWR<ApiEnvelope<EventDetail>>(slug ? eventKey(slug, language) : null);
  return {
    event: detail.data?.data,
    /** The list answered without the event: it is no longer open for booking. */
    missing: list.data !== undefined && !slug,
    error: list.error ?? detail.error,
    isLoading: list.isLoading || detail.isLoading,
  };
}
