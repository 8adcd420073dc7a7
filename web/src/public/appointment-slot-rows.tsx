import { formatDateDMY } from '@hs/domain';
import { useTranslation } from '../i18n';
import type { RegistrationLookup } from './types';

/** The date, time and place of a looked-up booking, as rows of the page's `<dl>`. */
export function AppointmentSlotRows({ registration }: { registration: RegistrationLookup }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('review.date')}</dt>
      <dd>{formatDateDMY(registration.timeslotDate)}</dd>
      <dt>{t('review.time')}</dt>
      <dd>{registration.timeslotTime}</dd>
      <dt>{t('review.location')}</dt>
      <dd>{registration.location || t('common.locationNotSpecified')}</dd>
    </>
  );
}
