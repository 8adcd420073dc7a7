import { formatAppointmentDate, formatAppointmentTime, type ManageProof } from '@hs/domain';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation, useLanguage } from '../../i18n';
import { useSWRConfig } from 'swr';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { toaster } from '../../components/ui/toaster';
import { SuccessCard } from '../../public/success-card';
import type { RegistrationLookup, RescheduleResult } from '../../public/types';
import { primeLookup } from '../confirmation/prime-lookup';
import { CancelDetails, referenceOf } from './cancel-details';
import { CancelledCard } from './cancelled-card';
import { ManageDetails } from './manage-details';
import { ManageFind } from './manage-find';
import { OpeningLink, useManageLink } from './use-manage-link';
import { ReschedulePanel } from './reschedule-panel';

type Step = 'find' | 'details' | 'reschedule' | 'cancel' | 'cancelled' | 'done';

/**
 * `/manage-appointment`: opened from an email's signed link (`?ref=…&token=…`) it shows the booking at
 * once; otherwise the reference plus the booking's email or date of birth find it (issue 46). Then
 * reschedule it, or cancel it here in one step (the spec's checkbox and texts).
 */
export default function ManageAppointmentPage() {
  const query = new URLSearchParams(useSearch());
  // `?reference=` from the confirmation page's 'Manage booking'; `?ref=` (with `token`) from the emails
  const prefill = query.get('reference') ?? query.get('ref') ?? '';
  const link = useManageLink(prefill, query.get('token'));
  const [step, setStep] = useState<Step>('find');
  const [registration, setRegistration] = useState<RegistrationLookup | null>(null);
  const [proof, setProof] = useState<ManageProof>({});
  const [moved, setMoved] = useState<RescheduleResult | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const { mutate } = useSWRConfig();
  const { t } = useTranslation();
  const language = useLanguage();

  function found(booking: RegistrationLookup, given: ManageProof) {
    setRegistration(booking);
    setProof(given);
    setStep('details');
  }

  // The signed link opened the booking: straight to its details.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the link's read settles
  useEffect(() => {
    if (link.state === 'opened') found(link.registration, link.proof);
  }, [link.state]);

  // Each new step is announced by moving focus to the page heading (not on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step changes only
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function rescheduled(result: RescheduleResult) {
    setMoved(result);
    setStep('done');
    toaster.create({
      title: t('manage.rescheduledToastTitle'),
      description: t('manage.rescheduledToast', {
        date: formatAppointmentDate(language, result.date),
        time: formatAppointmentTime(language, result.time),
      }),
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

        {step === 'find' && link.state === 'opening' ? <OpeningLink /> : null}

        {step === 'find' && link.state !== 'opening' ? (
          <ManageFind
            initialReference={registration ? referenceOf(registration) : prefill}
            notice={link.state === 'refused' ? link.message : null}
            onFound={found}
          />
        ) : null}

        {step === 'details' && registration ? (
          <ManageDetails
            registration={registration}
            onBack={() => setStep('find')}
            onCancel={() => setStep('cancel')}
            onReschedule={() => setStep('reschedule')}
          />
        ) : null}

        {step === 'reschedule' && registration ? (
          <ReschedulePanel
            registration={registration}
            proof={proof}
            onBack={() => setStep('details')}
            onRescheduled={rescheduled}
          />
        ) : null}

        {step === 'cancel' && registration ? (
          <CancelDetails
            registration={registration}
            onBack={() => setStep('details')}
            onChange={setRegistration}
            onCancelled={() => setStep('cancelled')}
          />
        ) : null}

        {step === 'cancelled' && registration ? (
          <CancelledCard
            reference={referenceOf(registration)}
            refund={registration.cancellationRefund}
            more={
              <Button asChild variant="outline">
                <Link href="/">{t('common.returnHome')}</Link>
              </Button>
            }
          />
        ) : null}

        {step === 'done' && moved ? (
          <SuccessCard title={t('manage.rescheduledTitle')}>
            <p data-testid="rescheduled-to">
              <Trans
                i18nKey="manage.rescheduledTo"
                values={{
                  reference: moved.referenceNumber,
                  date: formatAppointmentDate(language, moved.date),
                  time: formatAppointmentTime(language, moved.time),
                }}
                components={{ strong: <strong /> }}
              />
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
