import { LANGUAGES, type Language, languageOrDefault } from '@hs/domain';
import { useTranslation, LANGUAGE_NAMES, setLanguage } from '../../i18n';
import { css } from 'styled-system/css';

const select = css({
  h: '10',
  px: '1',
  // at 360 px the logo, this and the menu button share one row
  w: { base: '20', sm: 'auto' },
  maxW: '40',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  fontSize: 'sm',
  color: 'fg.default',
});

/**
 * The public header's language choice: a native select (keyboard and screen readers for free, fits at
 * 360 px). Each language is named in its own script and marked with its `lang`.
 */
export function LanguageSwitch({ id = 'language-switch' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  const current = languageOrDefault(i18n.language);
  return (
    <>
      <label htmlFor={id} className={css({ srOnly: true })}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={select}
        value={current}
        onChange={(e) => void setLanguage(e.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </>
  );
}
