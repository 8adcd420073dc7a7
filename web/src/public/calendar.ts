/**
 * Add to Calendar: the appointment's .ics (the domain's one writer, so the page's file and the
 * emails' attachment are one calendar entry) and a Google Calendar link.
 */
import { type AppointmentCalendar, appointmentIcs, appointmentSpan, icsUtc } from '@hs/domain';

export type CalendarAppointment = Omit<AppointmentCalendar, 'stamp' | 'method'>;

export function googleCalendarUrl(a: CalendarAppointment): string {
  const { start, end } = appointmentSpan(a.date, a.time);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: a.summary,
    dates: `${icsUtc(start)}/${icsUtc(end)}`,
    ctz: 'Asia/Singapore',
    details: a.description,
    location: a.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function downloadIcs(a: CalendarAppointment, fileName: string): void {
  const text = appointmentIcs({ ...a, stamp: new Date(), method: 'PUBLISH' });
  const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
