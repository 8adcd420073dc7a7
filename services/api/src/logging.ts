/**
 * Personal data and secrets never reach the logs: these paths are censored by
 * pino wherever they appear in a logged object, one or two levels deep.
 */
const SENSITIVE = [
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
];

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE.map((k) => `*.${k}`),
  ...SENSITIVE.map((k) => `*.*.${k}`),
  ...SENSITIVE,
];

/**
 * Paths whose last segment is a bearer secret (a staff invite link's token sets a password; a waiting
 * list token takes someone off the list): the request log keeps the route, not the secret, so reading
 * the logs hands out no working link.
 */
const SECRET_IN_PATH = /^(\/api\/(?:staff-invites|waitlist|sms-opt-out)\/)[^/?#]+/;

/**
 * A staff search may be an identification number, a name or an email (issue 24): the request log keeps
 * that a search was made, not what was searched for.
 */
const SEARCH_IN_QUERY = /([?&]search=)[^&#]*/g;

export const redactUrl = (url: string): string =>
  url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SEARCH_IN_QUERY, '$1[redacted]');
