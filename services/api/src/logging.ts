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
