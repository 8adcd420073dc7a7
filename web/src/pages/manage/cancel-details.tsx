import { CANCEL_MESSAGES, STATUS_MESSAGES } from '@hs/domain';
import { useState } from 'react';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { toaster } from '../../components/ui/toaster';
import { ApiError, api } from '../../lib/api';
import { AppointmentDetailsCard } from '../../public/appointment-details-card';
import { AppointmentSlotRows } from '../../public/appointment-slot-rows';
import { detailList } from '../../public/detail-list';
import { money, publicPrice } from '../../public/money';
import { RESERVATION_MESSAGES } from '../../public/reservation-messages';
import type { RegistrationLookup } from '../../public/types';
import { Notice } from '../../components/notice';

export const referenceOf = (r: RegistrationLookup) => r.referenceNumber || r.reference_number || '';

/**
 * The spec's 'Appointment Details' step of cancelling: the booking, what cancelling now refunds, the
 * checkbox, and 'Cancel Appointment' once it is ticked. The cancel page shows it after its lookup;
 * the manage page straight from the booking it shows (issue 46: no second lookup).
 */
export function CancelDetails({
  registration,
  onBack,
  onChange,
  onCancelled,
}: {
  registration: RegistrationLookup;
  onBack: () => void;
  /** The booking as it is now known (cancelled meanwhile: a 409). */
  onChange: (registration: RegistrationLookup) => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancelled = registration.status === 'cancelled' || registration.status === 'canceled';
  const expired = registration.status === 'expired';
  const refund = registration.cancellationRefund;
  const refundText =
    refund?.kind === 'automatic'
      ? t('cancelPage.refundAutomatic', { amount: money(refund.amount) })
      : refund?.kind === 'review'
        ? tm(RESERVATION_MESSAGES.refundReview)
        : null;

  async function cancel() {
    if (!confirmed) return;
    setCancelling(true);
    try {
      await api.post(`/api/registrations/${registration.id}/cancel`);
      toaster.create({
        title: tm(CANCEL_MESSAGES.successTitle),
        description: tm(CANCEL_MESSAGES.success),
        type: 'success',
      });
      onCancelled();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        onChange({ ...registration, status: 'cancelled' });
      toaster.create({
        title: t('cancelPage.failedTitle'),
        description: tm(CANCEL_MESSAGES.cancelFailed),
        type: 'error',
      });
    } finally {
      setCancelling(false);
    }
  }

  return (
    <AppointmentDetailsCard
      onBack={onBack}
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
        <dd>{referenceOf(registration)}</dd>
        <dt>{t('review.name')}</dt>
        <dd>
          {registration.firstName} {registration.lastName}
        </dd>
        <dt>{t('review.event')}</dt>
        <dd>{registration.eventName}</dd>
        <dt>{t('review.package')}</dt>
        <dd>
          {registration.packageName}
          {/* issue 46: the public sees the price with GST in it */}
          {registration.packagePrice
            ? ` (${publicPrice(registration.packagePrice)}, ${t('wizard.inclGst')})`
            : ''}
        </dd>
        <AppointmentSlotRows registration={registration} />
      </dl>
      {cancelled ? (
        <Notice tone="warning" ariaRole="alert">
          <div>
            <h3 className={css({ fontWeight: 'semibold' })}>{tm(STATUS_MESSAGES.alreadyCancelledTitle)}</h3>
            <p>{tm(STATUS_MESSAGES.alreadyCancelled)}</p>
          </div>
        </Notice>
      ) : expired ? (
        <Notice tone="warning" ariaRole="alert">
          <p>{t('hold.expired')}</p>
        </Notice>
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
  );
}
