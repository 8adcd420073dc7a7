import type { StaffRole } from '@hs/contracts';

/**
 * Which back-office pages each staff role sees (issue 23); the api refuses the rest with 403 anyway.
 * Kept here rather than imported from @hs/contracts at run time, which would pull TypeBox into the web
 * bundle; the `Record<StaffRole, …>` type keeps the two lists in step.
 */
const ALL: readonly StaffRole[] = ['admin', 'front_desk', 'finance'];
const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  front_desk: 'Front desk',
  finance: 'Finance',
};
export const STAFF_ROLE_OPTIONS = ALL.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const roleLabel = (role: string) => ROLE_LABELS[role as StaffRole] ?? role;

export const isStaffRole = (role: string | undefined): role is StaffRole =>
  role !== undefined && (ALL as readonly string[]).includes(role);

/** Pages (paths) open to roles other than admin; every page not listed is admin only. */
const PAGE_ROLES: Record<string, readonly StaffRole[]> = {
  '/admin/dashboard': ALL,
  '/admin/account': ALL,
  '/admin/check-in': ['admin', 'front_desk'],
  '/admin/attendees': ['admin', 'front_desk'],
};

export function canSeePage(role: string | undefined, path: string): boolean {
  if (!isStaffRole(role)) return false;
  const page = path === '/admin' ? '/admin/dashboard' : path.replace(/\/$/, '');
  const match = Object.keys(PAGE_ROLES).find((p) => page === p || page.startsWith(`${p}/`));
  return (match ? PAGE_ROLES[match]! : ['admin']).includes(role);
}

/** Dashboard tabs open to roles other than admin: Today and order lookup for the front desk and finance; reports and companies (issue 51) for finance. */
const TAB_ROLES: Record<string, readonly StaffRole[]> = {
  today: ALL,
  orders: ALL,
  reports: ['admin', 'finance'],
  companies: ['admin', 'finance'],
};

export const canSeeTab = (role: string | undefined, tab: string): boolean =>
  isStaffRole(role) && (TAB_ROLES[tab] ?? ['admin']).includes(role);

/**
 * Order actions by role, mirroring the api's route roles (change, export, refund: admin and finance;
 * reschedule: admin). Without a loaded user (only outside the protected routes) nothing is hidden:
 * the api decides either way.
 */
export const canChangeOrders = (role: string | undefined) =>
  role === undefined || role === 'admin' || role === 'finance';
export const canRescheduleOrders = (role: string | undefined) => role === undefined || role === 'admin';
