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
