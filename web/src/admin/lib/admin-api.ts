import { formatDateOrNA } from '@hs/domain';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiEnvelope, ApiError } from '../../lib/api';
import { toaster } from '../../components/ui/toaster';

export const ADMIN_PATHS = {
  dashboard: '/api/admin/dashboard',
  events: '/api/admin/events',
  packages: '/api/admin/packages',
  discounts: '/api/admin/discounts',
  holidays: '/api/admin/public-holidays',
  emailConfigs: '/api/admin/email-configs',
  paymentTestMode: '/api/admin/payments/test-mode',
  apiKeys: '/api/admin/api-keys',
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
export type EntityNoun = 'event' | 'package' | 'API key' | 'discount' | 'public holiday' | 'configuration';

/** Spec section 8: toast 'Error' with 'Failed to {verb} {entity}: {message}'. */
export function toastMutationError(verb: MutationVerb, entity: EntityNoun, error: unknown) {
  toaster.create({
    title: 'Error',
    description: `Failed to ${verb} ${entity}: ${failureMessage(error)}`,
    type: 'error',
  });
}

export function toastSuccess(title: string, description?: string) {
  toaster.create({ title, description, type: 'success' });
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
