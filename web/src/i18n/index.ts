/**
 * The public site's translations (issue 26). English is bundled (the spec's texts, the first paint);
 * the other catalogues are separate chunks fetched when a visitor picks the language (and awaited
 * before the switch, so no key ever shows), so the public entry grows by the English catalogue and
 * ./translator.ts only. The back-office stays English.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALES, type Language, languageOrDefault } from '@hs/domain';
import { i18n } from './instance';
import en from './locales/en.json';
import { useTranslation } from './react';
import { LANGUAGE_STORAGE_KEY } from './storage-key';

export { i18n, LANGUAGE_STORAGE_KEY };
export { Trans, useTranslation } from './react';
export type { TFunction } from './translator';

/** What the switch shows: each language in its own script. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  ms: 'Bahasa Melayu',
  ta: 'தமிழ்',
};

export type Catalogue = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  zh: () => import('./locales/zh.json'),
  ms: () => import('./locales/ms.json'),
  ta: () => import('./locales/ta.json'),
};

function storedLanguage(): Language {
  try {
    return languageOrDefault(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Loads the catalogue if needed, switches, remembers the choice and sets `<html lang>`. */
export async function setLanguage(language: Language, remember = true): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language)) {
    const catalogue = await loaders[language]();
    i18n.addResourceBundle(language, catalogue.default);
  }
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_LOCALES[language];
  if (remember) {
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
}

/** At start-up: the remembered language (English when none). */
export function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  return language === DEFAULT_LANGUAGE ? Promise.resolve() : setLanguage(language, false);
}

export function currentLanguage(): Language {
  const lng = i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** The locale for Intl formatting in the current language (en-SG, zh-SG, ms-SG, ta-SG). */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

/**
 * English messages the site shares with @hs/domain and the api (validation, toasts, refusals) are
 * keys under `msg`; this maps such a message to the current language, and leaves any other text
 * (an api message we do not know) as it came.
 */
const byEnglish = new Map<string, string>(
  Object.entries(en.msg as Record<string, string>).map(([key, text]) => [text, `msg.${key}`]),
);
/** Messages with a value in them (`… in {{minutes}} minutes.`): matched with the value, which is kept. */
const withValues = Object.entries(en.msg as Record<string, string>)
  .filter(([, text]) => /{{\w+}}/.test(text))
  .map(([key, text]) => {
    const names = [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1] as string);
    const pattern = text
      .split(/{{\w+}}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    return { key: `msg.${key}`, names, pattern: new RegExp(`^${pattern}$`) };
  });
function withValuesKey(text: string): string | undefined {
  for (const { key, names, pattern } of withValues) {
    const m = pattern.exec(text);
    if (m) return i18n.t(key, Object.fromEntries(names.map((n, i) => [n, m[i + 1]])));
  }
  return undefined;
}
export function translateMessage(text: string): string;
export function translateMessage(text: string | undefined): string | undefined;
export function translateMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const key = byEnglish.get(text);
  return key ? i18n.t(key) : (withValuesKey(text) ?? text);
}

/** The visitor's language, re-rendering the caller when it changes (for keys that depend on it). */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return languageOrDefault(instance.language);
}
