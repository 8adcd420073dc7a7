import { formatDateDMY, formatTimeLabel } from '@hs/domain';
import type { DetailRow } from '../../../public/detail-list';
import type { LegacyBookingDetails } from '../../../public/legacy-storage';
import { money } from '../../../public/money';
import { i18n } from '../../../i18n';

/** Event, date and time, location and package of the stored booking (names where they were found). */
export function bookingRows(details: LegacyBookingDetails): DetailRow[] {
  const time = details.timeLabel ?? (details.time ? formatTimeLabel(details.time) : '');
  return [
    [i18n.t('legacy.event'), details.eventName ?? i18n.t('legacy.eventN', { id: details.eventId })],
    [i18n.t('legacy.dateTime'), `${details.date ? formatDateDMY(details.date) : ''} ${time}`.trim()],
    [i18n.t('legacy.location'), details.location || i18n.t('common.locationNotSpecified')],
    [
      i18n.t('legacy.package'),
      `${details.packageName ?? i18n.t('legacy.packageN', { id: details.packageId })}${details.packagePrice ? ` (${money(details.packagePrice)})` : ''}`,
    ],
  ];
}
