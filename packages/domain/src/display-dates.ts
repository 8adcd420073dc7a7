/**
 * The one date format and the one time format per language (issue 46), for everything a customer
 * reads: emails, PDFs and the web. Calendar days ("yyyy-MM-dd") and wall-clock times ("HH:mm") are
 * Singapore's; instants are shown in Singapore time.
 *
 *   en  Sat, 5 Dec 2026       9:00 AM
 *   zh  2026年12月5日 星期六   上午9:00
 *   ms  Sab, 5 Dis 2026       9:00 PG
 *   ta  சனி, 5 டிச., 2026     9:00 AM
 */
import { singaporeDay } from './dates';
import { LANGUAGE_LOCALES, type Language } from './language';

const TZ = 'Asia/Singapore';
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, kind: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}:${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { ...options, timeZone: TZ });
    formatters.set(key, f);
  }
  return f;
}

// Remembered per input: slot lists ask for the same few days on every read.
const labels = new Map<string, string>();
function remembered(key: string, make: () => string): string {
  let label = labels.get(key);
  if (label === undefined) {
    label = make();
    if (labels.size >= 5000) labels.clear();
    labels.set(key, label);
  }
  return label;
}

/** A Singapore calendar day ("yyyy-MM-dd") in the language's one date format; other input unchanged. */
export function formatAppointmentDate(language: Language, day: string): string {
  const m = ISO_DAY.exec(String(day ?? '').trim());
  if (!m) return String(day ?? '');
  return remembered(`d:${language}:${m[0]}`, () => {
    // noon in Singapore is the same calendar day whatever the formatter's arithmetic
    const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 4));
    if (language === 'zh') {
      // Intl writes 2026年12月5日星期六; a space keeps the weekday readable
      const date = formatter('zh', 'ymd', { day: 'numeric', month: 'long', year: 'numeric' }).format(at);
      const weekday = formatter('zh', 'weekday', { weekday: 'long' }).format(at);
      return `${date} ${weekday}`;
    }
    return formatter(language, 'date', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(at);
  });
}

/** A Singapore wall-clock time ("HH:mm") in the language's one time format; other input unchanged. */
export function formatAppointmentTime(language: Language, time: string): string {
  const m = CLOCK.exec(String(time ?? '').trim());
  if (!m) return String(time ?? '');
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return String(time);
  if (language === 'en') return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
  return remembered(`t:${language}:${h}:${m[2]}`, () =>
    formatter(language, 'time', { hour: 'numeric', minute: '2-digit', hour12: true }).format(
      new Date(Date.UTC(2026, 0, 1, h - 8, min)),
    ),
  );
}

const clockOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

const toDate = (at: Date | string): Date | null => {
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The Singapore day of an instant, in the language's date format ('' when it is no instant). */
export function formatInstantDate(language: Language, at: Date | string): string {
  const d = toDate(at);
  return d ? formatAppointmentDate(language, singaporeDay(d)) : '';
}

/** An instant in Singapore time: the language's date, then its time ('' when it is no instant). */
export function formatInstantDateTime(language: Language, at: Date | string): string {
  const d = toDate(at);
  if (!d) return '';
  const separator = language === 'zh' ? ' ' : ', ';
  return `${formatAppointmentDate(language, singaporeDay(d))}${separator}${formatAppointmentTime(language, clockOf(d))}`;
}
