/**
 * Staff roles (issue 23). Every /api/admin route declares the roles it allows in its route config
 * (`config: { roles: [...] }`); the auth plugin refuses every other role with 403.
 * - admin: everything
 * - front_desk: check-in, attendee sheet, order lookup; nothing else
 * - finance: orders, exports, refunds; no catalogue or settings
 */
export const STAFF_ROLES = ['admin', 'front_desk', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
