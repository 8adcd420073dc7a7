import { formatDateDMY, formatTimeLabel } from '@hs/domain';
import type { DetailRow } from '../../../public/detail-list';
import type { LegacyBookingDetails } from '../../../public/legacy-storage';
import { money } from '../../../public/money';

/** Event, date and time, location and package of the stored booking (names where they were found). */
export function bookingRows(details: LegacyBookingDetails): DetailRow[] {
  const time = details.timeLabel ?? (details.time ? formatTimeLabel(details.time) : '');
  return [
    ['Event', details.eventName ?? `Event #${details.eventId}`],
    ['Date and Time', `${details.date ? formatDateDMY(details.date) : ''} ${time}`.trim()],
    ['Location', details.location || 'Location not specified'],
    [
      'Package',
      `${details.packageName ?? `Package #${details.packageId}`}${details.packagePrice ? ` (${money(details.packagePrice)})` : ''}`,
    ],
  ];
}
