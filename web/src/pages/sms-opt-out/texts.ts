/**
 * Every string of the SMS opt-out page (issue 26), in the four languages, in one place for the
 * translators. English is the fallback.
 */
import type { Language } from '@hs/domain';

export interface SmsOptOutTexts {
  title: string;
  loading: string;
  invalid: string;
  failed: string;
  explain: string;
  button: string;
  pending: string;
  done: string;
}

export const SMS_OPT_OUT_TEXTS: Record<Language, SmsOptOutTexts> = {
  en: {
    title: 'SMS reminders',
    loading: 'Loading...',
    invalid: 'This opt-out link is not valid.',
    failed: 'Something went wrong. Please try again.',
    explain:
      'You receive SMS reminders before your health screening appointment. Email reminders continue either way.',
    button: 'Stop SMS reminders',
    pending: 'Stopping...',
    done: 'You will not receive SMS reminders for this booking.',
  },
  zh: {
    title: '短信提醒',
    loading: '加载中...',
    invalid: '此退订链接无效。',
    failed: '出现问题，请重试。',
    explain: '您会在健康检查预约前收到短信提醒。无论如何，电子邮件提醒都会继续发送。',
    button: '停止短信提醒',
    pending: '正在停止...',
    done: '您将不会再收到此预约的短信提醒。',
  },
  ms: {
    title: 'Peringatan SMS',
    loading: 'Memuatkan...',
    invalid: 'Pautan berhenti langganan ini tidak sah.',
    failed: 'Sesuatu tidak kena. Sila cuba lagi.',
    explain:
      'Anda menerima peringatan SMS sebelum temu janji pemeriksaan kesihatan anda. Peringatan e-mel tetap diteruskan.',
    button: 'Hentikan peringatan SMS',
    pending: 'Menghentikan...',
    done: 'Anda tidak akan menerima peringatan SMS untuk tempahan ini.',
  },
  ta: {
    title: 'SMS நினைவூட்டல்கள்',
    loading: 'ஏற்றுகிறது...',
    invalid: 'இந்த விலகல் இணைப்பு செல்லுபடியாகாது.',
    failed: 'ஏதோ தவறு நடந்தது. மீண்டும் முயற்சிக்கவும்.',
    explain: 'உங்கள் சுகாதாரப் பரிசோதனை சந்திப்புக்கு முன் SMS நினைவூட்டல்களைப் பெறுகிறீர்கள். மின்னஞ்சல் நினைவூட்டல்கள் தொடரும்.',
    button: 'SMS நினைவூட்டல்களை நிறுத்து',
    pending: 'நிறுத்துகிறது...',
    done: 'இந்த முன்பதிவுக்கான SMS நினைவூட்டல்களை நீங்கள் பெறமாட்டீர்கள்.',
  },
};
