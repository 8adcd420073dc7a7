import { LANGUAGES, formatAppointmentLong } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import { REMINDER_TEXTS, reminderEmail, reminderSms } from '../src/reminder-messages';

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

describe('reminder texts (issue 26)', () => {
  it('English word for word', () => {
    expect(reminderSms('en', values('en'))).toBe(
      'Reminder: your health screening (Community Health Screening) is on Saturday 28 November 2026, 8:00 AM at Toa Payoh CC. Ref HS-1234. Fast 8-10 hours before blood tests, bring your NRIC / identification card and arrive 15 minutes early. Stop SMS: https://example.sg/sms-opt-out/1.abc',
    );
    const email = reminderEmail('en', values('en'));
    expect(email.subject).toBe(
      'Reminder: your health screening on Saturday 28 November 2026, 8:00 AM (HS-1234)',
    );
    expect(email.html).toContain('Dear Mei &lt;Ling&gt;,');
    expect(email.text).toContain('Fast for 8-10 hours before blood tests (plain water is fine).');
  });

  it('every language has every text, with the time, reference and both links', () => {
    for (const l of LANGUAGES) {
      expect(Object.keys(REMINDER_TEXTS[l]).sort()).toEqual(Object.keys(REMINDER_TEXTS.en).sort());
      const sms = reminderSms(l, values(l));
      expect(sms).toContain(values(l).when);
      expect(sms).toContain('HS-1234');
      expect(sms).toContain('https://example.sg/sms-opt-out/1.abc');
      expect(sms).not.toMatch(/\{\w+\}/);
      const email = reminderEmail(l, values(l));
      expect(email.html).toContain('https://example.sg/manage-appointment?ref=HS-1234');
      expect(email.text).not.toMatch(/\{\w+\}/);
    }
    expect(reminderSms('zh', values('zh'))).toContain('验血前请禁食8至10小时');
    expect(reminderSms('ms', values('ms'))).toContain('Berpuasa 8-10 jam');
    expect(reminderSms('ta', values('ta'))).toContain('8-10 மணி நேரம்');
  });
});
