import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { DownloadIcon, SearchIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import * as Table from '../../components/ui/table';
import { DetailList } from '../../public/detail-list';
import { LabeledSelect } from '../components/labeled-select';
import { Pager } from '../components/pager';
import { ListState, SectionHeader } from '../components/section';
import { useAsyncAction } from '../components/use-async-action';
import { useAuth } from '../../lib/auth';
import { canChangeOrders } from '../../lib/staff-roles';
import { ADMIN_PATHS, formatAdminDate, useAdminList } from '../lib/admin-api';
import {
  exportOrders,
  ORDERS_PAGE_SIZE,
  type OrderFilters,
  type OrderSort,
  type OrderStatusFilter,
  useOrders,
  useUpdateOrderStatus,
} from '../lib/orders';
import type { AdminEvent, AdminOrder } from '@hs/contracts';
import { useDebounced } from '../lib/use-debounced';
import { ConfirmOrderDialog } from './confirm-order-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import {
  AppointmentHeader,
  ORDERS_CARDS_QUERY,
  OrderActions,
  OrderBadges,
  OrderName,
  appointmentText,
  balanceText,
  card,
  useMediaQuery,
} from './order-row-parts';

/** The spec's columns, with the appointment, the amount and what is left to pay beside them (issue 45). */
export const ORDER_HEADERS = [
  'Reference',
  'Name',
  'Event',
  'Appointment',
  'Date',
  'Amount',
  'Balance',
  'Status',
  'Actions',
];

export {
  ORDERS_CARDS_QUERY,
  OrderStatusBadge,
} from './order-row-parts';

