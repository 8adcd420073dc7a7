/**
 * Staff roles (issue 23). Every /api/admin route declares the roles it allows in its route config
 * (`config: { roles: [...] }`); the auth plugin refuses every other role with 403.
 * - admin: everything
 * - front_desk: check-in, attendee sheet, order lookup; nothing else
 * - finance: orders, exports, refunds; no catalogue or settings
 */
export const STAFF_ROLES = ['admin', 'front_desk', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role groups routes declare (`config: { roles: ... }`), named by what they let a role do. */
export const ROLES = {
  /** Everything not named below: catalogue, settings, api keys, payments settings, staff. */
  admin: ['admin'],
  /** The signed-in session itself (who am I, logout, own password and second factor). */
  anyStaff: STAFF_ROLES,
  /** Looking orders up and reading the event list to choose from: every role. */
  orderLookup: STAFF_ROLES,
  /** Changing orders, exports, refunds. */
  orderDesk: ['admin', 'finance'],
  /** Check-in and the attendee sheet. */
  checkIn: ['admin', 'front_desk'],
} as const satisfies Record<string, readonly StaffRole[]>;

export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);
