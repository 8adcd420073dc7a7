import { parseRegistrationStatus, REGISTRATION_MESSAGES } from '@hs/domain';
import { useTranslation, translateMessage as tm } from '../../i18n';
import { css } from 'styled-system/css';
import { CalendarIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { AppointmentDetailsCard } from '../../public/appointment-details-card';
import { AppointmentSlotRows } from '../../public/appointment-slot-rows';
import { detailList } from '../../public/detail-list';
import type { RegistrationLookup } from '../../public/types';
import { Notice } from '../../components/notice';

function statusOf(r: RegistrationLookup): { label: string; tone: 'success' | 'warning' | 'danger' } {
  const status = parseRegistrationStatus(r.status);
  if (status === 'cancelled') return { label: 'Cancelled', tone: 'danger' };
  if (status === 'expired') return { label: 'Expired', tone: 'danger' };
  if (status === 'pending' || status === 'pending_payment')
    return { label: 'Payment Pending', tone: 'warning' };
  return { label: 'Confirmed', tone: 'success' };
}

/** The booking on the manage page with its two actions: Cancel (in place) and Reschedule. */
export function ManageDetails({
  registration,
  onBack,
  onCancel,
  onReschedule,
}: {
  registration: RegistrationLookup;
  onBack: () => void;
  onCancel: () => void;
  onReschedule: () => void;
}) {
  const { t } = useTranslation();
  const status = statusOf(registration);
  const closed = status.label === 'Cancelled' || status.label === 'Expired';
  return (
    <AppointmentDetailsCard
      onBack={onBack}
      actions={
        closed ? null : (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <Button variant="outline" onClick={onCancel}>
              {t('manage.cancel')}
            </Button>
            <Button onClick={onReschedule}>
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
        <Notice tone="warning" ariaRole="alert">
          <p>{tm(REGISTRATION_MESSAGES.cannotReschedule)}</p>
        </Notice>
      ) : null}
    </AppointmentDetailsCard>
  );
}
