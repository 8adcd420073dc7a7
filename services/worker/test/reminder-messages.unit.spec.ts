import { LANGUAGES, formatAppointmentLong } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import { reminderSms } from '../src/reminder-messages';

const at = new Date('2026-11-28T00:00:00Z');
const values = (language: (typeof LANGUAGES)[number]) => ({
  firstName: 'Mei <Ling>',
  when: formatAppointmentLong(at, language),
  event: 'Community Health Screening',
  location: 'Toa Payoh CC',
  ref: 'HS-1234',
  manageUrl: 'https://example.sg/manage-appointment?ref=HS-1234',
  optOutUrl: 'https://example.sg/sms-opt-out/1.abc',
});

// The reminder email is the reminder template of @hs/notifications (issue 46, tested there and in
// reminders.int.spec.ts); these are the SMS texts, from the string catalogue (issue 44).
describe('reminder SMS texts (issue 26)', () => {
  it('English word for word, with the one date and time format (issue 46)', () => {
    expect(reminderSms('en', values('en'))).toBe(
      'Reminder: your health screening (Community Health Screening) is on Sat, 28 Nov 2026, 8:00 AM at Toa Payoh CC. Ref HS-1234. Fast 8-10 hours before blood tests, bring your NRIC / identification card and arrive 15 minutes early. Stop SMS: https://example.sg/sms-opt-out/1.abc',
    );
  });

  it('every language has the text, with the time, reference and opt-out link', () => {
    for (const l of LANGUAGES) {
      const sms = reminderSms(l, values(l));
      expect(sms).toContain(values(l).when);
      expect(sms).toContain('HS-1234');
      expect(sms).toContain('https://example.sg/sms-opt-out/1.abc');
      expect(sms).not.toMatch(/\{\w+\}/);
    }
    expect(reminderSms('zh', values('zh'))).toContain('2026年11月28日 星期六');
    expect(reminderSms('zh', values('zh'))).toContain('验血前请禁食8至10小时');
    expect(reminderSms('ms', values('ms'))).toContain('Berpuasa 8-10 jam');
    expect(reminderSms('ta', values('ta'))).toContain('8-10 மணி நேரம்');
  });
});
