import type { Language } from '@hs/domain';
import { buildEmails } from './build';
import { MS_WORDS } from './ms';
import { TA_WORDS } from './ta';
import { EN_WORDS, type EmailWords, type Translation } from './words';
import { ZH_WORDS } from './zh';

const TRANSLATIONS: Record<Language, Translation> = { en: {}, zh: ZH_WORDS, ms: MS_WORDS, ta: TA_WORDS };

/** A language's words, English for any word its translation lacks (issue 46: the fallback is per word). */
export function emailWords(language: Language): EmailWords {
  return { ...EN_WORDS, ...TRANSLATIONS[language] };
}

/** The English emails: the defaults of the email configs staff edit. */
export const ENGLISH_EMAILS: Record<string, string> = buildEmails(EN_WORDS);

/**
 * The emails in the other three languages (issue 26), by config key. English is the email configs
 * staff edit; a booking in another language gets these, every type of them.
 */
export const TRANSLATED_EMAILS: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  zh: buildEmails(emailWords('zh')),
  ms: buildEmails(emailWords('ms')),
  ta: buildEmails(emailWords('ta')),
};

export { EN_WORDS, type EmailWords } from './words';
