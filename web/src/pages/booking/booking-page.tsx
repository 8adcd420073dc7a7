import { REGION_INFO_PANEL } from '@hs/domain';
import { useTranslation, useLanguage } from '../../i18n';
import useSWR from 'swr';
import { useParams } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { InfoIcon } from '../../components/icons';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { type ApiEnvelope, ApiError } from '../../lib/api';
import { eventKey } from '../../lib/swr-keys';
import { CalendarIcon } from '../../components/icons';
import { MapPinIcon, PackageIcon } from '../../components/icons';
import { EventLoadError, EventNotFound } from '../../public/event-states';
import type { EventDetail } from '../../public/types';
import { VenueDetails, useEventWhereText } from '../../public/venue';
import { BookingWizard } from './wizard';

const NOTES = ['event.note1', 'event.note2', 'event.note3', 'event.note4'] as const;

function InfoPanel({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const where = useEventWhereText(event);
  return (
    <div className={css({ gridArea: 'info' })}>
      <Card.Root>
        <Card.Header>
          <h1
            className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}
          >
            {event.name}
          </h1>
          {event.description ? <Card.Description>{event.description}</Card.Description> : null}
        </Card.Header>
        <Card.Body gap="3">
          <dl className={css({ display: 'grid', gap: '2.5', fontSize: 'sm' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
              <MapPinIcon className={css({ color: 'accent.default', flexShrink: 0, mt: '0.5' })} />
              <dt className={css({ srOnly: true })}>{t('event.location')}</dt>
              <dd className={css({ minW: 0 })}>
                {event.venue ? <VenueDetails venue={event.venue} /> : where}
              </dd>
            </div>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              <CalendarIcon className={css({ color: 'accent.default', flexShrink: 0 })} />
              <dt className={css({ srOnly: true })}>{t('event.dates')}</dt>
              <dd>{t('event.multipleDates')}</dd>
            </div>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
              <PackageIcon className={css({ color: 'accent.default', flexShrink: 0 })} />
              <dt className={css({ srOnly: true })}>{t('event.packages')}</dt>
              <dd>{t('event.packagesAvailable', { count: event.packages.length })}</dd>
            </div>
          </dl>
          <div className={css({ mt: '2', p: '3', bg: 'bg.subtle', borderRadius: 'l2' })}>
            <h2 className={css({ fontWeight: 'semibold', fontSize: 'sm', mb: '1.5' })}>
              {t('event.notesTitle')}
            </h2>
            <ul
              className={css({
                listStyle: 'disc',
                pl: '5',
                fontSize: 'sm',
                color: 'fg.muted',
                display: 'grid',
                gap: '1',
              })}
            >
              {NOTES.map((n) => (
                <li key={n}>{t(n)}</li>
              ))}
            </ul>
          </div>
        </Card.Body>
      </Card.Root>
    </div>
  );
}

/**
 * The postal-region explainer: beside the wizard on desktops, below it on phones. A region-based
 * event names each region's clinic under it (issue 46).
 */
function RegionPanel({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const clinics = event.regionVenues ?? {};
  return (
    <div className={css({ gridArea: 'region' })}>
      <Card.Root variant="subtle">
        <Card.Header>
          <h2 className={css({ fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}>
            <InfoIcon className={css({ color: 'accent.default' })} />
            {t('event.regionTitle')}
          </h2>
          <Card.Description>{t('event.regionText')}</Card.Description>
        </Card.Header>
        <Card.Body>
          <ul className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
            {REGION_INFO_PANEL.map((r) => (
              <li
                key={r.region}
                className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}
              >
                <span className={css({ display: 'grid' })}>
                  <span className={css({ fontWeight: 'medium' })}>{t(`region.${r.region}`)}</span>
                  {clinics[r.region] ? (
                    <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                      {clinics[r.region]!.name}
                    </span>
                  ) : null}
                </span>
                <span className={css({ color: 'fg.muted', textAlign: 'end' })}>{r.prefixes}</span>
              </li>
            ))}
          </ul>
        </Card.Body>
      </Card.Root>
    </div>
  );
}

function LoadingLayout() {
  const { t } = useTranslation();
  return (
    <Page>
      <div aria-busy="true" className={layout}>
        <span className={css({ srOnly: true })}>{t('event.loading')}</span>
        <div className={css({ display: 'grid', gap: '3' })}>
          <Skeleton h="8" w="70%" />
          <Skeleton shape="line" />
          <Skeleton shape="line" w="80%" />
          <Skeleton h="40" mt="4" />
        </div>
        <div className={css({ display: 'grid', gap: '3' })}>
          <Skeleton h="12" />
          <Skeleton h="24" />
          <Skeleton h="24" />
        </div>
      </div>
    </Page>
  );
}

const layout = css({
  display: 'grid',
  gap: { base: '6', lg: '8' },
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
  alignItems: 'start',
});

/** Phones: event info, wizard, then the region panel; desktops: info and regions left, wizard right. */
const bookingLayout = css({
  display: 'grid',
  columnGap: { base: '6', lg: '8' },
  rowGap: { base: '6', lg: '4' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
  gridTemplateRows: { lg: 'auto 1fr' },
  gridTemplateAreas: { base: '"info" "wizard" "region"', lg: '"info wizard" "region wizard"' },
  alignItems: 'start',
});

/** `/events/{slug}`: the four-step booking wizard. */
export default function EventBookingPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const language = useLanguage();
  const { data, error, isLoading } = useSWR<ApiEnvelope<EventDetail>>(slug ? eventKey(slug, language) : null);
  // a 404, or an answer without the event: 'Event Not Found'
  const missing = (error instanceof ApiError && error.status === 404) || (data !== undefined && !data?.data);
  if (missing) return <EventNotFound />;
  if (error) return <EventLoadError />;
  if (isLoading || !data?.data) return <LoadingLayout />;
  const event = data.data;
  return (
    <Page>
      <title>{`${event.name} | Health Screening`}</title>
      <div className={bookingLayout}>
        <InfoPanel event={event} />
        <div className={css({ gridArea: 'wizard', minW: '0' })}>
          <BookingWizard event={event} />
        </div>
        <RegionPanel event={event} />
      </div>
    </Page>
  );
}
