import { parseRegistrationStatus, REGISTRATION_MESSAGES } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { CalendarIcon } from '../../components/icons';
import { Page } from '../../components/layout/page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toaster } from '../../components/ui/toaster';
import { translateMessage as tm } from '../../i18n';
import { AppointmentSlotRows } from '../../public/appointment-slot-rows';
import { detailList } from '../../public/detail-list';
import { FindAppointment } from '../../public/find-appointment';
import type { RegistrationLookup, RescheduleResult } from '../../public/types';
import { WarningNotice } from '../../public/warning-notice';
import { AppointmentDetailsCard } from '../../public/appointment-details-card';
import { SuccessCard } from '../../public/success-card';
import { primeLookup } from '../confirmation/prime-lookup';
import { ReschedulePanel } from './reschedule-panel';

type Step = 'find' | 'details' | 'reschedule' | 'done';

function statusOf(r: RegistrationLookup): { label: string; tone: 'success' | 'warning' | 'danger' } {
  const status = parseRegistrationStatus(r.status);
  if (status === 'cancelled') return { label: 'Cancelled', tone: 'danger' };
  if (status === 'expired') return { label: 'Expired', tone: 'danger' };
  if (status === 'pending' || status === 'pending_payment')
    return { label: 'Payment Pending', tone: 'warning' };
  return { label: 'Confirmed', tone: 'success' };
}

/** `/manage-appointment`: find a booking by reference, then reschedule it or go to cancel it. */
export default function ManageAppointmentPage() {
  // `?reference=` from the confirmation page's 'Manage booking'; `?ref=` from older links
  const query = new URLSearchParams(useSearch());
  const prefill = query.get('reference') ?? query.get('ref') ?? '';
  const [step, setStep] = useState<Step>('find');
  const [registration, setRegistration] = useState<RegistrationLookup | null>(null);
  const [moved, setMoved] = useState<RescheduleResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const { mutate } = useSWRConfig();

  // Each new step is announced by moving focus to the page heading (not on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const reference = registration?.referenceNumber ?? prefill;
  const status = registration ? statusOf(registration) : null;
  const closed = status?.label === 'Cancelled' || status?.label === 'Expired';
  const { t } = useTranslation();

  function rescheduled(result: RescheduleResult) {
    setMoved(result);
    setStep('done');
    toaster.create({
      title: 'Appointment rescheduled',
      description: `Your appointment is now on ${result.dateLabel} at ${result.label}.`,
      type: 'success',
    });
    // the confirmation page's copy of this booking is out of date now: read it as of the move
    void primeLookup(mutate, result.referenceNumber, result.position);
  }

  return (
    <Page display="flex" flexDirection="column" alignItems="center">
      <title>{`${t('confirmation.manage')} | Health Screening`}</title>
      <div className={css({ w: 'full', maxW: '2xl' })}>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            mb: '2',
            outline: 'none',
          })}
        >
          {t('confirmation.manage')}
        </h1>
        <p className={css({ color: 'fg.muted', mb: '6' })}>{t('manage.intro')}</p>

        {step === 'find' ? (
          <FindAppointment
            initialReference={reference}
            onFound={(found) => {
              setRegistration(found);
              setStep('details');
            }}
          />
        ) : null}

        {step === 'details' && registration && status ? (
          <AppointmentDetailsCard
            onBack={() => setStep('find')}
            actions={
              closed ? null : (
                <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
                  <Button asChild variant="outline">
                    <Link
                      href={`/cancel-appointment?ref=${encodeURIComponent(registration.referenceNumber)}`}
                    >
                      {t('manage.cancel')}
                    </Link>
                  </Button>
                  <Button onClick={() => setStep('reschedule')}>
                    <CalendarIcon />
                    {t('manage.reschedule')}
                  </Button>
                </div>
              )
            }
          >
            <dl className={detailList}>
              <dt>{t('success.reference')}</dt>
              <dd>{registration.referenceNumber}</dd>
              <dt>{t('review.event')}</dt>
              <dd>{registration.eventName}</dd>
              <AppointmentSlotRows registration={registration} />
              <dt>{t('confirmation.status')}</dt>
              <dd>
                <Badge tone={status.tone}>{tm(status.label)}</Badge>
              </dd>
            </dl>
            {closed ? (
              <WarningNotice>
                <p>{tm(REGISTRATION_MESSAGES.cannotReschedule)}</p>
              </WarningNotice>
            ) : null}
          </AppointmentDetailsCard>
        ) : null}

        {step === 'reschedule' && registration ? (
          <ReschedulePanel
            registration={registration}
            onBack={() => setStep('details')}
            onRescheduled={rescheduled}
          />
        ) : null}

        {step === 'done' && moved ? (
          <SuccessCard title={t('manage.rescheduledTitle')}>
            <p data-testid="rescheduled-to">
              Your appointment <strong>{moved.referenceNumber}</strong> is now on{' '}
              <strong>{moved.dateLabel}</strong> at <strong>{moved.label}</strong>.
            </p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('manage.emailing')}</p>
            <Button asChild mt="4" variant="outline">
              <Link href="/">{t('common.returnHome')}</Link>
            </Button>
          </SuccessCard>
        ) : null}
      </div>
    </Page>
  );
}
