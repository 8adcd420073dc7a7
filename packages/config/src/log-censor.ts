/**
 * Personal data and secrets never reach the logs (PDPA; issue 24): a value under one of these keys is
 * replaced by `[redacted]` wherever it appears in a logged object, down to five levels (`{ email }`,
 * `{ req: { headers: { authorization } } }`, `{ order: { participants: [{ dateOfBirth }] } }`), and as a
 * key of a child logger's bindings.
 */
export const SENSITIVE_LOG_KEYS: ReadonlySet<string> = new Set([
  'password',
  'token',
  'identificationNumber',
  'identification_number',
  'nric',
  'dateOfBirth',
  'date_of_birth',
  'email',
  'mobileNumber',
  'mobile_number',
  'phone',
  'contact',
  'nonce',
  'apiKey',
  'key',
  'authorization',
  'cookie',
  'x-api-key',
  'set-cookie',
]);

export const LOG_CENSOR = '[redacted]';

const MAX_DEPTH = 5;

/** Plain objects and arrays only: a class instance (a request, a socket, an Error) has its own serializer. */
function isPlainContainer(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `value` with every sensitive key censored, copying only the objects on the way to a censored key; the
 * value itself when nothing is censored (the common case costs no allocation). The caller's object is
 * never changed.
 */
export function censorLogObject<T>(value: T, depth = 1): T {
  if (depth > MAX_DEPTH || !isPlainContainer(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = value[key];
    const next = SENSITIVE_LOG_KEYS.has(key) ? LOG_CENSOR : censorLogObject(child, depth + 1);
    if (next !== child) {
      copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

/**
 * Pino options for the api and the worker. Not pino's `redact` with wildcard paths (`*.email`): its
 * redactor re-parses every path on every call and runs on every child logger's bindings, which cost the
 * api 6 µs a request at level warn and 57 µs at info (issue 27; `npm run logging -w bench`). Pino applies
 * no formatter to a child's bindings, so their keys are censored by `redact` with top-level paths only,
 * which pino answers with one lookup per key.
 */
export const logCensorOptions = {
  formatters: {
    log: (object: Record<string, unknown>): Record<string, unknown> => censorLogObject(object),
  },
  redact: {
    paths: [...SENSITIVE_LOG_KEYS].map((k) => (/^\w+$/.test(k) ? k : `["${k}"]`)),
    censor: LOG_CENSOR,
  },
};
