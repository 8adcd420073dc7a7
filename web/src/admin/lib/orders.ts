import {
  type AdminStatusFilter,
  adminStatusTransition,
  parseRegistrationStatus,
  singaporeToday,
} from '@hs/domain';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { type ApiEnvelope, AUTH_TOKEN_KEY, api } from '../../lib/api';
import { toaster } from '../../components/ui/toaster';
import { ADMIN_PATHS, failureMessage, toastError, toastSuccess } from './admin-api';
import type { AdminOrder, OrderHistoryEntry, OrderPage } from '@hs/contracts';

/** The list refreshes by polling (a booking on the public site shows up within this). */
export const ORDERS_REFRESH_MS = 5_000;
export const ORDERS_PAGE_SIZE = 20;

/** 'confirmed' shows confirmed orders only; paid and completed ones are under 'paid'. */
export type OrderStatusFilter = AdminStatusFilter;

/**
 * The list's order (issue 45): 'created' newest booking first (the api's default), 'appointment' the
 * earliest appointment first, '-appointment' the latest first.
 */
export type OrderSort = 'created' | 'appointment' | '-appointment';

/** The Appointment header's next order: ascending first, then it flips between the two. */
export const nextAppointmentSort = (sort: OrderSort | undefined): OrderSort =>
  sort === 'appointment' ? '-appointment' : 'appointment';

/** aria-sort of the Appointment column header for the list's order. */
export const appointmentAriaSort = (sort: OrderSort | undefined) =>
  sort === 'appointment' ? 'ascending' : sort === '-appointment' ? 'descending' : 'none';

export interface OrderFilters {
  status: OrderStatusFilter;
  eventId: string;
  /** Issue 23: '' (all), 'checked_in', 'no_show' or 'not_checked_in'. */
  attendance?: string;
  search: string;
  /** Left out (or 'created'): newest booking first. */
  sort?: OrderSort;
  page: number;
}

export function ordersKey(f: OrderFilters) {
  return [
    ADMIN_PATHS.orders,
    {
      status: f.status === 'all' ? undefined : f.status,
      eventId: f.eventId || undefined,
      attendance: f.attendance || undefined,
      search: f.search.trim() || undefined,
      sort: f.sort && f.sort !== 'created' ? f.sort : undefined,
      page: f.page,
      pageSize: ORDERS_PAGE_SIZE,
    },
  ] as const;
}

/** One page of orders, polled every 5 s; the previous page stays on screen while the next loads. */
export function useOrders(filters: OrderFilters) {
  return useSWR<OrderPage>(ordersKey(filters), {
    refreshInterval: ORDERS_REFRESH_MS,
    keepPreviousData: true,
  });
}

export function useOrder(id: number | null) {
  // Read again on every opening: a cached copy may be minutes old (another desk changed the order).
  return useSWR<ApiEnvelope<AdminOrder>>(id ? `${ADMIN_PATHS.orders}/${id}` : null, {
    refreshInterval: ORDERS_REFRESH_MS,
    revalidateOnMount: true,
  });
}

export function useOrderHistory(id: number | null) {
  return useSWR<ApiEnvelope<OrderHistoryEntry[]>>(id ? `${ADMIN_PATHS.orders}/${id}/history` : null, {
    refreshInterval: ORDERS_REFRESH_MS,
    revalidateOnMount: true,
  });
}

/** Refresh every orders page, one order and its history, and the dashboard counts. */
function useRevalidateOrders() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        (typeof key === 'string' &&
          (key.startsWith(ADMIN_PATHS.orders) ||
            key === ADMIN_PATHS.dashboard ||
            key === ADMIN_PATHS.operations)) ||
        (Array.isArray(key) && key[0] === ADMIN_PATHS.orders),
    );
}

export type OrderTarget = 'confirmed' | 'canceled';

/**
 * PATCH /api/admin/registrations/{id} { status }: 'Order confirmed' / 'Order cancelled', or the toast
 * 'Error' / 'Failed to update registration: {message}'. `pending` is the id being changed.
 */
export function useUpdateOrderStatus() {
  const revalidate = useRevalidateOrders();
  const [pending, setPending] = useState<number | null>(null);
  const update = async (order: Pick<AdminOrder, 'id' | 'referenceNumber'>, status: OrderTarget) => {
    setPending(order.id);
    try {
      await api.patch(`${ADMIN_PATHS.orders}/${order.id}`, { status });
      toastSuccess(
        status === 'confirmed' ? 'Order confirmed' : 'Order cancelled',
        `${order.referenceNumber} is now ${status === 'confirmed' ? 'confirmed' : 'cancelled'}.`,
      );
      await revalidate();
      return true;
    } catch (error) {
      toastError(`Failed to update registration: ${failureMessage(error)}`);
      return false;
    } finally {
      setPending(null);
    }
  };
  return { update, pending };
}

