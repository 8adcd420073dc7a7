import { formatDateDMY, slotsLeft } from '@hs/domain';
import { useState } from 'react';
import { useTranslation, useLanguage } from '../../../i18n';
import useSWR from 'swr';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/icons';
import { Page } from '../../../components/layout/page';
import { Button } from '../../../components/ui/button';
import * as Card from '../../../components/ui/card';
import { type ApiEnvelope, ApiError } from '../../../lib/api';
import { eventKey } from '../../../lib/swr-keys';
import { ChoiceGroup } from '../../../public/choice-group';
import { money } from '../../../public/money';
import { EventLoadError, EventLoading, EventNotFound } from '../../../public/event-states';
import type { EventDetail, PublicTimeslot } from '../../../public/types';
import { StepHeader } from './step-header';

const slotButton = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '0.5',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { borderColor: 'border.outline' },
  _focusVisible: { outline: '2px solid {colors.accent.default}', outlineOffset: '2px' },
  '&[aria-pressed=true]': { borderColor: 'accent.default', bg: 'accent.subtle' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed', bg: 'bg.subtle' },
});

function groupByDate(slots: readonly PublicTimeslot[]) {
  const groups = new Map<string, PublicTimeslot[]>();
  for (const s of [...slots].sort((a, b) => `${a.date}${a.time}`.localeCompare(`${b.date}${b.time}`))) {
    groups.set(s.date, [...(groups.get(s.date) ?? []), s]);
  }
  return [...groups.entries()];
}

/** `/legacy/events/{slug}`: older alternate flow, step 2 (package and time slot). */
export function LegacyEventPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams<{ slug: string }>();
  const [, navigate] = useLocation();
  const language = useLanguage();
  const { data, error, isLoading } = useSWR<ApiEnvelope<EventDetail>>(slug ? eventKey(slug, language) : null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [timeslotId, setTimeslotId] = useState<number | null>(null);

  if (!slug) return <Redirect to="/" replace />;
  if (error)
    return error instanceof ApiError && error.status === 404 ? <EventNotFound /> : <EventLoadError />;
  if (isLoading || !data?.data) return <EventLoading />;
  const event = data.data;
  const groups = groupByDate(event.timeslots ?? []);
  const canContinue = packageId !== null && timeslotId !== null;
  return (
    <Page>
      <title>{`${event.name} | Health Screening`}</title>
      <div className={css({ maxW: '3xl', mx: 'auto' })}>
        <StepHeader step={2} title={t('legacy.choose')} subtitle={event.name} />
        <Card.Root>
          <Card.Body gap="8" pt="6">
            <ChoiceGroup
              id="legacy-packageId"
              label={
                <span className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                  {t('legacy.selectPackage')}
                </span>
              }
              name="legacy-package"
              value={packageId}
              onChange={setPackageId}
              options={event.packages.map((p) => ({
                value: String(p.id),
                label: p.name,
                description: p.description,
                aside: <span className={css({ fontWeight: 'bold' })}>{money(p.price)}</span>,
              }))}
            />
            <section aria-labelledby="legacy-slots">
              <h2 id="legacy-slots" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
                {t('legacy.selectSlot')}
              </h2>
              {groups.length === 0 ? (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('legacy.noSlots')}</p>
              ) : (
                <div className={css({ display: 'grid', gap: '5' })}>
                  {groups.map(([date, slots]) => (
                    <div key={date}>
                      <h3 className={css({ fontWeight: 'medium', mb: '2', fontSize: 'sm' })}>
                        {formatDateDMY(date)}
                      </h3>
                      <div
                        className={css({
                          display: 'grid',
                          gap: '2',
                          gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 1fr)' },
                        })}
                      >
                        {slots.map((s) => {
                          const full = !s.isAvailable || s.currentAttendees >= s.maxAttendees;
                          return (
                            <button
                              key={s.id}
                              type="button"
                              className={slotButton}
                              aria-pressed={timeslotId === s.id}
                              disabled={full}
                              onClick={() => setTimeslotId(s.id)}
                            >
                              <span className={css({ fontWeight: 'medium' })}>{s.label}</span>
                              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                                {full
                                  ? t('legacy.fullyBooked')
                                  : t('slots.slotsLeft', { count: slotsLeft(s) })}
                              </span>
                            </button>
                          );
                        })}
                      </div>
                    </div>
                  ))}
                </div>
              )}
            </section>
          </Card.Body>
          <Card.Footer justifyContent="space-between" gap="3" flexWrap="wrap">
            <Button asChild variant="outline">
              <Link href="/">
                <ArrowLeftIcon />
                {t('legacy.back')}
              </Link>
            </Button>
            <Button
              disabled={!canContinue}
              onClick={() =>
                navigate(`/participants?eventId=${event.id}&packageId=${packageId}&timeslotId=${timeslotId}`)
              }
            >
              {t('legacy.continue')}
              <ArrowRightIcon />
            </Button>
          </Card.Footer>
        </Card.Root>
      </div>
    </Page>
  );
}
