/**
 * The dashboard's first tab (issue 45): what staff act on today. The day's and the next day's
 * appointments by slot with check-in progress, orders awaiting payment with their holds, revenue
 * (admin and finance), waiting-list offers outstanding and events the system parked.
 */
import type { Operations } from '@hs/contracts';
import { formatDateLabel, formatTimeLabel } from '@hs/domain';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { useAuth } from '../../lib/auth';
import { normalizeQueues } from '../lib/queues';
import { css, cx } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { panel } from 'styled-system/recipes';
import * as Table from '../../components/ui/table';
import type { ApiEnvelope } from '../../lib/api';
import { ListState, SectionHeader } from '../components/section';
import { ADMIN_PATHS, formatAdminDateTime } from '../lib/admin-api';
import { formatPrice } from './packages-tab';

const tile = cx(
  panel(),
  css({
    p: { base: '3', md: '4' },
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    minW: '0',
  }),
);
const tileLabel = css({ color: 'fg.muted', textStyle: 'sm', fontWeight: 'medium' });
const tileValue = css({ fontSize: '2xl', fontWeight: 'bold' });

function Tile({ label, value }: { label: string; value: string | number }) {
  return (
    <li className={tile}>
      <span className={tileLabel}>{label}</span>
      <span className={tileValue}>{value}</span>
    </li>
  );
}

/** A column of a Today table: its header and cell; a number column is aligned right. */
interface RowsColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  number?: boolean;
}

/** A plain table: a header row of the columns, then a row per item. */
function RowsTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: RowsColumn<T>[];
  rows: T[];
  rowKey: (row: T) => number;
}) {
  const align = (c: RowsColumn<T>) => (c.number ? 'right' : undefined);
  return (
    <Table.Root>
      <Table.Head>
        <Table.Row>
          {columns.map((c) => (
            <Table.Header key={c.header} textAlign={align(c)}>
              {c.header}
            </Table.Header>
          ))}
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)}>
            {columns.map((c) => (
              <Table.Cell key={c.header} textAlign={align(c)}>
                {c.cell(row)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const SLOT_COLUMNS: RowsColumn<Operations['slots'][number]>[] = [
  { header: 'Time', cell: (s) => formatTimeLabel(s.time) },
  { header: 'Event', cell: (s) => s.eventName },
  { header: 'People', cell: (s) => s.people, number: true },
  { header: 'Checked in', cell: (s) => `${s.checkedIn} / ${s.people}`, number: true },
];

const AWAITING_COLUMNS: RowsColumn<Operations['awaitingPayment']['orders'][number]>[] = [
  { header: 'Reference', cell: (o) => o.referenceNumber },
  { header: 'Event', cell: (o) => o.eventName },
  { header: 'Balance', cell: (o) => formatPrice(o.balance), number: true },
  { header: 'Seats held until', cell: (o) => (o.holdUntil ? formatAdminDateTime(o.holdUntil) : 'No hold') },
];

function DaySlots({ title, day, slots }: { title: string; day: string; slots: Operations['slots'] }) {
  const mine = slots.filter((s) => s.date === day);
  return (
    <section aria-label={title}>
      <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>{`${title} · ${formatDateLabel(day)}`}</h3>
      {mine.length === 0 ? (
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>No appointments.</p>
      ) : (
        <RowsTable columns={SLOT_COLUMNS} rows={mine} rowKey={(s) => s.timeslotId} />
      )}
    </section>
  );
}

/**
 * Failed emails and jobs (issue 45), for admins (the queues are theirs): jobs that ran out of tries,
 * the email queues' apart. Nothing shown while the queue store cannot be read; the System page says why.
 */
function FailedWork() {
  const { data, error } = useSWR<unknown>(ADMIN_PATHS.queues, {
    refreshInterval: 30_000,
    shouldRetryOnError: false,
  });
  // SWR keeps the last answer when a read fails: old counts must not pass for the queues' state
  if (data === undefined || error) return null;
  const queues = normalizeQueues(data);
  const failed = (names: (q: string) => boolean) =>
    queues.filter((q) => names(q.name)).reduce((n, q) => n + (q.counts.failed ?? 0), 0);
  return (
    <>
      <Tile label="Failed emails" value={failed((n) => n.endsWith('-email'))} />
      <Tile label="Failed jobs" value={failed((n) => !n.endsWith('-email'))} />
    </>
  );
}

export function TodayTab() {
  const isAdmin = useAuth().user?.role === 'admin';
  const { data, error, isLoading } = useSWR<ApiEnvelope<Operations>>(ADMIN_PATHS.operations, {
    refreshInterval: 30_000,
  });
  const ops = data?.data;
  const people = (day: string) =>
    (ops?.slots ?? []).filter((s) => s.date === day).reduce((n, s) => n + s.people, 0);
  const checkedIn = (ops?.slots ?? [])
    .filter((s) => s.date === ops?.today)
    .reduce((n, s) => n + s.checkedIn, 0);
  return (
    <div>
      <SectionHeader
        title="Today"
        description="Appointments, payments and what needs attention, refreshed every 30 seconds."
      />
      <ListState isLoading={isLoading} error={error} isEmpty={false} empty="">
        {ops ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
            <ul
              aria-label="Today at a glance"
              className={grid({ columns: { base: 2, md: 3, lg: 6 }, gap: '3' })}
            >
              <Tile label="Appointments today" value={people(ops.today)} />
              <Tile label="Checked in" value={`${checkedIn} / ${people(ops.today)}`} />
              <Tile label="Awaiting payment" value={ops.awaitingPayment.count} />
              {ops.revenue ? <Tile label="Revenue today" value={formatPrice(ops.revenue.today)} /> : null}
              {ops.revenue ? (
                <Tile label="Revenue, 7 days" value={formatPrice(ops.revenue.last7Days)} />
              ) : null}
              <Tile label="Waiting-list offers" value={ops.waitlistOffers} />
              {ops.parkedEvents > 0 ? <Tile label="Parked events" value={ops.parkedEvents} /> : null}
              {isAdmin ? <FailedWork /> : null}
            </ul>
            <div className={grid({ columns: { base: 1, lg: 2 }, gap: '6' })}>
              <DaySlots title="Today" day={ops.today} slots={ops.slots} />
              <DaySlots title="Tomorrow" day={ops.tomorrow} slots={ops.slots} />
            </div>
            <section aria-label="Awaiting payment">
              <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>Awaiting payment</h3>
              {ops.awaitingPayment.orders.length === 0 ? (
                <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
                  No order is waiting for payment.
                </p>
              ) : (
                <RowsTable
                  columns={AWAITING_COLUMNS}
                  rows={ops.awaitingPayment.orders}
                  rowKey={(o) => o.id}
                />
              )}
            </section>
          </div>
        ) : null}
      </ListState>
    </div>
  );
}
