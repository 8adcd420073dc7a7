/**
 * The appointment as an iCalendar file (RFC 5545), attached to the confirmation and rescheduled
 * emails. Every file of one booking has the same UID and a rising SEQUENCE, so a calendar that
 * imported the confirmation's file updates that entry when the rescheduled one arrives. Written by
 * hand: a dozen lines of text do not need a library and its dependencies.
 */
import { singaporeInstant } from '@hs/domain';
import type { MailAttachment } from './mailer';

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
  location: string;
  description: string;
  /** When the file is written (DTSTAMP). */
  stamp: Date;
}

/** The UID every .ics of a booking shares. */
export const appointmentUid = (registrationId: number): string =>
  `registration-${registrationId}@healthscreening.example.sg`;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `20250507T061500Z` */
const utc = (d: Date): string =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines start with a space. Cuts
 * between characters, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
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

/** The .ics text: one VEVENT, METHOD:REQUEST, CRLF line ends. */
export function appointmentIcs(a: AppointmentCalendar): string {
  const start = singaporeInstant(a.date, a.time);
  const end = new Date(start.getTime() + APPOINTMENT_DURATION_MS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Health Screening//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${appointmentUid(a.registrationId)}`,
    `SEQUENCE:${a.sequence}`,
    `DTSTAMP:${utc(a.stamp)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeIcsText(a.summary)}`,
    `LOCATION:${escapeIcsText(a.location)}`,
    `DESCRIPTION:${escapeIcsText(a.description)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** The .ics as an email attachment (`appointment.ics`). */
export function appointmentIcsAttachment(a: AppointmentCalendar): MailAttachment {
  return {
    filename: 'appointment.ics',
    content: Buffer.from(appointmentIcs(a), 'utf8'),
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  };
}
