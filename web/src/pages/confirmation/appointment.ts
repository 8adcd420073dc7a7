import { venueLine } from '@hs/domain';
import type { CalendarAppointment } from '../../public/calendar';
import type { RegistrationLookup } from '../../public/types';

/** Where to go, on one line: the appointment's venue (name, address, postal code), else the event's location text. */
export function whereText(r: RegistrationLookup): string | null {
  if (r.venue) return venueLine(r.venue);
  return r.location?.trim() || null;
}

export const referenceOf = (r: RegistrationLookup, fallback: string): string =>
  r.referenceNumber || r.reference_number || fallback;

/**
 * The booking's calendar entry (the domain's one .ics writer, UID from the booking's id, so the file
 * here and the emails' attachment are one entry); null while the slot's day or time is unknown.
 */
export function appointmentOf(r: RegistrationLookup, reference: string): CalendarAppointment | null {
  const date = r.timeslotDate ?? '';
  const time = (r.timeslotTime ?? '').slice(0, 5);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const venue = r.venue;
  const geo =
    typeof venue?.lat === 'number' && typeof venue.lng === 'number'
      ? { lat: venue.lat, lng: venue.lng }
      : null;
  return {
    registrationId: r.id,
    // The booking itself: a reschedule's email raises it (the same UID updates this entry).
    sequence: 0,
    summary: `Health Screening: ${r.eventName}`,
    date,
    time,
    location: whereText(r) ?? '',
    geo,
    description: `Reference number: ${reference}\nPackage: ${r.packageName}\nPlease arrive 15 minutes early and bring your ID and reference number. Fast for 8-10 hours before your screening.`,
  };
}
