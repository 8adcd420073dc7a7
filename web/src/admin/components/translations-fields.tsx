import { type CatalogueTranslations, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '@hs/domain';
import { css } from 'styled-system/css';
import * as Field from '../../components/ui/field';

const NAMES: Record<TranslatedLanguage, { english: string; own: string }> = {
  zh: { english: 'Chinese', own: '简体中文' },
  ms: { english: 'Malay', own: 'Bahasa Melayu' },
  ta: { english: 'Tamil', own: 'தமிழ்' },
};

interface Props {
  value: CatalogueTranslations | null | undefined;
  onChange: (next: CatalogueTranslations) => void;
  /** The form's errors, keyed by dot path (`translations.zh.name`). */
  errors: Record<string, string>;
}

/**
 * Staff's translations of a name and description (issue 46): shown to visitors who chose that
 * language, English (the fields above) wherever a text is left empty. Folded away until needed.
 */
export function TranslationsFields({ value, onChange, errors }: Props) {
  const texts = value ?? {};
  const given = TRANSLATED_LANGUAGES.filter((l) => texts[l]?.name || texts[l]?.description);
  const hasError = Object.keys(errors).some((k) => k.startsWith('translations'));
  const set = (language: TranslatedLanguage, field: 'name' | 'description', text: string) =>
    onChange({ ...texts, [language]: { ...texts[language], [field]: text } });

  return (
    <details open={hasError || undefined} className={css({ borderWidth: '1px', borderRadius: 'l2', p: '3' })}>
      <summary className={css({ cursor: 'pointer', fontWeight: 'medium', textStyle: 'sm' })}>
        Translations{given.length > 0 ? ` (${given.map((l) => l.toUpperCase()).join(', ')})` : ''}
      </summary>
      <p className={css({ textStyle: 'xs', color: 'fg.muted', mt: '2' })}>
        Shown to visitors who chose the language; a text left empty shows in English.
      </p>
      {errors.translations ? (
        <p role="alert" className={css({ textStyle: 'sm', color: 'fg.error', mt: '2' })}>
          {errors.translations}
        </p>
      ) : null}
      {TRANSLATED_LANGUAGES.map((language) => (
        <fieldset key={language} className={css({ display: 'grid', gap: '2', mt: '3' })}>
          <legend className={css({ textStyle: 'sm', fontWeight: 'semibold', mb: '1' })}>
            {`${NAMES[language].english} (${NAMES[language].own})`}
          </legend>
          <Field.TextField
            label={`${NAMES[language].english} name`}
            name={`translations.${language}.name`}
            lang={language}
            value={texts[language]?.name ?? ''}
            onChange={(e) => set(language, 'name', e.target.value)}
            error={errors[`translations.${language}.name`]}
          />
          <Field.Root invalid={Boolean(errors[`translations.${language}.description`])}>
            <Field.Label>{`${NAMES[language].english} description`}</Field.Label>
            <Field.Textarea
              name={`translations.${language}.description`}
              lang={language}
              value={texts[language]?.description ?? ''}
              onChange={(e) => set(language, 'description', e.target.value)}
            />
            <Field.ErrorText>{errors[`translations.${language}.description`]}</Field.ErrorText>
          </Field.Root>
        </fieldset>
      ))}
    </details>
  );
}
