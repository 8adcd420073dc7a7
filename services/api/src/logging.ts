/**
 * Paths whose last segment is a bearer secret (a staff invite link's token sets a password; a waiting
 * list token takes someone off the list; a Myinfo handle opens a retrieved person, issue 49): the request log keeps the route, not the secret, so reading
 * the logs hands out no working link.
 */
const SECRET_IN_PATH = /^(\/api\/(?:staff-invites|waitlist|sms-opt-out|myinfo\/prefill)\/)[^/?#]+/;

/** Singpass's callback carries a one-time code and the login's state (issue 49): kept out of the log. */
const MYINFO_CALLBACK_QUERY = /^(\/api\/myinfo\/callback\?).*/;

/**
 * A staff search may be an identification number, a name or an email (issue 24): the request log keeps
 * that a search was made, not what was searched for.
 */
const SEARCH_IN_QUERY = /([?&]search=)[^&#]*/g;

export const redactUrl = (url: string): string =>
  url
    .replace(SECRET_IN_PATH, '$1[redacted]')
    .replace(SEARCH_IN_QUERY, '$1[redacted]')
    .replace(MYINFO_CALLBACK_QUERY, '$1[redacted]');
