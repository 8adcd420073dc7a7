import { describe, expect, it } from 'vitest';
import {
  formatAppointmentDate,
  formatAppointmentTime,
  formatInstantDate,
  formatInstantDateTime,
} from '../src/display-dates';

describe('one date and one time format per language (issue 46)', () => {
  it('writes a Singapore calendar day in each language', () => {
    expect(formatAppointmentDate('en', '2026-12-05')).toBe('Sat, 5 Dec 2026');
    expect(formatAppointmentDate('zh', '2026-12-05')).toBe('2026年12月5日 星期六');
    expect(formatAppointmentDate('ms', '2026-12-05')).toBe('Sab, 5 Dis 2026');
    expect(formatAppointmentDate('ta', '2026-12-05')).toContain('2026');
    expect(formatAppointmentDate('ta', '2026-12-05')).not.toBe(formatAppointmentDate('en', '2026-12-05'));
  });

  it('writes a wall-clock time in each language', () => {
    expect(formatAppointmentTime('en', '09:00')).toBe('9:00 AM');
    expect(formatAppointmentTime('en', '14:30')).toBe('2:30 PM');
    expect(formatAppointmentTime('en', '00:15')).toBe('12:15 AM');
    expect(formatAppointmentTime('zh', '09:00')).toBe('上午9:00');
    expect(formatAppointmentTime('zh', '14:30')).toBe('下午2:30');
    expect(formatAppointmentTime('ms', '14:30')).toContain('2:30');
  });

  it('leaves text that is no day or time as it is', () => {
    expect(formatAppointmentDate('en', '9:00 AM - 10:00 AM')).toBe('9:00 AM - 10:00 AM');
    expect(formatAppointmentTime('zh', '9:00 AM - 10:00 AM')).toBe('9:00 AM - 10:00 AM');
    expect(formatAppointmentDate('en', '')).toBe('');
  });

  it('shows an instant on its Singapore day and time', () => {
    // 17:30 UTC on the 4th is 01:30 on the 5th in Singapore
    expect(formatInstantDate('en', new Date('2026-12-04T17:30:00Z'))).toBe('Sat, 5 Dec 2026');
    expect(formatInstantDateTime('en', '2026-12-04T17:30:00Z')).toBe('Sat, 5 Dec 2026, 1:30 AM');
    expect(formatInstantDateTime('zh', '2026-12-04T17:30:00Z')).toBe('2026年12月5日 星期六 上午1:30');
    expect(formatInstantDateTime('en', 'not a date')).toBe('');
  });
});
