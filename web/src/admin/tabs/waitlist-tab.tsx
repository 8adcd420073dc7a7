import { LabeledSelect } from '../components/labeled-select';
import type { AdminEvent, AdminWaitlistEntry, WaitlistStatus } from '@hs/contracts';
import { isRegion, regionName } from '@hs/domain';
import { useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { useLocation, useSearch } from 'wouter';
import { TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Table from '../../components/ui/table';
import { type ApiEnvelope, api } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListTable } from '../components/list-table';
import { ListState, SectionHeader } from '../components/section';
import {
  ADMIN_PATHS,
  failureMessage,
  formatAdminDate,
  formatAdminDateTime,
  toastError,
  toastSuccess,
  useAdminList,
  useRefresh,
} from '../lib/admin-api';

/** GET /api/admin/events/{id}/waitlist, one row (issue 22). */
export type AdminWaitlistRow = AdminWaitlistEntry;

export function eventWaitlistPath(eventId: number) {
  return `${ADMIN_PATHS.events}/${eventId}/waitlist`;
}

/** The dashboard link to one event's waiting list. */
export function waitlistHref(eventId: number) {
  return `/admin/dashboard?tab=waitlist&event=${eventId}`;
}

const STATUS: Record<
  WaitlistStatus,
  { label: string; tone: 'accent' | 'warning' | 'success' | 'neutral' | 'danger' }
> = {
  waiting: { label: 'Waiting', tone: 'accent' },
  offered: { label: 'Offer sent', tone: 'warning' },
  booked: { label: 'Booked', tone: 'success' },
  expired: { label: 'Offer expired', tone: 'neutral' },
  left: { label: 'Left', tone: 'neutral' },
  removed: { label: 'Removed', tone: 'danger' },
};

const active = (row: AdminWaitlistRow) => row.status === 'waiting' || row.status === 'offered';

function OfferCell({ row }: { row: AdminWaitlistRow }) {
  const s = STATUS[row.status] ?? { label: row.status, tone: 'neutral' as const };
  return (
    <div className={css({ display: 'grid', gap: '1', justifyItems: 'start' })}>
      <Badge tone={s.tone}>{s.label}</Badge>
      {row.offer ? (
        <span className={css({ textStyle: 'xs', color: 'fg.muted' })}>
          {formatAdminDate(row.offer.date)}, {row.offer.label} · until{' '}
          {formatAdminDateTime(row.offer.expiresAt)}
        </span>
      ) : null}
    </div>
  );
}

/** One event's waiting list: who waits in which order, their offer, and remove. */
export function EventWaitlist({ eventId }: { eventId: number }) {
  const path = eventWaitlistPath(eventId);
  const { items, error, isLoading } = useAdminList<AdminWaitlistRow>(path);
  const refresh = useRefresh(path);
  const [removing, setRemoving] = useState<AdminWaitlistRow | null>(null);
  const name = (r: AdminWaitlistRow) => `${r.firstName} ${r.lastName}`;

  const remove = async (row: AdminWaitlistRow) => {
    try {
      await api.delete(`/api/admin/waitlist/${encodeURIComponent(row.id)}`);
      toastSuccess('Removed from the waiting list');
      await refresh();
    } catch (e) {
      toastError(`Failed to remove from the waiting list: ${failureMessage(e)}`);
    }
  };

  return (
    <>
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!items?.length}
        empty="Nobody is on the waiting list for this event."
      >
        <ListTable
          caption="Waiting list"
          columns={['Position', 'Name', 'Seats', 'Region', 'Joined', 'Offer status']}
          actions
        >
          {items?.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell fontWeight="semibold">{row.position ?? '–'}</Table.Cell>
              <Table.Cell>
                <div className={css({ fontWeight: 'medium' })}>{name(row)}</div>
                <div className={css({ textStyle: 'xs', color: 'fg.muted', wordBreak: 'break-all' })}>
                  {row.email} · {row.mobileNumber}
                </div>
              </Table.Cell>
              <Table.Cell>{row.seats}</Table.Cell>
              <Table.Cell>
                {isRegion(row.region) ? regionName(row.region) : (row.region ?? 'Unknown')} ({row.postalCode})
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatAdminDateTime(row.joinedAt)}</Table.Cell>
              <Table.Cell>
                <OfferCell row={row} />
              </Table.Cell>
              <Table.Cell textAlign="right">
                {active(row) ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    color="danger.text"
                    aria-label={`Remove ${name(row)}`}
                    onClick={() => setRemoving(row)}
                  >
                    <TrashIcon />
                    Remove
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </ListTable>
      </ListState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove from Waiting List"
        description={`Remove ${removing ? name(removing) : ''} from the waiting list? Seats held for them go to the next person.`}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </>
  );
}

/** The Waiting List tab: an event picker (`?event=` keeps it) and that event's list. */
export function WaitlistTab() {
  const { items: events, error, isLoading } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = Number(new URLSearchParams(search).get('event'));
  // Without a choice, the event with the most people waiting (issue 45), else the first one.
  const { data: counts, error: countsError } = useSWR<ApiEnvelope<{ eventId: number; active: number }[]>>(
    ADMIN_PATHS.waitlistCounts,
  );
  const busiest = counts?.data.find((c) => events?.some((e) => e.id === c.eventId))?.eventId;
  const countsSettled = counts !== undefined || countsError !== undefined;
  const eventId = events?.some((e) => e.id === requested)
    ? requested
    : countsSettled
      ? (busiest ?? events?.[0]?.id)
      : undefined;

  return (
    <section aria-labelledby="waitlist-heading">
      <SectionHeader
        title="Waiting List"
        id="waitlist-heading"
        description="People waiting for seats, in the order they get offers. Times are Singapore time."
      />
      <ListState isLoading={isLoading} error={error} isEmpty={!events?.length} empty="No events found.">
        <div className={css({ maxW: 'md', mb: '4' })}>
          <LabeledSelect
            label="Event"
            value={eventId ?? ''}
            onChange={(e) => navigate(waitlistHref(Number(e.target.value)), { replace: true })}
          >
            {events?.map((e) => {
              const waiting = counts?.data.find((c) => c.eventId === e.id)?.active;
              return (
                <option key={e.id} value={e.id}>
                  {waiting ? `${e.name} (${waiting} waiting)` : e.name}
                </option>
              );
            })}
          </LabeledSelect>
        </div>
        {eventId !== undefined ? <EventWaitlist key={eventId} eventId={eventId} /> : null}
      </ListState>
    </section>
  );
}
