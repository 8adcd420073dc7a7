import type { AdminOrder } from '@hs/contracts';
import { useSyncExternalStore } from 'react';
import { css, cx } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { panel } from 'styled-system/recipes';
import { ArrowRightIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Table from '../../components/ui/table';
import { formatAdminDate } from '../lib/admin-api';
import {
  appointmentAriaSort,
  canCancel,
  canConfirm,
  nextAppointmentSort,
  type OrderSort,
  orderStatusLabel,
  orderStatusTone,
  refundLabel,
} from '../lib/orders';

/** The parts of an order's row that the table and the 360 px cards share (issue 45). */

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={orderStatusTone(status)}>{orderStatusLabel(status)}</Badge>;
}

/** Panda's `mdDown`: below the md breakpoint (48rem) the orders are cards, not the table (issue 45). */
export const ORDERS_CARDS_QUERY = '(max-width: 47.9975rem)';

/** Whether the media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

export const appointmentText = (o: AdminOrder) =>
  o.timeslotDate ? `${formatAdminDate(o.timeslotDate)}${o.timeslotTime ? `, ${o.timeslotTime}` : ''}` : '—';

export const balanceText = (o: AdminOrder) => (Number(o.balanceDue) > 0 ? `S$${o.balanceDue}` : '—');

export function OrderName({ order }: { order: AdminOrder }) {
  return order.personalDataErasedAt ? (
    <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>Personal data erased</span>
  ) : (
    `${order.firstName} ${order.lastName}`
  );
}

/** The status badge, with the refund and attendance beside it. */
export function OrderBadges({ order }: { order: AdminOrder }) {
  const refund = refundLabel(order);
  return (
    <HStack gap="1" flexWrap="wrap">
      <OrderStatusBadge status={order.status} />
      {refund ? <Badge tone="neutral">{refund}</Badge> : null}
      {order.attendance === 'no_show' ? (
        <Badge tone="warning">No-show</Badge>
      ) : order.attendance === 'checked_in' ? (
        <Badge tone="info">Checked in</Badge>
      ) : null}
    </HStack>
  );
}

interface OrderActionsProps {
  order: AdminOrder;
  canChange: boolean;
  pending: number | null;
  onView: (o: AdminOrder) => void;
  onConfirm: (o: AdminOrder) => void;
  onCancel: (o: AdminOrder) => void;
  justify?: 'flex-start' | 'flex-end';
}

/** View Details, Mark as Confirmed and Cancel Order: the same in a table row and in a card. */
export function OrderActions({
  order: o,
  canChange,
  pending,
  onView,
  onConfirm,
  onCancel,
  justify,
}: OrderActionsProps) {
  return (
    <HStack gap="1" justify={justify ?? 'flex-end'} flexWrap="wrap">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onView(o)}
        aria-label={`View Details of ${o.referenceNumber}`}
      >
        View Details
      </Button>
      {canChange && canConfirm(o) ? (
        <Button
          size="sm"
          variant="ghost"
          color="success.text"
          loading={pending === o.id}
          onClick={() => onConfirm(o)}
          aria-label={`Mark as Confirmed ${o.referenceNumber}`}
        >
          Mark as Confirmed
        </Button>
      ) : null}
      {canChange && canCancel(o) ? (
        <Button
          size="sm"
          variant="ghost"
          color="danger.text"
          disabled={pending === o.id}
          onClick={() => onCancel(o)}
          aria-label={`Cancel Order ${o.referenceNumber}`}
        >
          Cancel Order
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * The Appointment column header: a button that sorts by appointment, earliest first, then flips
 * between earliest and latest first; the th says which (aria-sort).
 */
export function AppointmentHeader({ sort, onSort }: { sort: OrderSort; onSort: (sort: OrderSort) => void }) {
  const ariaSort = appointmentAriaSort(sort);
  return (
    <Table.Header scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        onClick={() => onSort(nextAppointmentSort(sort))}
        title={
          ariaSort === 'ascending'
            ? 'Sorted by appointment, earliest first: sort latest first'
            : ariaSort === 'descending'
              ? 'Sorted by appointment, latest first: sort earliest first'
              : 'Sort by appointment, earliest first'
        }
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          font: 'inherit',
          color: 'inherit',
          fontWeight: 'inherit',
          cursor: 'pointer',
          borderRadius: 'l1',
          mx: '-1',
          px: '1',
          _hover: { color: 'fg.default' },
        })}
      >
        Appointment
        <ArrowRightIcon
          width={14}
          height={14}
          className={css({ flexShrink: 0, opacity: ariaSort === 'none' ? 0.35 : 1 })}
          // up for earliest first (ascending), down for latest first
          style={{ transform: ariaSort === 'descending' ? 'rotate(90deg)' : 'rotate(-90deg)' }}
        />
      </button>
    </Table.Header>
  );
}

export const card = cx(
  panel(),
  css({
    p: '3',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    minW: '0',
  }),
);
