/**
 * The texts of the scheduled reminders (issue 26) in the four languages, in one place for translators.
 * English is the default and the fallback. The English email of the 24 h reminder keeps the spec's
 * configurable template (EMAIL_REMINDER_SUBJECT / EMAIL_REMINDER_TEMPLATE) with the preparation notes
 * and the opt-out link added; every other reminder email is made from these texts.
 */
import type { Language } from '@hs/domain';

export interface ReminderTexts {
  /** SMS body; {when} {event} {location} {ref} {optOutUrl} */
  sms: string;
  /** Email subject; {when} {ref} */
  subject: string;
  greeting: string; // {firstName}
  intro: string; // {when} {event} {location}
  reference: string; // {ref}
  prepareTitle: string;
  fasting: string;
  bringId: string;
  arriveEarly: string;
  manage: string;
  optOut: string;
}

export const REMINDER_TEXTS: Record<Language, ReminderTexts> = {
  en: {
    sms: 'Reminder: your health screening ({event}) is on {when} at {location}. Ref {ref}. Fast 8-10 hours before blood tests, bring your NRIC / identification card and arrive 15 minutes early. Stop SMS: {optOutUrl}',
    subject: 'Reminder: your health screening on {when} ({ref})',
    greeting: 'Dear {firstName},',
    intro:
      'This is a reminder of your health screening appointment on {when} (Singapore time): {event}, at {location}.',
    reference: 'Reference number: {ref}',
    prepareTitle: 'To prepare:',
    fasting: 'Fast for 8-10 hours before blood tests (plain water is fine).',
    bringId: 'Bring your NRIC / identification card.',
    arriveEarly: 'Arrive 15 minutes early.',
    manage: 'To reschedule or cancel, visit:',
    optOut: 'To stop SMS reminders for this booking:',
  },
  zh: {
    sms: '提醒：您的健康检查（{event}）定于{when}在{location}进行。参考编号 {ref}。验血前请禁食8至10小时，携带您的身份证（NRIC），并提前15分钟到达。停止短信：{optOutUrl}',
    subject: '提醒：您的健康检查定于{when}（{ref}）',
    greeting: '亲爱的{firstName}：',
    intro: '这是您的健康检查预约提醒：{when}（新加坡时间），{event}，地点：{location}。',
    reference: '参考编号：{ref}',
    prepareTitle: '请做好以下准备：',
    fasting: '验血前禁食8至10小时（可以喝白开水）。',
    bringId: '携带您的身份证（NRIC）或其他身份证件。',
    arriveEarly: '请提前15分钟到达。',
    manage: '如需改期或取消，请访问：',
    optOut: '停止接收此预约的短信提醒：',
  },
  ms: {
    sms: 'Peringatan: pemeriksaan kesihatan anda ({event}) pada {when} di {location}. Rujukan {ref}. Berpuasa 8-10 jam sebelum ujian darah, bawa NRIC / kad pengenalan anda dan tiba 15 minit lebih awal. Henti SMS: {optOutUrl}',
    subject: 'Peringatan: pemeriksaan kesihatan anda pada {when} ({ref})',
    greeting: '{firstName} yang dihormati,',
    intro:
      'Ini ialah peringatan temu janji pemeriksaan kesihatan anda pada {when} (waktu Singapura): {event}, di {location}.',
    reference: 'Nombor rujukan: {ref}',
    prepareTitle: 'Sila bersedia:',
    fasting: 'Berpuasa selama 8-10 jam sebelum ujian darah (air kosong dibenarkan).',
    bringId: 'Bawa NRIC / kad pengenalan anda.',
    arriveEarly: 'Tiba 15 minit lebih awal.',
    manage: 'Untuk menukar jadual atau membatalkan, layari:',
    optOut: 'Untuk berhenti menerima peringatan SMS bagi tempahan ini:',
  },
  ta: {
    sms: 'நினைவூட்டல்: உங்கள் சுகாதாரப் பரிசோதனை ({event}) {when}, {location} இல் நடைபெறும். குறிப்பு எண் {ref}. இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருங்கள், உங்கள் NRIC / அடையாள அட்டையைக் கொண்டு வாருங்கள், 15 நிமிடங்கள் முன்னதாக வாருங்கள். SMS நிறுத்த: {optOutUrl}',
    subject: 'நினைவூட்டல்: உங்கள் சுகாதாரப் பரிசோதனை {when} ({ref})',
    greeting: 'அன்புள்ள {firstName},',
    intro: 'உங்கள் சுகாதாரப் பரிசோதனை சந்திப்புக்கான நினைவூட்டல்: {when} (சிங்கப்பூர் நேரம்), {event}, இடம்: {location}.',
    reference: 'குறிப்பு எண்: {ref}',
    prepareTitle: 'தயாராவதற்கு:',
    fasting: 'இரத்தப் பரிசோதனைக்கு முன் 8-10 மணி நேரம் உண்ணாமல் இருங்கள் (வெறும் தண்ணீர் குடிக்கலாம்).',
    bringId: 'உங்கள் NRIC / அடையாள அட்டையைக் கொண்டு வாருங்கள்.',
    arriveEarly: '15 நிமிடங்கள் முன்னதாக வாருங்கள்.',
    manage: 'மாற்றவோ ரத்து செய்யவோ, பார்வையிடுங்கள்:',
    optOut: 'இந்த முன்பதிவுக்கான SMS நினைவூட்டல்களை நிறுத்த:',
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reminderSms(language: Language, v: ReminderValues): string {
  return fill(REMINDER_TEXTS[language].sms, { ...v });
}

/** The preparation notes and the links, as HTML: the whole body's second half, or added to the spec's English template. */
export function reminderNotesHtml(language: Language, v: ReminderValues): string {
  const t = REMINDER_TEXTS[language];
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return [
    `<p>${escapeHtml(t.prepareTitle)}</p>`,
    `<ul><li>${escapeHtml(t.fasting)}</li><li>${escapeHtml(t.bringId)}</li><li>${escapeHtml(t.arriveEarly)}</li></ul>`,
    `<p>${escapeHtml(t.manage)} ${link(v.manageUrl)}</p>`,
    `<p>${escapeHtml(t.optOut)} ${link(v.optOutUrl)}</p>`,
  ].join('\n');
}

export function reminderEmail(
  language: Language,
  v: ReminderValues,
): { subject: string; html: string; text: string } {
  const t = REMINDER_TEXTS[language];
  const e = Object.fromEntries(Object.entries(v).map(([k, s]) => [k, escapeHtml(s)]));
  const html = [
    `<p>${fill(escapeHtml(t.greeting), e)}</p>`,
    `<p>${fill(escapeHtml(t.intro), e)}</p>`,
    `<p>${fill(escapeHtml(t.reference), e)}</p>`,
    reminderNotesHtml(language, v),
  ].join('\n');
  const text = [
    fill(t.greeting, { ...v }),
    fill(t.intro, { ...v }),
    fill(t.reference, { ...v }),
    ...reminderNoteLines(language, v),
  ].join('\n\n');
  return { subject: fill(t.subject, { ...v }), html, text };
}

/** The notes in plain text, for the English template's text part. */
export function reminderNotesText(language: Language, v: ReminderValues): string {
  return reminderNoteLines(language, v).join('\n');
}

/** The notes' lines in plain text: how to prepare, then the links to manage the booking and to opt out of SMS. */
function reminderNoteLines(language: Language, v: ReminderValues): string[] {
  const t = REMINDER_TEXTS[language];
  return [
    t.prepareTitle,
    `- ${t.fasting}`,
    `- ${t.bringId}`,
    `- ${t.arriveEarly}`,
    `${t.manage} ${v.manageUrl}`,
    `${t.optOut} ${v.optOutUrl}`,
  ];
}
