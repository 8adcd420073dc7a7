import { useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { EmptyTable, SectionHeader } from '../components/section';
import { ADMIN_PATHS, useAdminList } from '../lib/admin-api';
import type { AdminEvent } from '../lib/types';

/** GET /api/admin/registrations row (spec section 3, Registration). */
export interface AdminOrder {
  id: number;
  referenceNumber: string;
  firstName: string;
  lastName: string;
  eventId: number;
  eventName?: string;
  status: string;
  createdAt: string;
}

export const ORDERS_PATH = '/api/admin/registrations';
export const ORDER_HEADERS = ['Reference', 'Name', 'Event', 'Date', 'Status', 'Actions'];

/**
 * The orders list. Until the registrations API answers (404: not there yet) the list is empty; the
 * table, filters, Export CSV and View Details dialog slot in here when it does.
 */
export function useOrders(filters: { status: string; eventId: string }) {
  return useSWR<AdminOrder[]>([ORDERS_PATH, filters], async () => {
    try {
      const res = await api.get<ApiEnvelope<AdminOrder[]>>(ORDERS_PATH, {
        status: filters.status === 'all' ? undefined : filters.status,
        eventId: filters.eventId || undefined,
      });
      return res?.data ?? [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  });
}

const select = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  minW: '40',
});

export function OrdersTab() {
  const [status, setStatus] = useState('all');
  const [eventId, setEventId] = useState('');
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const { data: orders } = useOrders({ status, eventId });

  return (
    <section aria-labelledby="orders-heading">
      <SectionHeader id="orders-heading" title="Orders" description="Bookings made on the public site." />
      <HStack gap="3" mb="4" flexWrap="wrap" alignItems="flex-end">
        <Field.Root w="auto">
          <Field.Label>Status</Field.Label>
          <select className={select} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Pending</option>
            <option value="canceled">Canceled</option>
          </select>
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>Event</Field.Label>
          <select className={select} value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">All events</option>
            {events?.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.name}
              </option>
            ))}
          </select>
        </Field.Root>
      </HStack>
      {orders && orders.length > 0 ? null : (
        <EmptyTable caption="Orders" headers={ORDER_HEADERS} empty="No orders found." />
      )}
    </section>
  );
}
