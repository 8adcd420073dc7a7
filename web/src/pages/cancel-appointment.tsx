import { CANCEL_MESSAGES, STATUS_MESSAGES } from '@hs/domain';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { toaster } from '../components/ui/toaster';
import { translateMessage as tm } from '../i18n';
import { ApiError, api } from '../lib/api';
import { AppointmentSlotRows } from '../public/appointment-slot-rows';
import { detailList } from '../public/detail-list';
import { FindAppointment } from '../public/find-appointment';
import { money } from '../public/money';
import { RESERVATION_MESSAGES } from '../public/reservation-messages';
import type { RegistrationLookup } from '../public/types';
import { WarningNotice } from '../public/warning-notice';
import { AppointmentDetailsCard } from '../public/appointment-details-card';
import { SuccessCard } from '../public/success-card';

type Step = 'find' | 'details' | 'done';

/** `/cancel-appointment`: find by reference, confirm, cancelled. */
export default function CancelAppointmentPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('find');
  const prefill = new URLSearchParams(useSearch()).get('ref') ?? '';
  const [registration, setRegistration] = useState<RegistrationLookup | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  function reset() {
    setStep('find');
    setRegistration(null);
    setConfirmed(false);
  }

  async function cancel() {
    if (!registration || !confirmed) return;
    setCancelling(true);
    try {
      await api.post(`/api/registrations/${registration.id}/cancel`);
      toaster.create({
        title: tm(CANCEL_MESSAGES.successTitle),
        description: tm(CANCEL_MESSAGES.success),
        type: 'success',
      });
      setStep('done');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setRegistration({ ...registration, status: 'cancelled' });
      }
      toaster.create({
        title: t('cancelPage.failedTitle'),
        description: tm(CANCEL_MESSAGES.cancelFailed),
        type: 'error',
      });
    } finally {
      setCancelling(false);
    }
  }

  const ref = registration?.referenceNumber || registration?.reference_number || '';
  const cancelled = registration?.status === 'cancelled' || registration?.status === 'canceled';
  const expired = registration?.status === 'expired';
  const refund = registration?.cancellationRefund;
  const refundText =
    refund?.kind === 'automatic'
      ? t('cancelPage.refundAutomatic', { amount: money(refund.amount) })
      : refund?.kind === 'review'
        ? tm(RESERVATION_MESSAGES.refundReview)
        : null;

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
              setConfirmed(false);
              setStep('details');
            }}
          />
        ) : null}

        {step === 'details' && registration ? (
          <AppointmentDetailsCard
            onBack={() => setStep('find')}
            actions={
              cancelled || expired ? null : (
                <Button
                  variant="danger"
                  disabled={!confirmed}
                  loading={cancelling}
                  loadingText={t('cancelPage.cancelling')}
                  onClick={cancel}
                >
                  {t('cancelPage.title')}
                </Button>
              )
            }
          >
            <dl className={detailList}>
              <dt>{t('success.reference')}</dt>
              <dd>{ref}</dd>
              <dt>{t('review.name')}</dt>
              <dd>
                {registration.firstName} {registration.lastName}
              </dd>
              <dt>{t('review.event')}</dt>
              <dd>{registration.eventName}</dd>
              <dt>{t('review.package')}</dt>
              <dd>
                {registration.packageName}
                {registration.packagePrice ? ` (${money(registration.packagePrice)})` : ''}
              </dd>
              <AppointmentSlotRows registration={registration} />
            </dl>
            {cancelled ? (
              <WarningNotice>
                <div>
                  <h3 className={css({ fontWeight: 'semibold' })}>
                    {tm(STATUS_MESSAGES.alreadyCancelledTitle)}
                  </h3>
                  <p>{tm(STATUS_MESSAGES.alreadyCancelled)}</p>
                </div>
              </WarningNotice>
            ) : expired ? (
              <WarningNotice>
                <p>{t('hold.expired')}</p>
              </WarningNotice>
            ) : (
              <>
                {refundText ? (
                  <p
                    data-testid="cancel-refund"
                    className={css({ p: '3', borderRadius: 'l2', bg: 'bg.subtle', fontSize: 'sm' })}
                  >
                    {refundText}
                  </p>
                ) : null}
                <div
                  className={css({
                    p: '4',
                    borderRadius: 'l2',
                    bg: 'danger.subtle',
                    borderWidth: '1px',
                    borderColor: 'danger.border',
                  })}
                >
                  <Checkbox checked={confirmed} onCheckedChange={(e) => setConfirmed(e.checked === true)}>
                    {tm(CANCEL_MESSAGES.checkbox)}
                  </Checkbox>
                </div>
              </>
            )}
          </AppointmentDetailsCard>
        ) : null}

        {step === 'done' ? (
          <SuccessCard title={t('cancelPage.doneTitle')}>
            <p className={css({ color: 'fg.muted' })}>
              <Trans
                i18nKey="cancelPage.doneText"
                values={{ reference: ref }}
                components={{ strong: <strong /> }}
              />
            </p>
            {refund?.kind === 'automatic' ? (
              <p data-testid="cancelled-refund" className={css({ mt: '3' })}>
                {t('cancelPage.refundDone', { amount: money(refund.amount) })} {t('cancelPage.refundTiming')}
              </p>
            ) : refund?.kind === 'review' ? (
              <p data-testid="cancelled-refund" className={css({ mt: '3' })}>
                {tm(RESERVATION_MESSAGES.refundReview)}
              </p>
            ) : null}
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' })}>
              {/* issue 46: booking again first; cancelling another stays, as the spec has it */}
              <Button asChild>
                <Link href="/">{t('cancelPage.bookAgain')}</Link>
              </Button>
              <Button variant="outline" onClick={reset}>
                {t('cancelPage.another')}
              </Button>
            </div>
          </SuccessCard>
        ) : null}
      </div>
    </Page>
  );
}
