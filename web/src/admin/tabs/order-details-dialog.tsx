import type { ReactNode } from 'react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Grid, HStack, Stack } from 'styled-system/jsx';
import { panel } from 'styled-system/recipes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import {
  describeActor,
  failureMessage,
  formatAdminDate,
  formatAdminDateTime,
  formatAdminTimestamp,
} from '../lib/admin-api';
import {
  canCancel,
  canConfirm,
  orderStatusLabel,
  orderStatusTone,
  refundLabel,
  useOrder,
  useOrderHistory,
} from '../lib/orders';
import { refundableCents } from '../lib/refunds';
import { consentLabel } from '../lib/consent';
import type { AdminOrder, OrderHistoryEntry } from '@hs/contracts';
import { paymentMethodLabel } from '@hs/domain';
import { formatPrice } from './packages-tab';
import { RefundDialog } from './refund-dialog';
import { RefundsList } from './refunds-list';
import { DetailList, type DetailRow } from '../../public/detail-list';
import { OrderInvoices } from '../invoices/order-invoices';
import { IdentificationValue, PersonalDataDownload, useRevealedIdentification } from './order-identification';
import { ErasedNotice, ErasePersonalDataButton } from './order-erasure';
import { RescheduleDialog } from './reschedule-dialog';
import { useAuth } from '../../lib/auth';
import { canChangeOrders, canRescheduleOrders } from '../../lib/staff-roles';

const sectionTitle = css({ fontWeight: 'semibold', textStyle: 'md', mb: '2' });
/** The order's label / value rows, a dash for what the order does not have. */
function Details({ rows }: { rows: DetailRow[] }) {
  return <DetailList rows={rows} blank="—" />;
}

