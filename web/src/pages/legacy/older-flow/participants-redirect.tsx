import { useEffect, useRef } from 'react';
import { useTranslation, currentLanguage } from '../../../i18n';
import { useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../../components/layout/page';
import { type ApiEnvelope, api } from '../../../lib/api';
import { eventKey, eventsKey } from '../../../lib/swr-keys';
import { type LegacyBookingDetails, positiveInt, storeBookingDetails } from '../../../public/legacy-storage';
import type { EventDetail, EventSummary } from '../../../public/types';

/**
 * `/participants?eventId=&packageId=&timeslotId=`: stores the booking details (with the event,
 * package and slot names for the later screens) in session storage and goes to /registration.
 */
export function LegacyParticipantsRedirect() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(search);
    const eventId = positiveInt(q.get('eventId'));
    const packageId = positiveInt(q.get('packageId'));
    const timeslotId = positiveInt(q.get('timeslotId'));
    if (!eventId || !packageId || !timeslotId) {
      navigate('/', { replace: true });
      return;
    }
    (async () => {
      const details: LegacyBookingDetails = { eventId, packageId, timeslotId };
      try {
        const list = await api.get<ApiEnvelope<EventSummary[]>>(eventsKey(currentLanguage()));
        const summary = list.data.find((e) => e.id === eventId);
        if (summary) {
          const detail = await api.get<ApiEnvelope<EventDetail>>(eventKey(summary.slug, currentLanguage()));
          const pkg = detail.data.packages.find((p) => p.id === packageId);
          const slot = (detail.data.timeslots ?? []).find((t) => t.id === timeslotId);
          Object.assign(details, {
            eventSlug: summary.slug,
            eventName: detail.data.name,
            location: detail.data.location,
            packageName: pkg?.name ?? null,
            packagePrice: pkg?.price ?? null,
            date: slot?.date ?? null,
            time: slot?.time ?? null,
            timeLabel: slot?.label ?? null,
          });
        }
      } catch {
        // the ids are enough to book; names are shown when known
      }
      storeBookingDetails(details);
      navigate('/registration', { replace: true });
    })();
  }, [search, navigate]);
  return <PageLoader label={t('legacy.preparing')} />;
}