/**
 * Orders: filters by status and event (plus a search by reference, name or email), Export CSV, a
 * polled, paged table with View Details, Mark as Confirmed and Cancel Order in each row.
 */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [eventId, setEventId] = useState('');
  const [attendance, setAttendance] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText);
  const [sort, setSort] = useState<OrderSort>('created');
  const [page, setPage] = useState(1);
  const filters: OrderFilters = { status, eventId, attendance, search, sort, page };
  // Below md (a phone, 360 px) each order is a card: the table's Status and Actions would be off-screen.
  const asCards = useMediaQuery(ORDERS_CARDS_QUERY);
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const { data, error, isLoading } = useOrders(filters);
  const { update, pending } = useUpdateOrderStatus();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [confirming, setConfirming] = useState<AdminOrder | null>(null);
  const exportRun = useAsyncAction();
  // The front desk looks orders up; changing and exporting them is for admin and finance (issue 23).
  const role = useAuth().user?.role;
  const canChange = canChangeOrders(role);
  // Clear identification numbers in a file: a separate, admin-only choice the api audits (issue 24).
  const unmaskedRun = useAsyncAction();

  // a new filter starts again at the first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter change only
  useEffect(() => setPage(1), [status, eventId, attendance, search, sort]);

  const orders = data?.data ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));

  /** View, Confirm and Cancel of one order, in its table row or its card. */
  const actionsOf = (o: AdminOrder, justify?: 'flex-start') => (
    <OrderActions
      order={o}
      canChange={canChange}
      pending={pending}
      onView={setViewing}
      onConfirm={setConfirming}
      onCancel={setCancelling}
      justify={justify}
    />
  );

  const onExport = () => exportRun.run(() => exportOrders({ status, eventId }));
  const onExportUnmasked = () => unmaskedRun.run(() => exportOrders({ status, eventId }, { unmasked: true }));

  return (
    <section aria-labelledby="orders-heading">
      <SectionHeader
        id="orders-heading"
        title="Orders"
        description="Bookings made on the public site. The list refreshes every few seconds."
        action={
          canChange ? (
            <HStack gap="2" flexWrap="wrap">
              <Button variant="outline" onClick={onExport} loading={exportRun.pending}>
                <DownloadIcon />
                Export CSV
              </Button>
              {role === 'admin' ? (
                <Button
                  variant="ghost"
                  onClick={onExportUnmasked}
                  loading={unmaskedRun.pending}
                  title="Identification numbers in full; recorded in the audit log"
                >
                  <DownloadIcon />
                  Export unmasked CSV
                </Button>
              ) : null}
            </HStack>
          ) : null
        }
      />
      <HStack gap="3" mb="4" flexWrap="wrap" alignItems="flex-end">
        <LabeledSelect
          label="Status"
          compact
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatusFilter)}
        >
          <option value="all">All</option>
          <option value="confirmed">Confirmed</option>
          <option value="pending">Pending</option>
          <option value="pending_payment">Pending Payment</option>
          <option value="paid">Paid</option>
          <option value="canceled">Cancelled</option>
          <option value="expired">Expired</option>
        </LabeledSelect>
        <LabeledSelect label="Event" compact value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">All events</option>
          {events?.map((e) => (
            <option key={e.id} value={String(e.id)}>
              {e.name}
            </option>
          ))}
        </LabeledSelect>
        <LabeledSelect
          label="Attendance"
          compact
          value={attendance}
          onChange={(e) => setAttendance(e.target.value)}
        >
          <option value="">Any</option>
          <option value="checked_in">Checked in</option>
          <option value="not_checked_in">Not checked in</option>
          <option value="no_show">No-show</option>
        </LabeledSelect>
        <Field.Root w={{ base: 'full', sm: '72' }}>
          <Field.Label>Search</Field.Label>
          <div className={css({ position: 'relative' })}>
            <span
              aria-hidden
              className={css({
                position: 'absolute',
                left: '3',
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'fg.subtle',
                display: 'flex',
                // above the input, which the input recipe positions (relative) and paints later
                zIndex: '1',
                pointerEvents: 'none',
              })}
            >
              <SearchIcon width={16} height={16} />
            </span>
            <Field.Input
              type="search"
              ps="9"
              placeholder="Reference, name or email"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </Field.Root>
        {asCards ? (
          // The cards have no column header to sort by.
          <LabeledSelect
            label="Sort"
            compact
            value={sort}
            onChange={(e) => setSort(e.target.value as OrderSort)}
          >
            <option value="created">Newest booking first</option>
            <option value="appointment">Appointment, earliest first</option>
            <option value="-appointment">Appointment, latest first</option>
          </LabeledSelect>
        ) : null}
      </HStack>
      <ListState
        isLoading={isLoading && !data}
        error={data ? null : error}
        isEmpty={orders.length === 0}
        empty="No orders found."
      >
        {asCards ? (
          <ul aria-label="Orders" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            {orders.map((o) => (
              <li key={o.id} data-reference={o.referenceNumber} className={card}>
                <div
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'flex-start',
                    gap: '2',
                    flexWrap: 'wrap',
                  })}
                >
                  <div className={css({ minW: '0' })}>
                    <p className={css({ fontFamily: 'mono', textStyle: 'sm' })}>{o.referenceNumber}</p>
                    <p className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                      <OrderName order={o} />
                    </p>
                  </div>
                  <OrderBadges order={o} />
                </div>
                <DetailList
                  layout="side"
                  rows={[
                    ['Event', o.eventName ?? ''],
                    ['Appointment', appointmentText(o)],
                    [
                      'Amount',
                      `S$${o.totalAmount}${Number(o.balanceDue) > 0 ? ` · Balance S$${o.balanceDue}` : ''}`,
                    ],
                  ]}
                />
                {actionsOf(o, 'flex-start')}
              </li>
            ))}
          </ul>
        ) : (
          <Table.Root caption="Orders">
            <Table.Head>
              <Table.Row>
                {ORDER_HEADERS.map((h) =>
                  h === 'Appointment' ? (
                    <AppointmentHeader key={h} sort={sort} onSort={setSort} />
                  ) : (
                    <Table.Header key={h} scope="col" textAlign={h === 'Actions' ? 'right' : undefined}>
                      {h}
                    </Table.Header>
                  ),
                )}
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {orders.map((o) => (
                <Table.Row key={o.id} data-reference={o.referenceNumber}>
                  <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                    {o.referenceNumber}
                  </Table.Cell>
                  <Table.Cell fontWeight="medium">
                    <OrderName order={o} />
                  </Table.Cell>
                  <Table.Cell>{o.eventName ?? ''}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{appointmentText(o)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatAdminDate(o.createdAt)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap" textAlign="right">
                    S${o.totalAmount}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" textAlign="right">
                    {balanceText(o)}
                  </Table.Cell>
                  <Table.Cell>
                    <OrderBadges order={o} />
                  </Table.Cell>
                  <Table.Cell>{actionsOf(o)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Pager
          total={total}
          noun={['order', 'orders']}
          page={page}
          pages={pages}
          setPage={setPage}
          announce
        />
      </ListState>
      {viewing ? (
        <OrderDetailsDialog
          order={viewing}
          onClose={() => setViewing(null)}
          onCancel={(o) => setCancelling(o)}
          onConfirm={(o) => setConfirming(o)}
          pending={pending}
        />
      ) : null}
      <ConfirmOrderDialog
        order={confirming}
        pending={confirming !== null && pending === confirming.id}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={(o) => update(o, 'confirmed')}
      />
      <CancelOrderDialog
        order={cancelling}
        onOpenChange={(open) => !open && setCancelling(null)}
        onConfirm={(o) => update(o, 'canceled')}
      />
    </section>
  );
}
