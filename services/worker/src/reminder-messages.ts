/**
 * The SMS of the scheduled reminders (issue 26), in the booking's language. Its words are in the one
 * string catalogue of what is sent (issue 44: @hs/notifications' locales, key `sms.reminder`), with
 * English the fallback; the reminder email is written like every other email (issue 46).
 */
import type { Language } from '@hs/domain';
import { catalogueText } from '@hs/notifications';

export interface ReminderValues {
  firstName: string;
  when: string;
  event: string;
  location: string;
  ref: string;
  manageUrl: string;
  optOutUrl: string;
}

export function reminderSms(language: Language, v: ReminderValues): string {
  return catalogueText(language, 'sms.reminder', { ...v });
}
