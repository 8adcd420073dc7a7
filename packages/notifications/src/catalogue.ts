/**
 * The one string catalogue of what is sent to customers (issue 44): the words of every email and
 * SMS in i18next JSON catalogues (../locales/{en,zh,ms,ta}.json), as the web's are, read with one
 * i18next instance. English is the fallback of every missing string; i18next's own interpolation
 * (`{{name}}`) and plurals (`_one`, `_other`) fill them.
 */
import { LANGUAGES, type Language, TEMPLATE_VARIABLE_NAMES } from '@hs/domain';
import i18next, { type TOptions } from 'i18next';
import en from '../locales/en.json';
import ms from '../locales/ms.json';
import ta from '../locales/ta.json';
import zh from '../locales/zh.json';

export type EmailWordKey = keyof typeof en.email;

const catalogue = i18next.createInstance();
void catalogue.init({
  resources: {
    en: { translation: en },
    zh: { translation: zh },
    ms: { translation: ms },
    ta: { translation: ta },
  },
  supportedLngs: [...LANGUAGES],
  lng: 'en',
  fallbackLng: 'en',
  // everything is in the bundle: ready on return
  initAsync: false,
  // emails are escaped by the template engine when they are rendered; an SMS is plain text
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A catalogue string in `language` (English when that language lacks it), filled with `values`. */
export function catalogueText(language: Language, key: string, values: TOptions = {}): string {
  return catalogue.t(key, { ...values, lng: language });
}

/**
 * Each template variable as an EJS output tag: a word filled with these keeps its variables for the
 * template engine to fill per email (`{{referenceNumber}}` -> `<%= referenceNumber %>`).
 */
const AS_TEMPLATE_TAGS = Object.fromEntries(TEMPLATE_VARIABLE_NAMES.map((n) => [n, `<%= ${n} %>`]));

/** Every email word of `language`, its variables as EJS output tags (the markup: languages/build.ts). */
export function emailWordsOf(language: Language): Record<EmailWordKey, string> {
  const keys = Object.keys(en.email).filter((k) => !/_(one|other|few|many|two|zero)$/.test(k));
  return Object.fromEntries(
    keys.map((k) => [k, catalogueText(language, `email.${k}`, AS_TEMPLATE_TAGS)]),
  ) as Record<EmailWordKey, string>;
}
