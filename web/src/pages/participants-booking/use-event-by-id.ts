import useSWR from 'swr';
import type { ApiEnvelope } from '../../lib/api';
import { useLanguage } from '../../i18n';
import { eventKey, eventsKey } from '../../lib/swr-keys';
import type { EventDetail, EventSummary } from '../../public/types';

export interface EventById {
  event: EventDetail | undefined;
  /** The list has loaded and holds no active event with this id. */
  notFound: boolean;
  error: unknown;
  isLoading: boolean;
}

/**
 * The participants page links here with an event id only (spec section 2); the api answers events by
 * slug, so the id is found in the events list first.
 */
export function useEventById(eventId: number | null): EventById {
  const language = useLanguage();
  const list = useSWR<ApiEnvelope<EventSummary[]>>(eventId ? eventsKey(language) : null);
  const slug = list.data?.data.find((e) => e.id === eventId)?.slug;
  const detail = useSWR<ApiEnvelope<EventDetail>>(slug ? eventKey(slug, language) : null);
  return {
    event: detail.data?.data,
    notFound: Boolean(list.data) && !slug,
    error: list.error ?? detail.error,
    isLoading: list.isLoading || detail.isLoading || (Boolean(slug) && !detail.data && !detail.error),
  };
}
