import type { Language } from '@hs/domain';
import { emailWordsOf } from '../catalogue';
import { buildEmails } from './build';
import type { EmailWords } from './words';

/** A language's email words, English for any word its catalogue lacks (the fallback is per word). */
export function emailWords(language: Language): EmailWords {
  return emailWordsOf(language);
}

/** The English emails: the defaults of the email configs staff edit. */
export const ENGLISH_EMAILS: Record<string, string> = buildEmails(emailWords('en'));

/**
 * The emails in the other three languages (issue 26), by config key. English is the email configs
 * staff edit; a booking in another language gets these, every type of them.
 */
export const TRANSLATED_EMAILS: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  zh: buildEmails(emailWords('zh')),
  ms: buildEmails(emailWords('ms')),
  ta: buildEmails(emailWords('ta')),
};

export type { EmailWords } from './words';
