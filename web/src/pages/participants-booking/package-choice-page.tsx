import { BOOKING_MESSAGES } from '@hs/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { ArrowRightIcon } from '../../components/icons';
import { FormCardPage } from './form-card-page';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { BackFooter } from '../../public/back-footer';
import { ChoiceGroup } from '../../public/choice-group';
import { focusFirstInvalid } from '../../public/form-field';
import { EventLoadError, EventLoading, EventNotFound } from '../../public/event-states';
import { positiveInt } from '../../public/legacy-storage';
import { publicPrice } from '../../public/money';
import { useLeaveWhenMissing } from './missing-information';
import { participantsPath } from './paths';
import { useEventById } from './use-event-by-id';

const F = 'pk-';

/** `/booking/packages?eventId={id}`: the package choice before the participants page ('Back to Packages'). */
export function PackageChoicePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const q = new URLSearchParams(useSearch());
  const eventId = positiveInt(q.get('eventId'));
  useLeaveWhenMissing(!eventId);
  const { event, notFound, error, isLoading } = useEventById(eventId);
  const [packageId, setPackageId] = useState<string | null>(q.get('packageId'));
  const [packageError, setPackageError] = useState<string>();

  if (!eventId) return null;
  if (error) return <EventLoadError />;
  if (notFound) return <EventNotFound />;
  if (isLoading || !event) return <EventLoading />;

  const chosen = event.packages.find((p) => String(p.id) === packageId);
  const next = () => {
    if (!chosen) {
      setPackageError(BOOKING_MESSAGES.package);
      focusFirstInvalid({ packageId: 'x' }, ['packageId'], F);
      return;
    }
    navigate(participantsPath(event, chosen.id));
  };

  return (
    <FormCardPage
      tabTitle={`${event.name} | ${t('pc.title')} | Health Screening`}
      heading={t('pc.title')}
      subtitle={event.name}
      onSubmit={next}
    >
      <Card.Body pt="6">
        {event.packages.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('pc.none')}</p>
        ) : (
          <ChoiceGroup
            id={`${F}packageId`}
            label={<span className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('pc.select')}</span>}
            name="package"
            value={chosen ? String(chosen.id) : null}
            onChange={(v) => {
              setPackageId(v);
              setPackageError(undefined);
            }}
            error={packageError}
            options={event.packages.map((p) => ({
              value: String(p.id),
              label: p.name,
              description: p.description,
              aside: (
                // issue 46: the public sees prices with GST in them
                <span className={css({ textAlign: 'right', display: 'grid' })}>
                  <strong>{publicPrice(p.price)}</strong>
                  {p.aiaPrice ? (
                    <span className={css({ fontSize: 'xs', color: 'accent.text' })}>
                      {t('wizard.aia')} {publicPrice(p.aiaPrice)}
                    </span>
                  ) : null}
                  <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('wizard.inclGst')}</span>
                </span>
              ),
            }))}
          />
        )}
      </Card.Body>
      <BackFooter back={`/events/${encodeURIComponent(event.slug)}`} label={t('manage.back')}>
        <Button type="submit" disabled={event.packages.length === 0}>
          {t('pc.continue')}
          <ArrowRightIcon />
        </Button>
      </BackFooter>
    </FormCardPage>
  );
}
