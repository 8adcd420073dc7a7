import { useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Notice } from '../../components/notice';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useLanguage, useTranslation } from '../../i18n';
import type { ApiEnvelope } from '../../lib/api';
import { eventKey } from '../../lib/swr-keys';
import { ChoiceGroup } from '../../public/choice-group';
import type { EventDetail } from '../../public/types';
import type { ProgrammeBookingContext, ProgrammeSplit } from '../booking/programme';
import { BookingWizard } from '../booking/wizard';
import type { ProgrammePass, PublicProgramme } from './programme-api';

export interface ProgrammeBookingProps {
  programme: PublicProgramme;
  pass: ProgrammePass;
  /** Ask for the employer-may-see-my-name consent (the programme lets HR see names). */
  askShareName: boolean;
  /** A refused booking the page says (true when it did). */
  onRefused: (error: unknown) => boolean;
}

/** The covered packages of one event, with their split. */
function splitFor(programme: PublicProgramme, eventId: number): Record<number, ProgrammeSplit> {
  return Object.fromEntries(
    programme.packages
      .filter((p) => p.eventIds.includes(eventId))
      .map((p) => [p.id, { price: p.price, companyPays: p.companyPays, employeePays: p.employeePays }]),
  );
}

/** One covered event's wizard, limited to the programme's packages. */
function EventWizard({
  slug,
  context,
}: {
  slug: string;
  context: Omit<ProgrammeBookingContext, 'packages'> & { programme: PublicProgramme };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<EventDetail>>(eventKey(slug, language));
  if (error) {
    return (
      <Notice tone="danger">
        <span className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
          {t('corporate.eventLoadError')}
          <Button size="sm" variant="outline" onClick={() => void mutate()}>
            {t('common.tryAgain')}
          </Button>
        </span>
      </Notice>
    );
  }
  if (isLoading || !data?.data) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3' })}>
        <span className={css({ srOnly: true })}>{t('event.loading')}</span>
        <Skeleton h="12" />
        <Skeleton h="24" />
      </div>
    );
  }
  const event = data.data;
  const { programme, ...rest } = context;
  const packages = splitFor(programme, event.id);
  if (!event.packages.some((p) => packages[p.id])) {
    return (
      <Notice tone="info">
        <span>{t('corporate.noPackagesHere')}</span>
      </Notice>
    );
  }
  return <BookingWizard key={event.id} event={event} programme={{ ...rest, packages }} />;
}

/** After the code: which covered screening (when there is more than one), then the wizard. */
export function ProgrammeBooking({ programme, pass, askShareName, onRefused }: ProgrammeBookingProps) {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState<number | null>(
    programme.events.length === 1 ? programme.events[0]!.id : null,
  );
  const event = programme.events.find((e) => e.id === eventId);
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <Notice tone="info" size="sm" ariaRole="status">
        <span>
          {t('corporate.verifiedAs', { email: pass.email })}{' '}
          {t('corporate.bookingsLeft', { count: pass.bookingsLeft })}
        </span>
      </Notice>
      {programme.events.length > 1 ? (
        <Card.Root>
          <Card.Body pt="5">
            <ChoiceGroup
              id="programme-event"
              label={t('corporate.chooseEvent')}
              name="programmeEvent"
              value={eventId ? String(eventId) : null}
              onChange={(v) => setEventId(Number(v))}
              options={programme.events.map((e) => ({ value: String(e.id), label: e.name }))}
            />
          </Card.Body>
        </Card.Root>
      ) : null}
      {event ? (
        <EventWizard
          key={event.slug}
          slug={event.slug}
          context={{ programme, pass: pass.pass, email: pass.email, askShareName, onRefused }}
        />
      ) : null}
    </div>
  );
}
