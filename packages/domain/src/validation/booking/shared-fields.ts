/** Field rules several booking forms share; only LANGUAGE_MESSAGE is public (see index.ts). */
import * as v from 'valibot';
import { normalizeIdentificationNumber } from '../../identity';
import { LANGUAGES } from '../../language';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from '../../regions';
import { optionalText, requiredText, text } from '../fields';

export const idNumber = (message: string, minLength = 1) =>
  v.pipe(requiredText(message), v.minLength(minLength, message), v.transform(normalizeIdentificationNumber));

export const postalCode = v.pipe(
  text(POSTAL_CODE_MESSAGE),
  v.regex(POSTAL_CODE_PATTERN, POSTAL_CODE_MESSAGE),
);

export const name = (emptyMessage: string, shortMessage: string) =>
  v.pipe(text(emptyMessage), v.nonEmpty(emptyMessage), v.minLength(2, shortMessage));

export const mobile = (message: string) => v.pipe(requiredText(message), v.minLength(8, message));

/** The booking's language: one of the site's four, or absent (English). */
export const LANGUAGE_MESSAGE = `language must be one of ${LANGUAGES.join(', ')}`;
export const bookingLanguage = v.optional(v.picklist(LANGUAGES, LANGUAGE_MESSAGE));

/** Issue 49: the opaque handle of a Myinfo retrieval (base64url), or absent when the details were typed. */
export const MYINFO_HANDLE_MESSAGE = 'Invalid Myinfo retrieval';
export const myinfoHandle = v.pipe(
  optionalText(MYINFO_HANDLE_MESSAGE),
  v.check((s) => s === null || /^[A-Za-z0-9_-]{32,64}$/.test(s), MYINFO_HANDLE_MESSAGE),
);
