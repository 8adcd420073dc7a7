import { DEFAULT_LANGUAGE } from '@hs/domain';
import en from './locales/en.json';
import { Translator } from './translator';

/** The one message store of the site; English is in the bundle, so the first render never waits. */
export const i18n = new Translator(DEFAULT_LANGUAGE, DEFAULT_LANGUAGE);
i18n.addResourceBundle(DEFAULT_LANGUAGE, en);
