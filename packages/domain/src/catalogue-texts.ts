/**
 * Staff's own translations of what the catalogue says (issue 46): an event's, a package's or a
 * venue's name and description in Chinese, Malay and Tamil. English is what staff type in the main
 * fields and the fallback for any text not translated, field by field.
 */
import * as v from 'valibot';
import type { Language } from './language';

export const TRANSLATED_LANGUAGES = ['zh', 'ms', 'ta'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface CatalogueText {
  name?: string;
  description?: string;
}
/** Only the texts staff gave: an empty field is left out, so English shows. */
export type CatalogueTranslations = Partial<Record<TranslatedLanguage, CatalogueText>>;

export const TRANSLATIONS_MESSAGES = {
  shape: 'Translations must be an object of zh, ms and ta, each with a name and a description',
  name: 'A translated name is at most 200 characters',
  description: 'A translated description is at most 2000 characters',
} as const;

const trimmed = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(message)),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(max, message),
    ),
  );

// valibot's object schemas take an array too (and answer a new object); JSON's `object` does not,
// and neither do we: the check comes before the object schema.
const notArray = v.custom<object>(
  (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
  TRANSLATIONS_MESSAGES.shape,
);

const oneLanguage = v.optional(
  v.nullable(
    v.pipe(
      notArray,
      v.strictObject(
        {
          name: trimmed(200, TRANSLATIONS_MESSAGES.name),
          description: trimmed(2000, TRANSLATIONS_MESSAGES.description),
        },
        TRANSLATIONS_MESSAGES.shape,
      ),
    ),
  ),
);

/** A form's `translations`: absent or null stays null (an update keeps what is stored). */
export const catalogueTranslationsSchema = v.optional(
  v.nullable(
    v.pipe(
      notArray,
      v.strictObject({ zh: oneLanguage, ms: oneLanguage, ta: oneLanguage }, TRANSLATIONS_MESSAGES.shape),
      v.transform(compactTranslations),
    ),
  ),
  null,
);

/** Drops empty texts and languages left with none. */
export function compactTranslations(
  input: Partial<Record<TranslatedLanguage, CatalogueText | null | undefined>>,
): CatalogueTranslations {
  const out: CatalogueTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const texts = input[language];
    const kept: CatalogueText = {};
    if (texts?.name) kept.name = texts.name;
    if (texts?.description) kept.description = texts.description;
    if (kept.name || kept.description) out[language] = kept;
  }
  return out;
}

/** `item` with its name and description in `language` where staff translated them, else as it is. */
export function inLanguage<T extends { name: string; description?: string | null }>(
  item: T,
  translations: CatalogueTranslations | null | undefined,
  language: Language,
): T {
  if (language === 'en') return item;
  const texts = translations?.[language];
  if (!texts) return item;
  return {
    ...item,
    name: texts.name || item.name,
    ...(texts.description && 'description' in item ? { description: texts.description } : {}),
  };
}
