/**
 * The appointment as an iCalendar file (RFC 5545): the one writer behind the confirmation page's
 * "Add to Calendar" and the emails' attachment. Every file of one booking has the same UID and a
 * rising SEQUENCE, so a calendar that imported any of them updates that one entry when a later one
 * (a reschedule) arrives. Written by hand: a dozen lines of text do not need a library.
 */
import { singaporeInstant } from './dates';

/** Slots have no length in the catalogue: the entry lasts this long. */
export const APPOINTMENT_DURATION_MS = 3_600_000;

export interface AppointmentCalendar {
  registrationId: number;
  /** 0 for the booking, then 1 + the number of earlier reschedules. */
  sequence: number;
  /** Singapore wall clock: 'yyyy-MM-dd' and 'HH:mm'. */
  date: string;
  time: string;
  summary: string;
  /** Where to go: the venue's one line (issue 46), else the event's location text. */
  location: string;
  /** The venue's coordinates, when known: written as GEO so a calendar can map it. */
  geo?: { lat: number; lng: number } | null;
  description: string;
  /** When the file is written (DTSTAMP). */
  stamp: Date;
  /** REQUEST for the emails' invitation, PUBLISH for a file the person downloads. */
  method?: 'REQUEST' | 'PUBLISH';
}

/**
 * The UID every .ics of a booking shares, page and email alike. The emails have used this form since
 * they first carried a calendar file, so an entry a customer imported from one still gets updated.
 */
export const appointmentUid = (registrationId: number): string =>
  `registration-${registrationId}@healthscreening.example.sg`;

/** The appointment's start and end instants. */
export function appointmentSpan(date: string, time: string): { start: Date; end: Date } {
  const start = singaporeInstant(date, time);
  return { start, end: new Date(start.getTime() + APPOINTMENT_DURATION_MS) };
}

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `20250507T061500Z` */
export const icsUtc = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** GEO's value (RFC 5545 3.8.1.6): latitude;longitude as floats, six decimals (about 10 cm). */
export const icsGeo = (g: { lat: number; lng: number }): string =>
  `${Number(g.lat.toFixed(6))};${Number(g.lng.toFixed(6))}`;

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines start with a space. Cuts
 * between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text: one VEVENT with a reminder an hour before, CRLF line ends, folded lines. */
export function appointmentIcs(a: AppointmentCalendar): string {
  const { start, end } = appointmentSpan(a.date, a.time);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Health Screening//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${a.method ?? 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${appointmentUid(a.registrationId)}`,
    `SEQUENCE:${a.sequence}`,
    `DTSTAMP:${icsUtc(a.stamp)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${escapeIcsText(a.summary)}`,
    ...(a.location ? [`LOCATION:${escapeIcsText(a.location)}`] : []),
    ...(a.geo ? [`GEO:${icsGeo(a.geo)}`] : []),
    `DESCRIPTION:${escapeIcsText(a.description)}`,
    'STATUS:CONFIRMED',
    'BEGIN:VALARM',
    'TRIGGER:-PT1H',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(a.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
