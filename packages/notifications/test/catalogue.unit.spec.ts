/**
 * Issue 44: one string catalogue for what is sent (emails and SMS), i18next JSON like the web's, with
 * i18next's interpolation and plurals and English as the fallback of each string.
 */
import { LANGUAGES } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ms from '../locales/ms.json';
import ta from '../locales/ta.json';
import zh from '../locales/zh.json';
import { catalogueText, emailWordsOf } from '../src/catalogue';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const base = (k: string) => k.replace(/_(one|other)$/, '');

describe('the string catalogue of emails and SMS (issue 44)', () => {
  it('every language translates the strings English has, and nothing else', () => {
    const english = new Set(keysOf(en).map(base));
    for (const [language, catalogue] of Object.entries({ zh, ms, ta })) {
      const keys = new Set(keysOf(catalogue).map(base));
      expect(
        [...keys].filter((k) => !english.has(k)),
        language,
      ).toEqual([]);
      expect(
        [...english].filter((k) => !keys.has(k)),
        language,
      ).toEqual([]);
    }
  });

  it("fills with i18next's interpolation and plurals", () => {
    expect(catalogueText('en', 'email.seatCount', { count: 1 })).toBe('1 seat');
    expect(catalogueText('en', 'email.seatCount', { count: 3 })).toBe('3 seats');
    expect(catalogueText('ta', 'email.seatCount', { count: 1 })).toBe('1 இடம்');
    expect(catalogueText('ta', 'email.seatCount', { count: 2 })).toBe('2 இடங்கள்');
    expect(catalogueText('zh', 'email.seatCount', { count: 1 })).toBe('1 个名额');
    const sms = catalogueText('ms', 'sms.reminder', {
      event: 'CHS',
      when: 'Sab, 5 Dis 2026, 9:00 PG',
      location: 'Toa Payoh CC',
      ref: 'HS-1',
      optOutUrl: 'https://x.sg/o',
    });
    expect(sms).toContain('Sab, 5 Dis 2026, 9:00 PG');
    expect(sms).not.toMatch(/\{\{|\}\}/);
    // an SMS is plain text: nothing is HTML-escaped
    expect(catalogueText('en', 'sms.reminder', { event: 'A & B <C>' })).toContain('(A & B <C>)');
  });

  it('falls back to English for a string a language lacks', () => {
    // (a key no catalogue but English would have: i18next's fallbackLng)
    expect(catalogueText('zh', 'email.seatCount_one', { count: 1 })).toBe('1 seat');
  });

  it('gives the email words with their variables as template tags', () => {
    for (const language of LANGUAGES) {
      const words = emailWordsOf(language);
      expect(words.confirmationSubject).toContain('<%= referenceNumber %>');
      expect(Object.values(words).join('')).not.toMatch(/\{\{|\}\}/);
    }
    expect(emailWordsOf('zh').dear).toBe('<%= greetingName %>，您好：');
  });
});
