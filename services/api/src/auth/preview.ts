/**
 * The email and PDF previews' credential: a short-lived cookie an admin's "Preview" sets so the
 * preview can open in a new tab (routes/admin/previews.ts), and the OpenAPI document names.
 */
export const PREVIEW_COOKIE = 'hs_preview';
/** The cookie is sent to these paths only (one Set-Cookie each: a cookie has a single path). */
export const PREVIEW_PATHS = ['/api/test-email', '/api/test-pdf'] as const;
/** Long enough for the new tab to load (and be reloaded once), short enough to be useless later. */
export const PREVIEW_LIFETIME_S = 60;
