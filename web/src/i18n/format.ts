import { formatAppointmentDate, formatInstantDateTime } from '@hs/domain';
import { currentLanguage } from './index';

/**
 * A yyyy-MM-dd date in the current language's one date format (issue 46: the helper emails and PDFs
 * use too, @hs/domain formatAppointmentDate): "2026年12月5日 星期六". English keeps the text the api
 * or the spec gives (`english`, the slot answers' long label), as does input that is no calendar day.
 */
export function localDate(isoDate: string, english: string): string {
  if (currentLanguage() === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return english;
  return formatAppointmentDate(currentLanguage(), isoDate);
}

/**
 * A timestamp in Singapore time for the current language. English keeps the given text (the spec's
 * "25 Nov 2026, 4:30 PM"); other languages get the one date and time format of @hs/domain.
 */
export function localDateTime(at: string, english: string): string {
  if (currentLanguage() === 'en') return english;
  return formatInstantDateTime(currentLanguage(), at) || english;
}