export const EXPORT_MESSAGES = {
  notLoggedIn: 'You need to be logged in to export data',
  authTitle: 'Authentication Error',
  failedTitle: 'Export failed',
  successTitle: 'Export successful',
  success: 'Your orders have been exported to CSV',
} as const;

export function exportFileName(day = singaporeToday(), unmasked = false): string {
  return `orders-export-${unmasked ? 'unmasked-' : ''}${day}.csv`;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * GET /api/admin/registrations/export with the bearer token, saved as orders-export-{yyyy-MM-dd}.csv
 * (spec sections 6 and 8). Resolves true when the file was handed to the browser. Identification
 * numbers come masked; `unmasked` asks for them in clear (issue 24: admin only, audited by the api),
 * saved under its own name so a clear file is never mistaken for the usual one.
 */
export async function exportOrders(
  filters: Pick<OrderFilters, 'status' | 'eventId'>,
  { unmasked = false }: { unmasked?: boolean } = {},
): Promise<boolean> {
  let token: string | null = null;
  try {
    token = localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {}
  if (!token) {
    toaster.create({
      title: EXPORT_MESSAGES.authTitle,
      description: EXPORT_MESSAGES.notLoggedIn,
      type: 'error',
    });
    return false;
  }
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.eventId) params.set('eventId', filters.eventId);
  if (unmasked) params.set('unmasked', 'true');
  const query = params.toString();
  try {
    const res = await fetch(`${ADMIN_PATHS.ordersExport}${query ? `?${query}` : ''}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
      credentials: 'include',
    });
    if (!res.ok) throw new Error(`Export failed: ${res.statusText || res.status}`);
    saveBlob(await res.blob(), exportFileName(undefined, unmasked));
    toastSuccess(EXPORT_MESSAGES.successTitle, EXPORT_MESSAGES.success);
    return true;
  } catch (error) {
    toaster.create({
      title: EXPORT_MESSAGES.failedTitle,
      description: error instanceof Error ? error.message : String(error),
      type: 'error',
    });
    return false;
  }
}

/** Status badge text and tone: 'pending_payment' -> 'Pending Payment'. */
export function orderStatusLabel(status: string): string {
  // One spelling in the interface (issue 45); the api keeps the spec's 'canceled'.
  if (status === 'canceled' || status === 'cancelled') return 'Cancelled';
  return status
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function orderStatusTone(status: string): 'success' | 'warning' | 'danger' | 'info' | 'neutral' {
  switch (status) {
    case 'confirmed':
      return 'success';
    case 'paid':
    case 'completed':
      return 'info';
    case 'pending':
    case 'pending_payment':
      return 'warning';
    case 'canceled':
    case 'cancelled':
      return 'danger';
    // the payment hold ran out unpaid: nothing for staff to act on
    case 'expired':
      return 'neutral';
    default:
      return 'neutral';
  }
}

/** Confirmed can be set from any other status, paid and completed included (the api's own rule). */
/**
 * Confirm is offered where it changes something (issue 45): an order awaiting payment, a cancelled or
 * expired one (its consequence dialog says what it takes again), or one refunded in full. Never on a
 * paid or confirmed order that still stands as it is.
 */
export const canConfirm = (o: Pick<AdminOrder, 'status' | 'paidAmount' | 'refundedAmount'>) => {
  const from = parseRegistrationStatus(o.status);
  if (from === null || !adminStatusTransition(from, 'confirmed').ok) return false;
  const standing = from === 'paid' || from === 'confirmed' || from === 'completed';
  return !standing || refundLabel(o) === 'Refunded';
};
/** Cancel is offered on an order that still holds its seats: not a cancelled one, nor an expired one. */
export const canCancel = (o: Pick<AdminOrder, 'status'>) =>
  o.status !== 'canceled' && o.status !== 'cancelled' && o.status !== 'expired';

/**
 * "Refunded" when everything paid was given back, "Partly refunded" when some was, else null (issue 45):
 * a refunded order must not look like a paid one anywhere.
 */
export function refundLabel(o: Pick<AdminOrder, 'paidAmount' | 'refundedAmount'>): string | null {
  const paid = Number(o.paidAmount);
  const refunded = Number(o.refundedAmount);
  if (!(refunded > 0)) return null;
  return refunded >= paid ? 'Refunded' : 'Partly refunded';
}
