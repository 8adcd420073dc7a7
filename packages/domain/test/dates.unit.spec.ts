import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToDay,
  formatDateDMY,
  formatDateLabel,
  formatDateOrNA,
  formatDiscountDate,
  formatTimeLabel,
  isRealCalendarDay,
  singaporeYearMonth,
  parseCalendarDay,
  parseDateOfBirth,
  singaporeInstant,
  singaporeToday,
  toVerificationDate,
  validateVerificationDate,
  weekdayOf,
} from '../src';

const now = new Date('2025-06-10T02:00:00Z'); // 10 June 2025, 10:00 in Singapore

describe('calendar days', () => {
  it('accepts YYYY-MM-DD and DD/MM/YYYY real days', () => {
    expect(parseCalendarDay('1990-05-17')).toBe('1990-05-17');
    expect(parseCalendarDay('17/05/1990')).toBe('1990-05-17');
    expect(parseCalendarDay('29/02/2024')).toBe('2024-02-29');
    expect(parseCalendarDay('29/02/2023')).toBeNull();
    expect(parseCalendarDay('31/04/2020')).toBeNull();
    expect(parseCalendarDay('2020-13-01')).toBeNull();
    expect(parseCalendarDay('00/01/2020')).toBeNull();
    expect(parseCalendarDay('1990/05/17')).toBeNull();
    expect(parseCalendarDay('17-05-1990')).toBeNull();
    expect(isRealCalendarDay(2020, 1, 32)).toBe(false);
  });

  it('parses a date of birth with the spec messages', () => {
    expect(parseDateOfBirth('17/05/1990', now)).toEqual({ ok: true, value: '1990-05-17' });
    expect(parseDateOfBirth('', now)).toEqual({ ok: false, message: 'Date of birth is required' });
    expect(parseDateOfBirth(undefined, now)).toEqual({ ok: false, message: 'Date of birth is required' });
    expect(parseDateOfBirth('1990-5-17', now)).toEqual({
      ok: false,
      message: 'Please enter a valid date in DD/MM/YYYY format',
    });
    expect(parseDateOfBirth('2025-06-11', now)).toEqual({
      ok: false,
      message: 'Date of birth cannot be in the future',
    });
    expect(parseDateOfBirth('2025-06-10', now)).toEqual({ ok: true, value: '2025-06-10' });
    expect(parseDateOfBirth('1900-01-01', now)).toEqual({ ok: true, value: '1900-01-01' });
    expect(parseDateOfBirth('31/12/1899', now)).toEqual({
      ok: false,
      message: 'Date of birth cannot be before 01/01/1900',
    });
  });

  it("uses Singapore's today", () => {
    expect(singaporeToday(new Date('2025-06-10T16:30:00Z'))).toBe('2025-06-11');
    expect(singaporeToday(new Date('2025-06-10T15:59:00Z'))).toBe('2025-06-10');
  });

  it("Singapore's today by fixed UTC+8 equals the time-zone database's for every instant since 1982", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1982, 0, 1), max: Date.UTC(2100, 0, 1) }), (t) => {
        expect(singaporeToday(new Date(t))).toBe(format(new TZDate(t, 'Asia/Singapore'), 'yyyy-MM-dd'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('date labels are the same when asked again (remembered) as the first time', () => {
    const first = formatDateLabel('2026-01-05');
    expect(first).toBe('Monday, 5 January 2026');
    expect(formatDateLabel('2026-01-05')).toBe(first);
    expect(formatDateLabel('not a day')).toBe('Invalid date');
    expect(formatDateLabel('not a day')).toBe('Invalid date');
  });

  it('converts and checks the member-verification date', () => {
    expect(toVerificationDate('17/05/1990')).toBe('1990-05-17');
    expect(toVerificationDate('1990-05-17')).toBe('1990-05-17');
    expect(toVerificationDate('May 17 1990')).toBe('May 17 1990');
    expect(toVerificationDate(new Date('1990-05-16T17:00:00Z'))).toBe('1990-05-17');
    expect(toVerificationDate(new Date('nope'))).toBe('');
    expect(validateVerificationDate('17/05/1990', now)).toEqual({ ok: true, value: '1990-05-17' });
    expect(validateVerificationDate('May 17 1990', now)).toEqual({
      ok: false,
      message: 'Invalid Date Format',
    });
    expect(validateVerificationDate('2030-01-01', now)).toEqual({
      ok: false,
      message: 'Date of birth cannot be in the future',
    });
  });
});

describe('display helpers', () => {
  it('formats DD/MM/YYYY with empty string for empty input', () => {
    expect(formatDateDMY('1990-05-17')).toBe('17/05/1990');
    expect(formatDateDMY('2025-01-05T16:30:00Z')).toBe('06/01/2025');
    expect(formatDateDMY(new Date('2025-01-05T00:00:00Z'))).toBe('05/01/2025');
    expect(formatDateDMY('')).toBe('');
    expect(formatDateDMY(null)).toBe('');
    expect(formatDateDMY('garbage')).toBe('garbage');
  });

  it("gives 'N/A' and 'Invalid date'", () => {
    expect(formatDateOrNA(undefined)).toBe('N/A');
    expect(formatDateOrNA('  ')).toBe('N/A');
    expect(formatDateOrNA('not a date')).toBe('Invalid date');
    expect(formatDateOrNA(new Date('x'))).toBe('Invalid date');
    expect(formatDateOrNA('2025-03-09', 'yyyy-MM-dd')).toBe('2025-03-09');
  });

  it("formats discount dates as 'MMM d, yyyy'", () => {
    expect(formatDiscountDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDiscountDate('2026-01-04T16:00:00.000Z')).toBe('Jan 5, 2026');
    expect(formatDiscountDate(null)).toBe('N/A');
  });

  it('labels timeslot dates and times', () => {
    expect(formatDateLabel('2026-01-05')).toBe('Monday, 5 January 2026');
    expect(formatTimeLabel('09:00')).toBe('9:00 AM');
    expect(formatTimeLabel('11:00')).toBe('11:00 AM');
    expect(formatTimeLabel('12:30')).toBe('12:30 PM');
    expect(formatTimeLabel('00:15')).toBe('12:15 AM');
    expect(formatTimeLabel('14:00')).toBe('2:00 PM');
    expect(formatTimeLabel('noon')).toBe('noon');
  });

  it('does Singapore wall-clock arithmetic', () => {
    expect(singaporeInstant('2026-01-05', '09:00').toISOString()).toBe('2026-01-05T01:00:00.000Z');
    expect(addDaysToDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDay('2025-12-31', 1)).toBe('2026-01-01');
    expect(weekdayOf('2026-01-05')).toBe(1);
  });
});

describe('singaporeYearMonth', () => {
  it('is the YYMM of the instant in Singapore, as date-fns in the zone says it, around month ends too', () => {
    expect(singaporeYearMonth(new Date('2025-04-30T15:59:59Z'))).toBe('2504');
    expect(singaporeYearMonth(new Date('2025-04-30T16:00:00Z'))).toBe('2505');
    expect(singaporeYearMonth(new Date('2099-12-31T16:00:00Z'))).toBe('0001');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          expect(singaporeYearMonth(d)).toBe(format(new TZDate(d.getTime(), 'Asia/Singapore'), 'yyMM'));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
