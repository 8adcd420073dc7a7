/**
 * Calendar days and display helpers. Calendar days travel as "yyyy-MM-dd" strings; instants as
 * ISO timestamps. "Today" and wall-clock times are always Singapore's (Asia/Singapore, UTC+8).
 */
import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';

export const SINGAPORE_TZ = 'Asia/Singapore';

/** Earliest accepted date of birth (the date picker disallows anything before it). */
export const MIN_DATE_OF_BIRTH = '1900-01-01';

export const DOB_MESSAGES = {
  required: 'Date of birth is required',
  format: 'Please enter a valid date in DD/MM/YYYY format',
  verificationFormat: 'Invalid Date Format',
  future: 'Date of birth cannot be in the future',
  tooEarly: 'Date of birth cannot be before 01/01/1900',
  adminInvalid: 'Please enter a valid date of birth',
} as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** True when y-m-d is a real calendar day (2024-02-29 yes, 2023-02-29 no, month 13 no). */
export function isRealCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** "2024-02-29" when it is a real day in yyyy-MM-dd form, else null. */
export function parseIsoDay(input: string): string | null {
  const m = ISO_DAY.exec(input.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealCalendarDay(y, mo, d) ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * A calendar day typed by a person: "YYYY-MM-DD" or "DD/MM/YYYY" (month 1-12, day 1-31, and a real
 * calendar day). Returns the normalised "yyyy-MM-dd" or null.
 */
export function parseCalendarDay(input: string): string | null {
  const text = String(input ?? '').trim();
  const iso = parseIsoDay(text);
  if (iso) return iso;
  const m = DMY_DAY.exec(text);
  if (!m) return null;
  return parseIsoDay(`${m[3]}-${m[2]}-${m[1]}`);
}

/** Singapore has kept UTC+8 without daylight saving since 1982. */
export const SINGAPORE_OFFSET_MS = 8 * 3_600_000;

/** The calendar day in Singapore of an instant (now by default), "yyyy-MM-dd". */
export function singaporeToday(now: Date | string = new Date()): string {
  // Plain arithmetic: the time-zone library's version of this was a visible share of every read's CPU.
  const ms = typeof now === 'string' ? Date.parse(now) : now.getTime();
  return new Date(ms + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}

export type DayResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * Date of birth from a form: required, YYYY-MM-DD or DD/MM/YYYY, a real day, not after today
 * (Singapore) and not before 1900-01-01. Value is "yyyy-MM-dd".
 */
export function parseDateOfBirth(input: string | null | undefined, now: Date = new Date()): DayResult {
  const text = String(input ?? '').trim();
  if (!text) return { ok: false, message: DOB_MESSAGES.required };
  const day = parseCalendarDay(text);
  if (!day) return { ok: false, message: DOB_MESSAGES.format };
  if (day > singaporeToday(now)) return { ok: false, message: DOB_MESSAGES.future };
  if (day < MIN_DATE_OF_BIRTH) return { ok: false, message: DOB_MESSAGES.tooEarly };
  return { ok: true, value: day };
}

/**
 * The conversion the member verification applies before sending (spec section 5): a Date becomes its
 * Singapore calendar day, "DD/MM/YYYY" becomes "YYYY-MM-DD", anything else passes through unchanged.
 */
export function toVerificationDate(input: Date | string): string {
  if (input instanceof Date) return isValid(input) ? singaporeToday(input) : '';
  const m = DMY_DAY.exec(input.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : input.trim();
}

/** Member-verification date check: YYYY-MM-DD ('Invalid Date Format'), not in the future. */
export function validateVerificationDate(input: Date | string, now: Date = new Date()): DayResult {
  const day = parseIsoDay(toVerificationDate(input));
  if (!day) return { ok: false, message: DOB_MESSAGES.verificationFormat };
  if (day > singaporeToday(now)) return { ok: false, message: DOB_MESSAGES.future };
  return { ok: true, value: day };
}

type DateInput = string | Date | null | undefined;

/** Calendar day strings keep their day; timestamps are read in Singapore time. */
function toSingaporeDate(input: string | Date): Date | null {
  if (input instanceof Date) return isValid(input) ? new TZDate(input.getTime(), SINGAPORE_TZ) : null;
  const text = input.trim();
  const day = parseCalendarDay(text);
  if (day) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new TZDate(y, m - 1, d, SINGAPORE_TZ);
  }
  const parsed = parseISO(text);
  return isValid(parsed) ? new TZDate(parsed.getTime(), SINGAPORE_TZ) : null;
}

const isEmpty = (input: DateInput): input is null | undefined | '' =>
  input === null || input === undefined || (typeof input === 'string' && input.trim() === '');

/** DD/MM/YYYY; '' for empty input; unparsable input is returned unchanged. */
export function formatDateDMY(input: DateInput): string {
  if (isEmpty(input)) return '';
  const d = toSingaporeDate(input);
  return d ? format(d, 'dd/MM/yyyy') : String(input);
}

/** Display with a date-fns pattern (default DD/MM/YYYY): 'N/A' for empty, 'Invalid date' for unparsable. */
export function formatDateOrNA(input: DateInput, pattern = 'dd/MM/yyyy'): string {
  if (isEmpty(input)) return 'N/A';
  const d = toSingaporeDate(input);
  return d ? format(d, pattern) : 'Invalid date';
}

/** Discount dates: 'MMM d, yyyy' ("Jan 5, 2026"); 'N/A' / 'Invalid date' like formatDateOrNA. */
export function formatDiscountDate(input: DateInput): string {
  return formatDateOrNA(input, 'MMM d, yyyy');
}

const dateLabels = new Map<string, string>();

/**
 * Long date label used for timeslot dates: "Monday, 5 January 2026". Remembered per input: every slot
 * row of every read asks for one, and the time-zone arithmetic behind it was a sixth of the api's CPU.
 */
export function formatDateLabel(day: string): string {
  let label = dateLabels.get(day);
  if (label === undefined) {
    label = formatDateOrNA(day, 'EEEE, d MMMM yyyy');
    if (dateLabels.size >= 5000) dateLabels.clear();
    dateLabels.set(day, label);
  }
  return label;
}

/** "09:00" -> "9:00 AM", "14:30" -> "2:30 PM". */
export function formatTimeLabel(time: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) return time;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The instant a Singapore wall-clock day + time ("HH:mm") denotes. */
export function singaporeInstant(day: string, time: string): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi) - SINGAPORE_OFFSET_MS);
}

/** Add whole days to a "yyyy-MM-dd" day. */
export function addDaysToDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Weekday (0 = Sunday) of a "yyyy-MM-dd" day. */
export function weekdayOf(day: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/** "yyyy-MM-dd" of an instant (a Date or an ISO timestamp) in Singapore: singaporeToday under a name that reads better for a past instant. */
export const singaporeDay = singaporeToday;

/** YYMM of an instant in Singapore ("2505"): arithmetic, as singaporeToday (Intl's formatToParts was ~1 % of the api's CPU, issue 27). */
export function singaporeYearMonth(now: Date): string {
  const day = singaporeToday(now);
  return `${day.slice(2, 4)}${day.slice(5, 7)}`;
}
