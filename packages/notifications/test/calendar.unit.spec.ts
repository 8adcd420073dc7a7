import { parseIcs } from '@hs/testing';
import { describe, expect, it } from 'vitest';
import { type AppointmentCalendar, appointmentIcs, appointmentUid, foldIcsLine } from '@hs/domain';
import { appointmentIcsAttachment } from '../src/index';

const booking: AppointmentCalendar = {
  registrationId: 42,
  sequence: 0,
  date: '2025-05-07',
  time: '14:15',
  summary: 'Community Health Screening 2025',
  location: 'Blk 123, Ang Mo Kio Ave 3; Level 2',
  description: 'Booking HS2505-0607-1234.\nPlease arrive 10 minutes early.',
  stamp: new Date('2025-05-01T02:03:04.567Z'),
};

describe('appointmentIcs', () => {
  it('is one REQUEST VEVENT: same UID for the booking, its SEQUENCE, Singapore time as UTC', () => {
    const ics = parseIcs(appointmentIcs(booking));
    expect(ics.calendar.METHOD).toBe('REQUEST');
    expect(ics.calendar.VERSION).toBe('2.0');
    expect(ics.events).toHaveLength(1);
    const [event] = ics.events;
    expect(event!.UID).toBe('registration-42@healthscreening.example.sg');
    expect(event!.UID).toBe(appointmentUid(42));
    expect(event!.SEQUENCE).toBe('0');
    // 2:15 pm in Singapore (UTC+8) is 06:15 UTC; an hour long
    expect(event!.DTSTART).toBe('20250507T061500Z');
    expect(event!.DTEND).toBe('20250507T071500Z');
    expect(event!.DTSTAMP).toBe('20250501T020304Z');
    expect(event!.SUMMARY).toBe(booking.summary);
    expect(event!.LOCATION).toBe(booking.location);
    expect(event!.DESCRIPTION).toBe(booking.description);
  });

  it('a reschedule keeps the UID and raises the SEQUENCE; a day crossing midnight UTC stays right', () => {
    const moved = parseIcs(appointmentIcs({ ...booking, sequence: 2, date: '2025-05-08', time: '07:30' }));
    expect(moved.events[0]!.UID).toBe(appointmentUid(42));
    expect(moved.events[0]!.SEQUENCE).toBe('2');
    expect(moved.events[0]!.DTSTART).toBe('20250507T233000Z');
  });

  it('escapes TEXT values and ends every line with CRLF, folded at 75 octets', () => {
    const raw = appointmentIcs({
      ...booking,
      description: `${'Bring your NRIC, please; é '.repeat(8)}\\ done`,
    });
    expect(raw).toContain('LOCATION:Blk 123\\, Ang Mo Kio Ave 3\\; Level 2\r\n');
    expect(raw.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parseIcs(raw).events[0]!.DESCRIPTION).toBe(`${'Bring your NRIC, please; é '.repeat(8)}\\ done`);
  });

  it('folds without splitting a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    expect(folded.split('\r\n ').join('')).toBe(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
  });

  it("the page's download and the email's attachment are one calendar entry", () => {
    // The confirmation page writes the same file with METHOD:PUBLISH (web/src/public/calendar.ts).
    const page = parseIcs(appointmentIcs({ ...booking, method: 'PUBLISH', stamp: new Date() }));
    const email = parseIcs(appointmentIcs(booking));
    expect(page.calendar.METHOD).toBe('PUBLISH');
    expect(page.events[0]!.UID).toBe(email.events[0]!.UID);
    expect(page.events[0]!.DTSTART).toBe(email.events[0]!.DTSTART);
    expect(page.events[0]!.DESCRIPTION).toBe(booking.description);
  });

  it('leaves out an empty location', () => {
    expect(appointmentIcs({ ...booking, location: '' })).not.toContain('LOCATION');
  });

  it('is attached as appointment.ics, text/calendar with method REQUEST', () => {
    const a = appointmentIcsAttachment(booking);
    expect(a.filename).toBe('appointment.ics');
    expect(a.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(Buffer.from(a.content).toString('utf8')).toBe(appointmentIcs(booking));
  });
});
