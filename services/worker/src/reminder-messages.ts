/**
 * The SMS text of the scheduled reminders (issue 26) in the four languages, in one place for
 * translators. English is the default and the fallback. The reminder email is written like every
 * other email (issue 46): @hs/notifications' reminder template in the booking's language.
 */
import type { Language } from '@hs/domain';

export interface ReminderTexts {
  /** SMS body; {when} {event} {location} {ref} {optOutUrl} */
  sms: string;
}

export const REMINDER_TEXTS: Record<Language, ReminderTexts> = {
  en: {
    sms: 'Reminder: your health screening ({event}) is on {when} at {location}. Ref {ref}. Fast 8-10 hours before blood tests, bring your NRIC / identification card and arrive 15 minutes early. Stop SMS: {optOutUrl}',
  },
  zh: {
    sms: '提醒：您的健康检查（{event}）定于{when}在{location}进行。参考编号 {ref}。验血前请禁食8至10小时，携带您的身份证（NRIC），并提前15分钟到达。停止短信：{optOutUrl}',
  },
  ms: {
    sms: 'Peringatan: pemeriksaan kesihatan anda ({event}) pada {when} di {location}. Rujukan {ref}. Berpuasa 8-10 jam sebelum ujian darah, bawa NRIC / kad pengenalan anda dan tiba 15 minit lebih awal. Henti SMS: {optOutUrl}',
  },
  ta: {
    sms: 'நினைவூட்டல்: உங்கள் சுகாதாரப் பரிசோதனை ({event}) {when}, {location} இல் நடைபெறும். குறிப்பு எண் {ref}. இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருங்கள், உங்கள் NRIC / அடையாள அட்டையைக் கொண்டு வாருங்கள், 15 நிமிடங்கள் முன்னதாக வாருங்கள். SMS நிறுத்த: {optOutUrl}',
  },
};

export interface ReminderValues {
  firstName: string;
  when: string;
  event: string;
  location: string;
  ref: string;
  manageUrl: string;
  optOutUrl: string;
}

const fill = (text: string, v: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in v ? v[k]! : m));

export function reminderSms(language: Language, v: ReminderValues): string {
  return fill(REMINDER_TEXTS[language].sms, { ...v });
}
