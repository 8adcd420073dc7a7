import { availabilityLabel } from '@hs/domain';
import { useTranslation, useLanguage } from '../i18n';
import useSWR from 'swr';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { panel } from 'styled-system/recipes';
import { Page } from '../components/layout/page';
import { Notice } from '../components/notice';
import { MapPinIcon } from '../components/icons';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import type { ApiEnvelope } from '../lib/api';
import { eventsKey } from '../lib/swr-keys';
import type { EventSummary } from '../public/types';
import { useEventWhereText } from '../public/venue';

/** Case-insensitive name filter (spec: it exists, but no input for it is shown). */
export function filterEvents(events: readonly EventSummary[], search: string): EventSummary[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...events];
  return events.filter((e) => e.name.toLowerCase().includes(q));
}

export function eventAvailability(event: EventSummary): string {
  return event.availabilityLabel ?? availabilityLabel(event.timeslots ?? []);
}

const toneFor = (label: string) =>
  label === 'Fully Booked' ? 'danger' : label === 'Limited Slots' ? 'warning' : 'success';

const row = cx(
  panel(),
  css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '4',
    p: { base: '4', md: '5' },
    boxShadow: 'xs',
  }),
);

/** Where the event happens, one line: its location or venue, its clinics by region, or "not specified". */
function EventWhere({ event }: { event: EventSummary }) {
  return <>{useEventWhereText(event)}</>;
}

function EventRowSkeleton() {
  return (
    <li className={row}>
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Skeleton shape="line" w="60%" h="5" />
        <Skeleton shape="line" w="40%" />
        <Skeleton shape="line" w="24" />
      </div>
      <Skeleton h="10" w={{ base: 'full', sm: '32' }} />
    </li>
  );
}

/** Home `/`: the event list. */
export default function HomePage() {
  const language = useLanguage();
  const { data, error, isLoading } = useSWR<ApiEnvelope<EventSummary[]>>(eventsKey(language));
  const events = filterEvents(data?.data ?? [], '');
  const { t } = useTranslation();

  return (
    <Page>
      <title>{`${t('home.title')} | Health Screening`}</title>
      <header className={css({ mb: '8', maxW: '2xl' })}>
        <h1
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            letterSpacing: '-0.02em',
            color: 'fg.default',
            lineHeight: '1.2',
          })}
        >
          {t('home.title')}
        </h1>
        <p className={css({ mt: '2', color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } })}>
          {t('home.intro')}
        </p>
      </header>

      {error ? (
        <Notice tone="danger">
          <div>
            <h2 className={css({ fontWeight: 'semibold' })}>{t('home.errorTitle')}</h2>
            <p className={css({ mt: '1' })}>{t('home.errorText')}</p>
          </div>
        </Notice>
      ) : isLoading || !data ? (
        <ul
          aria-busy="true"
          aria-label={t('home.loadingEvents')}
          className={css({ display: 'grid', gap: '4' })}
        >
          <EventRowSkeleton />
          <EventRowSkeleton />
          <EventRowSkeleton />
        </ul>
      ) : events.length === 0 ? (
        <p
          className={css({
            p: '8',
            textAlign: 'center',
            color: 'fg.muted',
            borderWidth: '1px',
            borderStyle: 'dashed',
            borderColor: 'border.default',
            borderRadius: 'l3',
          })}
        >
          {t('home.empty')}
        </p>
      ) : (
        <ul aria-label={t('home.events')} className={css({ display: 'grid', gap: '4' })}>
          {events.map((event) => {
            const label = eventAvailability(event);
            return (
              <li key={event.id} className={row}>
                <div className={css({ minW: 0 })}>
                  <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' })}>
                    {event.name}
                  </h2>
                  <p
                    className={css({
                      mt: '1',
                      color: 'fg.muted',
                      fontSize: 'sm',
                      display: 'flex',
                      alignItems: 'center',
                      gap: '1.5',
                    })}
                  >
                    <MapPinIcon />
                    <EventWhere event={event} />
                  </p>
                  <Badge tone={toneFor(label)} mt="2">
                    {t(`availability.${label}`, { defaultValue: label })}
                  </Badge>
                </div>
                <Button asChild variant="solid" flexShrink={0}>
                  <Link href={`/events/${event.slug}`}>{t('home.viewDetails')}</Link>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