function Block({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cx(panel(), css({ p: '4' }))}>
      <h3 id={id} className={sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

const capitalize = (s: string | null | undefined) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const money = (value: string | null | undefined) => formatPrice(value) || '—';
const hasAmount = (value: string | null | undefined) => Boolean(value && Number(value) !== 0);

/** The order's event timeline: what happened, when (Singapore time) and by whom. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const { data, error, isLoading } = useOrderHistory(orderId);
  const entries: OrderHistoryEntry[] = data?.data ?? [];
  if (isLoading && !data) {
    return (
      <Stack gap="2" aria-busy="true" aria-label="Loading history">
        <Skeleton h="6" />
        <Skeleton h="6" />
      </Stack>
    );
  }
  if (error && !data) {
    return (
      <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
        Failed to load the history: {failureMessage(error)}
      </p>
    );
  }
  if (entries.length === 0) {
    return <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>No history recorded yet.</p>;
  }
  return (
    <ol aria-label="Order history" className={css({ display: 'flex', flexDirection: 'column' })}>
      {entries.map((e, i) => (
        <li
          key={e.version}
          data-event-type={e.type}
          className={css({
            position: 'relative',
            pl: '6',
            pb: i === entries.length - 1 ? '0' : '4',
            _before: {
              content: '""',
              position: 'absolute',
              left: '1',
              top: '1.5',
              w: '2.5',
              h: '2.5',
              borderRadius: 'full',
              bg: e.type === 'RegistrationCancelled' ? 'danger.default' : 'accent.default',
            },
            _after:
              i === entries.length - 1
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    left: '2',
                    top: '5',
                    bottom: '0',
                    w: '0.5',
                    ml: '-1px',
                    bg: 'border.default',
                  },
          })}
        >
          <HStack gap="2" flexWrap="wrap">
            <span className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>{e.type}</span>
            <time dateTime={e.at} className={css({ color: 'fg.muted', textStyle: 'xs' })}>
              {formatAdminTimestamp(e.at)} SGT
            </time>
          </HStack>
          <p className={css({ textStyle: 'sm' })}>{e.summary}</p>
          <p className={css({ color: 'fg.muted', textStyle: 'xs' })}>
            by {describeActor(e.actor, e.actorRole)}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * View Details: personal, booking and payment information, the History timeline, and the
 * Confirm / Cancel actions. The order and its history refresh while the dialog is open.
 */
export function OrderDetailsDialog({
  order: initial,
  onClose,
  onCancel,
  onConfirm,
  pending = null,
}: {
  order: AdminOrder;
  onClose: () => void;
  /** The order whose status change the Orders tab is sending now: its footer buttons wait meanwhile. */
  pending?: number | null;
  /** Cancel asks for confirmation first (see CancelOrderDialog). */
  onCancel: (order: AdminOrder) => void;
  /** Confirm shows what it does first (see ConfirmOrderDialog, issue 45). */
  onConfirm: (order: AdminOrder) => void;
}) {
  const { data, mutate } = useOrder(initial.id);
  const order = data?.data ?? initial;
  const [refundOpen, setRefundOpen] = useState(false);
  // a fresh refund dialog (and Idempotency-Key) for each opening
  const [refundOpening, setRefundOpening] = useState(0);
  const [rescheduleOpen, setRescheduleOpen] = useState(false);
  const [rescheduleOpening, setRescheduleOpening] = useState(0);
  // What the signed-in role may do here mirrors the api's route roles (issue 23).
  const role = useAuth().user?.role;
  const canChange = canChangeOrders(role);
  const refundable = canChange ? refundableCents(order) : 0;
  const name = `${order.firstName} ${order.lastName}`;
  // Identification numbers come masked; Reveal and the access request are admin only (issue 24).
  const isAdmin = role === 'admin';
  const ids = useRevealedIdentification(initial.id);
  const clearIdOf = (participantId: string | undefined) =>
    ids.revealed?.find((r) => r.participantId === participantId)?.identificationNumber;
  const primaryClear = ids.revealed?.find((r) => r.isPrimary)?.identificationNumber;
  const address = [order.address, order.unitNumber].filter(Boolean).join(', ');
  // Erased (issue 24): nothing personal is left to show, reveal or download.
  const erasedAt = order.personalDataErasedAt ?? null;

  return (
    <Dialog.Root size="xl" open onOpenChange={(e) => !e.open && onClose()}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>Order Details</Dialog.Title>
          <Dialog.Description
            className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}
          >
            <span className={css({ fontFamily: 'mono' })}>{order.referenceNumber}</span>
            <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
            {refundLabel(order) ? <Badge tone="neutral">{refundLabel(order)}</Badge> : null}
            {order.refundReview ? <Badge tone="warning">Refund needs review</Badge> : null}
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4" pb="2">
            <Grid columns={{ base: 1, md: 2 }} gap="4">
              <Block title="Personal Information" id="order-personal">
                {erasedAt ? (
                  <ErasedNotice erasedAt={erasedAt} />
                ) : (
                  <Details
                    rows={[
                      ['Name', name],
                      ['Email', order.email],
                      ['Mobile Number', order.mobileNumber],
                      ['Gender', capitalize(order.gender)],
                      [
                        'Identification Number',
                        <IdentificationValue
                          key="identification"
                          masked={order.identificationNumber}
                          clear={primaryClear}
                          canReveal={isAdmin}
                          pending={ids.pending}
                          onReveal={ids.reveal}
                        />,
                      ],
                      ['Date of Birth', order.dateOfBirth ? formatAdminDate(order.dateOfBirth) : null],
                      ['Address', address],
                      ['Postal Code', order.postalCode],
                      ['Region', capitalize(order.region)],
                      ['AIA Member', order.isAiaMember ? 'Yes' : 'No'],
                      ['Privacy Consent', consentLabel(order.consent)],
                    ]}
                  />
                )}
              </Block>
              <Block title="Booking Information" id="order-booking">
                <Details
                  rows={[
                    [
                      'Reference',
                      <span key="reference" className={css({ fontFamily: 'mono' })}>
                        {order.referenceNumber}
                      </span>,
                    ],
                    ['Event', order.eventName],
                    ['Location', order.location],
                    [
                      'Package',
                      order.packageName
                        ? `${order.packageName}${order.packagePrice ? ` (${money(order.packagePrice)})` : ''}`
                        : null,
                    ],
                    [
                      'Appointment',
                      order.timeslotDate
                        ? `${formatAdminDate(order.timeslotDate)}${order.timeslotTime ? `, ${order.timeslotTime}` : ''}`
                        : null,
                    ],
                    ['Participants', String(Math.max(1, order.participants?.length ?? 0))],
                    ['Booked', formatAdminDateTime(order.createdAt)],
                    ['Cancelled', order.cancelledAt ? formatAdminDateTime(order.cancelledAt) : null],
                  ]}
                />
                {!erasedAt && order.participants && order.participants.length > 1 ? (
                  <ul className={css({ mt: '3', textStyle: 'sm', listStyle: 'disc', pl: '5' })}>
                    {order.participants.map((p, i) => (
                      <li key={p.id ?? i}>
                        {[p.firstName, p.lastName].filter(Boolean).join(' ')}
                        {p.identificationNumber ? (
                          <span className={css({ fontFamily: 'mono' })}>
                            {` (${clearIdOf(p.id) ?? p.identificationNumber})`}
                          </span>
                        ) : null}
                        {p.packageName ? ` — ${p.packageName}` : ''}
                        {p.isPrimary ? ' (primary)' : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Block>
            </Grid>
            <Block title="Payment Information" id="order-payment">
              <Grid columns={{ base: 1, md: 2 }} gap="4">
                <Details
                  rows={[
                    ['Total Amount', money(order.totalAmount)],
                    [
                      'Discount',
                      hasAmount(order.discountAmount)
                        ? `${money(order.discountAmount)}${order.discountCode ? ` (${order.discountCode})` : order.discountLabel ? ` (${order.discountLabel})` : ''}`
                        : null,
                    ],
                    [
                      'AIA Discount',
                      hasAmount(order.aiaDiscountAmount) ? money(order.aiaDiscountAmount) : null,
                    ],
                    [
                      'Paid via WhiteCoat',
                      hasAmount(order.whiteCoatPaidAmount) ? money(order.whiteCoatPaidAmount) : null,
                    ],
                    ['Paid', money(order.paidAmount)],
                    ['Refunded', hasAmount(order.refundedAmount) ? money(order.refundedAmount) : null],
                    ['Balance Due', money(order.balanceDue)],
                    [
                      'Seats Held Until',
                      order.holdUntil ? `${formatAdminDateTime(order.holdUntil)} SGT` : null,
                    ],
                  ]}
                />
                <Details
                  rows={[
                    ['Payment Method', order.paymentMethod ? paymentMethodLabel(order.paymentMethod) : null],
                    ['Transaction ID', order.transactionId],
                    ['WhiteCoat Booking Code', order.wcBookingCode],
                    ['Confirmation Email', order.confirmationEmailSent ? 'Sent' : 'Not sent'],
                  ]}
                />
              </Grid>
            </Block>
            {order.refunds.length > 0 ? (
              <Block title="Refunds" id="order-refunds">
                <RefundsList refunds={order.refunds} />
              </Block>
            ) : null}
            {canChange ? (
              <Block title="Invoices and Credit Notes" id="order-invoices">
                <OrderInvoices orderId={order.id} />
              </Block>
            ) : null}
            <Block title="History" id="order-history">
              <OrderHistory orderId={order.id} />
            </Block>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
          {/* What changes the order or its data, apart from Close (issue 45); each asks before it acts. */}
          <HStack gap="2" flexWrap="wrap">
            {isAdmin && !erasedAt ? <PersonalDataDownload order={order} /> : null}
            {canRescheduleOrders(role) && canCancel(order) && order.status !== 'expired' ? (
              <Button
                variant="outline"
                onClick={() => {
                  setRescheduleOpening((n) => n + 1);
                  setRescheduleOpen(true);
                }}
              >
                Reschedule…
              </Button>
            ) : null}
            {refundable > 0 ? (
              <Button
                variant="outline"
                onClick={() => {
                  setRefundOpening((n) => n + 1);
                  setRefundOpen(true);
                }}
              >
                Refund…
              </Button>
            ) : null}
            {canChange && canCancel(order) ? (
              <Button variant="danger" disabled={pending !== null} onClick={() => onCancel(order)}>
                Cancel order…
              </Button>
            ) : null}
            {isAdmin && !erasedAt ? (
              <ErasePersonalDataButton order={order} onErased={() => void mutate()} />
            ) : null}
          </HStack>
          <HStack gap="2">
            {canChange && canConfirm(order) ? (
              <Button variant="outline" loading={pending === order.id} onClick={() => onConfirm(order)}>
                Confirm…
              </Button>
            ) : null}
            <Button onClick={onClose}>Close</Button>
          </HStack>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
      {refundOpening > 0 ? (
        <RefundDialog
          key={refundOpening}
          order={order}
          open={refundOpen}
          onOpenChange={setRefundOpen}
          onRefunded={() => void mutate()}
        />
      ) : null}
      {rescheduleOpening > 0 ? (
        <RescheduleDialog
          key={rescheduleOpening}
          order={order}
          open={rescheduleOpen}
          onOpenChange={setRescheduleOpen}
          onRescheduled={() => void mutate()}
        />
      ) : null}
    </Dialog.Root>
  );
}
