/**
 * The pages the web app has (issue 46): the client router's paths, so the server answers an unknown
 * path with 404 (the app still draws its not-found page) instead of 200. A test in web checks that
 * every route the app declares is here. `:name` is one path segment, `:name?` an optional last one.
 */
export const WEB_PAGES = [
  '/',
  '/events/:slug',
  '/legacy/events/:slug?',
  '/participants',
  '/registration',
  '/confirmation',
  '/booking/packages',
  '/booking/registration',
  '/booking/:eventSlug/participants',
  '/booking/confirmation/:reference',
  '/booking/confirmed/:reference',
  '/cancel-appointment',
  '/manage-appointment',
  '/waitlist/:token',
  '/privacy',
  '/sms-opt-out/:token',
  '/wc/:code?',
  '/c/:code',
  '/programme-report/:token',
  '/test/auto-timeslots',
  '/admin',
  '/admin/login',
  '/admin/set-password',
  '/admin/dashboard',
  '/admin/email',
  '/admin/postal-timeslots',
  '/admin/system',
  '/admin/audit-log',
  '/admin/check-in',
  '/admin/attendees',
  '/admin/account',
] as const;

/** The path's segments; an empty one (`//`) is kept, so `/privacy//` is no page, as the router has it. */
const segments = (path: string) =>
  path === '/' ? [] : path.replace(/^\//, '').replace(/\/$/, '').split('/');

// The client router (wouter) matches paths whatever their case: so does this.
function matches(pattern: string, path: string): boolean {
  const want = segments(pattern.toLowerCase());
  const got = segments(path.toLowerCase());
  if (got.length > want.length) return false;
  return want.every((w, i) => {
    const g = got[i];
    if (w.startsWith(':')) return g !== undefined ? g.length > 0 : w.endsWith('?');
    return g === w;
  });
}

/** Whether `path` (no query) is one of the app's pages; a trailing slash is the same page. */
export function isWebPage(path: string): boolean {
  return WEB_PAGES.some((pattern) => matches(pattern, path));
}
