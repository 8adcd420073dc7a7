import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { FindAppointment } from '../public/find-appointment';
import type { RegistrationLookup } from '../public/types';
import { CancelDetails, referenceOf } from './manage/cancel-details';
import { CancelledCard } from './manage/cancelled-card';

type Step = 'find' | 'details' | 'done';

/** `/cancel-appointment`: find by reference, confirm, cancelled (the spec's flow, unchanged). */
export default function CancelAppointmentPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('find');
  const prefill = new URLSearchParams(useSearch()).get('ref') ?? '';
  const [registration, setRegistration] = useState<RegistrationLookup | null>(null);

  function reset() {
    setStep('find');
    setRegistration(null);
  }

  const ref = registration ? referenceOf(registration) : '';

  return (
    <Page display="flex" flexDirection="column" alignItems="center">
      <title>{`${t('cancelPage.title')} | Health Screening`}</title>
      <div className={css({ w: 'full', maxW: '2xl' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', mb: '2' })}>
          {t('cancelPage.title')}
        </h1>
        <p className={css({ color: 'fg.muted', mb: '6' })}>
          {t('cancelPage.intro')}{' '}
          <Link
            href={ref ? `/manage-appointment?ref=${encodeURIComponent(ref)}` : '/manage-appointment'}
            className={css({ color: 'accent.text', textDecoration: 'underline' })}
          >
            {t('cancelPage.rescheduleInstead')}
          </Link>
        </p>

        {step === 'find' ? (
          <FindAppointment
            initialReference={registration?.referenceNumber ?? prefill}
            onFound={(found) => {
              setRegistration(found);
              setStep('details');
            }}
          />
        ) : null}

        {step === 'details' && registration ? (
          <CancelDetails
            registration={registration}
            onBack={() => setStep('find')}
            onChange={setRegistration}
            onCancelled={() => setStep('done')}
          />
        ) : null}

        {step === 'done' ? (
          <CancelledCard
            reference={ref}
            refund={registration?.cancellationRefund}
            more={
              // issue 46: booking again first; cancelling another stays, as the spec has it
              <Button variant="outline" onClick={reset}>
                {t('cancelPage.another')}
              </Button>
            }
          />
        ) : null}
      </div>
    </Page>
  );
}
