/**
 * The languages of the public site and of what is sent to customers (issue 26): Singapore's four
 * official languages. English is the default and the fallback when a translation is missing.
 */
export const LANGUAGES = ['en', 'zh', 'ms', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Locale used to format dates and numbers for each language. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: 'en-SG',
  zh: 'zh-SG',
  ms: 'ms-SG',
  ta: 'ta-SG',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or requested language, or English when absent or unknown. */
export function languageOrDefault(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
