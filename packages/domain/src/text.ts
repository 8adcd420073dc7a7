/**
 * Text a person sends, made safe to keep and to show (issue 43). One Postgres `text` or `jsonb` value
 * cannot hold NUL or a lone surrogate, and a bidi override flips whatever follows it in an email or a
 * PDF, so such characters reach neither the log nor any document: the api cleans every string of every
 * request with `cleanText`, and whatever opens a person's data from the log cleans it again with
 * `storableText` (the log may hold such characters from before, sealed where Postgres never saw them).
 */

/**
 * What no person types: C0 controls but tab, line feed and carriage return; DEL and the C1 controls;
 * the bidi embeddings, overrides and isolates (U+202A..U+202E, U+2066..U+2069). The marks LRM, RLM
 * and ALM stay: Arabic and Hebrew text uses them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
const UNTYPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Printable ASCII and nothing else: nothing to clean (the common case, tested first). */
const PLAIN = /^[\u0020-\u007E]*$/;

export interface CleanTextOptions {
  /** Keeps line breaks (as `\n`) and tabs; otherwise each run of them becomes one space. */
  multiline?: boolean;
}

/**
 * `value` without what no person types (see UNTYPED) and without lone surrogates, in Unicode NFC.
 * Line breaks and tabs stay only in a multi-line field. Idempotent.
 */
export function cleanText(value: string, options: CleanTextOptions = {}): string {
  if (PLAIN.test(value)) return value;
  const kept = value.replace(LONE_SURROGATE, '').replace(UNTYPED, '');
  // U+2028 and U+2029 are line and paragraph separators: line breaks as \n and \r are.
  const lines = options.multiline
    ? kept.replace(/\r\n?|[\u2028\u2029]/g, '\n')
    : kept.replace(/[\t\n\r\u2028\u2029]+/g, ' ');
  return lines.normalize('NFC');
}

/** True when `value` is what cleanText leaves (a multi-line field's). */
export function isCleanText(value: string): boolean {
  return cleanText(value, { multiline: true }) === value;
}

/**
 * The request fields whose value may run over several lines (medical conditions, descriptions, a
 * refund's reason, an email template, the privacy notice): every other string is one line.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'medicalConditions',
  'description',
  'reason',
  'configValue',
  'text',
  'notes',
  'note',
  'message',
  'csv',
]);

/**
 * A string from the log, safe for Postgres and every document: cleaned as a multi-line field is
 * (the log may hold NUL, lone surrogates or bidi overrides sealed before the api cleaned input).
 */
export function storableText(value: string): string {
  return cleanText(value, { multiline: true });
}
