/**
 * Where to go (issue 46): a venue's name, address, map link and phone, as the slot step, the review
 * and the event page show it; and the one line of an event in the home list.
 */
import { type EventVenues, type Venue, appointmentVenue } from '@hs/domain';
import { useTranslation } from '../i18n';
import { css } from 'styled-system/css';
import { MapPinIcon } from '../components/icons';

export type { Venue };

const link = css({
  color: 'accent.default',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

/** The venue's name (bold), address and postal code, then its map link and phone when it has them. */
export function VenueDetails({ venue }: { venue: Venue }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="venue"
      className={css({ display: 'grid', gap: '0.5', minW: 0, overflowWrap: 'anywhere' })}
    >
      <span className={css({ fontWeight: 'semibold' })}>{venue.name}</span>
      <span>
        {venue.address}, {t('venue.postal', { postalCode: venue.postalCode })}
      </span>
      {venue.mapUrl || venue.phone ? (
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 4' })}>
          {venue.mapUrl ? (
            <a className={link} href={venue.mapUrl} target="_blank" rel="noreferrer">
              {t('venue.map')}
              <span className={css({ srOnly: true })}> {t('venue.newTab')}</span>
            </a>
          ) : null}
          {venue.phone ? (
            <a className={link} href={`tel:${venue.phone.replace(/\s+/g, '')}`}>
              {t('venue.phone', { phone: venue.phone })}
            </a>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

/** A venue under a "Where to go" heading, with its pin: the slot step's panel. */
export function VenuePanel({ venue }: { venue: Venue }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('venue.heading')}
      className={css({
        display: 'flex',
        gap: '2.5',
        p: '3',
        fontSize: 'sm',
        bg: 'bg.subtle',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'border.subtle',
      })}
    >
      <MapPinIcon className={css({ color: 'accent.default', flexShrink: 0, mt: '0.5' })} />
      <div className={css({ display: 'grid', gap: '1', minW: 0 })}>
        <h3 className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>
          {t('venue.heading')}
        </h3>
        <VenueDetails venue={venue} />
      </div>
    </section>
  );
}

/** Where an appointment of `event` in `region` happens: the venue, else the location text, else "not specified". */
export function AppointmentWhere({
  event,
  region,
}: {
  event: EventVenues & { location: string | null };
  region: string | null | undefined;
}) {
  const { t } = useTranslation();
  const venue = appointmentVenue(event, region);
  if (venue) return <VenueDetails venue={venue} />;
  return <>{event.location || t('common.locationNotSpecified')}</>;
}

/**
 * An event's "where" in one line (the home list, the event page): its location (the api gives the
 * venue's line when the event has no text of its own), else its clinics by region, else "not specified".
 */
export function useEventWhereText(event: {
  location: string | null;
  regionVenues?: EventVenues['regionVenues'];
}) {
  const { t } = useTranslation();
  if (event.location) return event.location;
  const clinics = Object.keys(event.regionVenues ?? {}).length;
  if (clinics > 0) return t('venue.byRegion', { count: clinics });
  return t('common.locationNotSpecified');
}
