import { languageOrDefault } from '@hs/domain';
import { AUTH_TOKEN_KEY } from './lib/api';
import { LANGUAGE_STORAGE_KEY } from './i18n/storage-key';

/**
 * Whether this visitor's first render is the one the api rendered (issue 50): English (no other language
 * stored) and no staff token. Read by the entry (boot.ts), which then waits for that page's paint, and
 * by main.tsx, which then hydrates it; anyone else gets the app at once and a fresh render.
 */
export function seesServerView(): boolean {
  try {
    return (
      languageOrDefault(localStorage.getItem(LANGUAGE_STORAGE_KEY)) === 'en' &&
      !localStorage.getItem(AUTH_TOKEN_KEY)
    );
  } catch {
    return true;
  }
}
