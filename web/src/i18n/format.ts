import { currentLanguage, currentLocale } from './index';

/**
 * A yyyy-MM-dd date for the current language. English keeps the text the api or the spec gives
 * (`english`); other languages get Intl's long date in their Singapore locale (zh-SG: 2026年11月28日星期六).
 */
export function localDate(isoDate: string, english: string): string {
  if (currentLanguage() === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return english;
  // noon UTC is the same calendar day in Singapore
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return english;
  return new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Singapore',
  }).format(date);
}

/**
 * A timestamp in Singapore time for the current language. English keeps the given text (the spec's
 * "25 Nov 2026, 4:30 PM"); other languages get Intl's medium date and short time in their locale.
 */
export function localDateTime(at: string, english: string): string {
  if (currentLanguage() === 'en') return english;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return english;
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Singapore',
  }).format(date);
}
