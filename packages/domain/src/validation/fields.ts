/** Field building blocks shared by the form schemas. Missing, null and '' all count as empty. */
import * as v from 'valibot';
import { parseCalendarDay, parseDateOfBirth, parseIsoDay } from '../dates';
import { parseMoney, toMoneyString } from '../money';

export const INVALID_INPUT_MESSAGE = 'Invalid input';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text; missing/null become ''. Wrong types fail with `message`. */
export const text = (message = INVALID_INPUT_MESSAGE) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => (s ?? '').trim()),
  );

/** Trimmed, non-empty text. */
export const requiredText = (message: string) => v.pipe(text(message), v.nonEmpty(message));

/** Trimmed text or null when empty. */
export const optionalText = (message = INVALID_INPUT_MESSAGE) =>
  v.pipe(
    text(message),
    v.transform((s) => (s === '' ? null : s)),
  );

export const email = (requiredMessage: string, invalidMessage: string) =>
  v.pipe(requiredText(requiredMessage), v.regex(EMAIL_PATTERN, invalidMessage));

/** Empty is fine (null); otherwise must be an email address. */
export const optionalEmail = (invalidMessage: string) =>
  v.pipe(
    text(invalidMessage),
    v.check((s) => s === '' || EMAIL_PATTERN.test(s), invalidMessage),
    v.transform((s) => (s === '' ? null : s)),
  );

const toNumber = (x: string | number | null | undefined): number => {
  if (typeof x === 'number') return x;
  if (x === null || x === undefined || x.trim() === '') return Number.NaN;
  return Number(x.trim());
};

/** A whole number given as number or numeric string. Empty fails with `message`. */
export const integer = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.transform((x) => toNumber(x)),
    v.number(message),
    v.integer(message),
  );

/** A positive id (eventId, packageId, ...). */
export const positiveId = (message: string) => v.pipe(integer(message), v.minValue(1, message));

/** An optional positive id: empty gives null. */
export const optionalPositiveId = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.transform((x) => (x === null || x === '' ? null : toNumber(x))),
    v.check((x) => x === null || (Number.isInteger(x) && x >= 1), message),
  );

/** Whole number in [min, max]; missing gives `fallback`. */
export const boundedInteger = (min: number, max: number, message: string, fallback?: number) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), fallback ?? null),
    // null is "not given", as a missing key is: a form's own output (null for a field that does not
    // apply) must pass the same check again on the server.
    v.transform((x) => (x === null ? (fallback ?? null) : toNumber(x))),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/**
 * A decimal amount with at most 2 decimals as number or string; output is the canonical wire string
 * "123.45". `positive` demands > 0.
 */
const money = (message: string, positive: boolean, allowEmpty: boolean) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = typeof dataset.value === 'string' ? dataset.value.trim() : dataset.value;
      if (allowEmpty && (raw === null || raw === '')) return null;
      const cents = parseMoney(raw);
      if (cents === null || (positive ? cents <= 0 : cents < 0)) {
        addIssue({ message });
        return NEVER;
      }
      return toMoneyString(cents);
    }),
  );

/**
 * A decimal amount with at most 2 decimals as number or string; output is the canonical wire string
 * "123.45". `positive` demands > 0, otherwise >= 0.
 */
export const decimal = (message: string, { positive = false } = {}) =>
  money(message, positive, false) as v.GenericSchema<unknown, string>;

/** Like `decimal`, but empty gives null. */
export const optionalDecimal = (message: string, { positive = false } = {}) =>
  money(message, positive, true) as v.GenericSchema<unknown, string | null>;

/** A boolean flag, missing gives `fallback`. */
export const flag = (fallback: boolean) => v.optional(v.boolean(), fallback);

/** Normalises case against a fixed set: 'MALE' -> 'male' (or 'Male' when the options are capitalised). */
export const choice = <const T extends readonly string[]>(options: T, message: string) =>
  v.pipe(
    text(message),
    v.transform((s) => options.find((o) => o.toLowerCase() === s.toLowerCase()) ?? s),
    v.picklist(options, message),
  );

export interface DobMessages {
  required?: string;
  format?: string;
  future?: string;
  tooEarly?: string;
}

/**
 * Date of birth typed as YYYY-MM-DD or DD/MM/YYYY: a real day, not in the future (Singapore today,
 * read when validating), not before 1900-01-01. Output "yyyy-MM-dd".
 */
export const dateOfBirth = (messages: DobMessages = {}) =>
  v.pipe(
    text(messages.required ?? 'Date of birth is required'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = parseDateOfBirth(dataset.value, new Date());
      if (result.ok) return result.value;
      const override =
        result.message === 'Date of birth is required'
          ? messages.required
          : result.message === 'Please enter a valid date in DD/MM/YYYY format'
            ? messages.format
            : result.message === 'Date of birth cannot be in the future'
              ? messages.future
              : messages.tooEarly;
      addIssue({ message: override ?? result.message });
      return NEVER;
    }),
  );

/** A calendar day "yyyy-MM-dd" (or DD/MM/YYYY), output "yyyy-MM-dd". */
export const calendarDay = (requiredMessage: string, invalidMessage = requiredMessage) =>
  v.pipe(
    requiredText(requiredMessage),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const day = parseCalendarDay(dataset.value);
      if (day) return day;
      addIssue({ message: invalidMessage });
      return NEVER;
    }),
  );

/** Optional date or timestamp (ISO 8601 or yyyy-MM-dd); output the trimmed string or null. */
export const optionalDateTime = (message: string) =>
  v.pipe(
    optionalText(message),
    v.check((s) => s === null || parseIsoDay(s) !== null || !Number.isNaN(Date.parse(s)), message),
  );
