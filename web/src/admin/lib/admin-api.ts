import { formatDateOrNA } from '@hs/domain';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { toaster } from '../../components/ui/toaster';
import { roleLabel } from '../../lib/staff-roles';

export const ADMIN_PATHS = {
  dashboard: '/api/admin/dashboard',
  operations: '/api/admin/dashboard/operations',
  events: '/api/admin/events',
  packages: '/api/admin/packages',
  discounts: '/api/admin/discounts',
  holidays: '/api/admin/public-holidays',
  emailConfigs: '/api/admin/email-configs',
  paymentTestMode: '/api/admin/payments/test-mode',
  paymentProviderCheck: '/api/admin/payments/provider-check',
  paymentHold: '/api/admin/payments/hold',
  payNow: '/api/admin/payments/paynow',
  apiKeys: '/api/admin/api-keys',
  orders: '/api/admin/registrations',
  ordersExport: '/api/admin/registrations/export',
  timeslotSearch: '/api/admin/timeslots/postal-code',
  timeslots: '/api/admin/timeslots',
  auditLog: '/api/admin/audit-log',
  subscriptions: '/api/admin/system/subscriptions',
  queues: '/api/admin/queues',
  parkedEvents: '/api/admin/system/parked-events',
  waitlistCounts: '/api/admin/waitlist/counts',
  previewSession: '/api/admin/previews/session',
  users: '/api/admin/users',
  staffSettings: '/api/admin/staff-settings',
  account: '/api/admin/account',
} as const;

/** A `{ success, data: T[] }` list of the admin API. */
export function useAdminList<T>(path: string) {
  const { data, error, isLoading, mutate } = useSWR<ApiEnvelope<T[]>>(path);
  return { items: data?.data, error: error as unknown, isLoading, mutate };
}

/** After a write: refresh the list and the dashboard's count cards. */
export function useRefresh(path: string) {
  const { mutate } = useSWRConfig();
  return () => Promise.all([mutate(path), mutate(ADMIN_PATHS.dashboard)]);
}

/** The server's message for an admin mutation failure: its `message`, else the error text. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export type MutationVerb = 'create' | 'update' | 'delete';
export type EntityNoun =
  | 'event'
  | 'package'
  | 'API key'
  | 'discount'
  | 'public holiday'
  | 'configuration'
  | 'user'
  | 'company'
  | 'programme';

/** Spec section 8: toast 'Error' with 'Failed to {verb} {entity}: {message}'. */
export function toastMutationError(verb: MutationVerb, entity: EntityNoun, error: unknown) {
  toaster.create({
    title: 'Error',
    description: `Failed to ${verb} ${entity}: ${failureMessage(error)}`,
    type: 'error',
  });
}

/** A failure toast 'Error' with a full description (e.g. 'Failed to update registration: {message}'). */
/** Error toasts still open: the next success dismisses them (issue 45: no stale "failed" beside a success). */
const openErrors = new Set<string>();

export function toastError(description: string, title = 'Error') {
  const id = toaster.create({
    title,
    description,
    type: 'error',
    onStatusChange: ({ status }) => {
      if (status === 'unmounted') openErrors.delete(id);
    },
  });
  openErrors.add(id);
}

export function toastSuccess(title: string, description?: string) {
  for (const id of openErrors) toaster.dismiss(id);
  openErrors.clear();
  toaster.create({ title, description, type: 'success' });
}

/**
 * The Delete action of a list: DELETE {path}/{id}, the spec's success toast, a refresh of the list and
 * the dashboard counts, or the spec's 'Failed to delete {entity}: {message}' toast.
 */
export function useRemove(path: string, entity: EntityNoun, successTitle: string) {
  const refresh = useRefresh(path);
  return async (item: { id: number }) => {
    try {
      await api.delete(`${path}/${item.id}`);
      toastSuccess(successTitle);
      await refresh();
    } catch (e) {
      toastMutationError('delete', entity, e);
    }
  };
}

/** Created / Last Updated columns: "5 Jan 2026". */
export function formatAdminDate(value: string | null | undefined): string {
  return formatDateOrNA(value ?? null, 'd MMM yyyy');
}

export function formatAdminDateTime(value: string | null | undefined): string {
  return formatDateOrNA(value ?? null, 'd MMM yyyy, HH:mm');
}

/** Text cut to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 5 Jan 2026, 14:05:09 (Asia/Singapore): the order timeline and the audit log. */
export function formatAdminTimestamp(value: string | null | undefined): string {
  return formatDateOrNA(value ?? null, 'd MMM yyyy, HH:mm:ss');
}

/**
 * Who did it: 'public' -> Customer (public site); 'admin:amy' with her role -> Front desk amy (issue
 * 45: the staff member's role, not "Admin" for everyone); 'partner:7', 'worker:job'.
 */
export function describeActor(actor: string | null | undefined, role?: string | null): string {
  if (!actor) return 'Unknown';
  const [kind, ...rest] = actor.split(':');
  const who = rest.join(':');
  switch (kind) {
    case 'public':
      return 'Customer (public site)';
    case 'admin': {
      const title = role ? roleLabel(role) : 'Staff';
      return who ? `${title} ${who}` : title;
    }
    case 'partner':
      return who ? `Partner ${who}` : 'Partner';
    case 'worker':
      return who ? `System (${who})` : 'System';
    default:
      return actor;
  }
}
