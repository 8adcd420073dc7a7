/** Add to Calendar: an .ics file (Asia/Singapore wall time) and a Google Calendar link. */

export interface CalendarAppointment {
  title: string;
  /** yyyy-MM-dd (Singapore calendar day) */
  date: string;
  /** HH:mm (Singapore wall clock) */
  time: string;
  durationMinutes?: number;
  location?: string | null;
  description?: string;
  uid: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:mm" or "h:mm AM" -> [hours, minutes] */
export function parseTime(time: string): [number, number] {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(AM|PM)?$/i.exec(time.trim());
  if (!m) return [9, 0];
  let h = Number(m[1]);
  const ap = m[3]?.toUpperCase();
  if (ap === 'PM' && h < 12) h += 12;
  if (ap === 'AM' && h === 12) h = 0;
  return [h, Number(m[2])];
}

function localStamp(date: string, minutesFromMidnight: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, 0, minutesFromMidnight));
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`;
}

/** Singapore is UTC+8 all year. */
function utcStamp(date: string, minutesFromMidnight: number): string {
  return `${localStamp(date, minutesFromMidnight - 8 * 60)}Z`;
}

function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

function span(a: CalendarAppointment): [number, number] {
  const [h, m] = parseTime(a.time);
  const start = h * 60 + m;
  return [start, start + (a.durationMinutes ?? 60)];
}

export function buildIcs(a: CalendarAppointment, now = new Date()): string {
  const [start, end] = span(a);
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Health Screening//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Singapore',
    'BEGIN:STANDARD',
    'DTSTART:19820101T000000',
    'TZOFFSETFROM:+0800',
    'TZOFFSETTO:+0800',
    'TZNAME:SGT',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${a.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=Asia/Singapore:${localStamp(a.date, start)}`,
    `DTEND;TZID=Asia/Singapore:${localStamp(a.date, end)}`,
    `SUMMARY:${escapeText(a.title)}`,
    ...(a.location ? [`LOCATION:${escapeText(a.location)}`] : []),
    ...(a.description ? [`DESCRIPTION:${escapeText(a.description)}`] : []),
    'BEGIN:VALARM',
    'TRIGGER:-PT1H',
    'ACTION:DISPLAY',
    'DESCRIPTION:Health screening appointment',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function googleCalendarUrl(a: CalendarAppointment): string {
  const [start, end] = span(a);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: a.title,
    dates: `${utcStamp(a.date, start)}/${utcStamp(a.date, end)}`,
    ctz: 'Asia/Singapore',
    details: a.description ?? '',
    location: a.location ?? '',
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function downloadIcs(a: CalendarAppointment, fileName: string): void {
  const blob = new Blob([buildIcs(a)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
