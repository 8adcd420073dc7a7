import { postalTimeslotSearchSchema, timeslotSearchSchema } from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Grid, HStack, Stack } from 'styled-system/jsx';
import { SearchIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { type ApiEnvelope, ApiError, api } from '../../lib/api';
import { LabeledSelect } from '../components/labeled-select';
import { Notice } from '../../components/notice';
import { EmptyState, SectionHeader, srOnly } from '../components/section';
import { ADMIN_PATHS, toastSuccess, useAdminList } from '../lib/admin-api';
import type { AdminEvent, Timeslot, TimeslotSearchAnswer } from '@hs/contracts';
import { useForm } from '../lib/use-form';
import { useRowAction } from '../lib/use-row-action';

export const TIMESLOT_EMPTY = {
  postal: 'No timeslots found for this postal code and event.',
  date: 'No timeslots found for the selected date.',
} as const;

export const TIMESLOT_ERROR = {
  title: 'Error loading timeslots',
  fallback: 'Failed to fetch timeslots',
} as const;

export interface TimeslotQuery {
  eventId: number;
  postalCode: string | null;
  date: string | null;
}

/** GET /api/admin/timeslots/postal-code?eventId=&postalCode= or ?eventId=&date= (spec section 7). */
export async function searchTimeslots(q: TimeslotQuery): Promise<TimeslotSearchAnswer> {
  const res = await api.get<TimeslotSearchAnswer>(ADMIN_PATHS.timeslotSearch, {
    eventId: q.eventId,
    postalCode: q.postalCode ?? undefined,
    date: q.postalCode ? undefined : (q.date ?? undefined),
  });
  return {
    success: true,
    region: res?.region ?? null,
    regionName: res?.regionName ?? null,
    postalCode: res?.postalCode ?? null,
    data: res?.data ?? {},
  };
}

/** The server's message, else the spec's fallback 'Failed to fetch timeslots'. */
function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? TIMESLOT_ERROR.fallback;
  if (error instanceof Error && error.message) return error.message;
  return TIMESLOT_ERROR.fallback;
}

/**
 * One slot: its label, 'Booked: current/max', its capacity (seats a raise adds go to the event's
 * waiting list first) and the Available/Blocked switch.
 */
function SlotRow({
  slot,
  showRegion,
  pending,
  onToggle,
  onCapacity,
}: {
  slot: Timeslot;
  showRegion: boolean;
  pending: boolean;
  onToggle: (slot: Timeslot, isAvailable: boolean) => void;
  onCapacity: (slot: Timeslot, maxAttendees: number) => void;
}) {
  const full = slot.currentAttendees >= slot.maxAttendees;
  const [capacity, setCapacity] = useState(String(slot.maxAttendees));
  return (
    <li
      data-timeslot-id={slot.id}
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: '3',
        px: '4',
        py: '3',
        borderWidth: '1px',
        borderColor: slot.isAvailable ? 'border.default' : 'danger.border',
        borderRadius: 'l2',
        bg: slot.isAvailable ? 'bg.default' : 'danger.subtle',
      })}
    >
      <Stack gap="0.5">
        <HStack gap="2">
          <span className={css({ fontWeight: 'semibold' })}>{slot.label}</span>
          {showRegion && slot.region ? <Badge tone="neutral">{slot.region}</Badge> : null}
        </HStack>
        <span className={css({ textStyle: 'sm', color: full ? 'danger.text' : 'fg.muted' })}>
          Booked: {slot.currentAttendees}/{slot.maxAttendees}
        </span>
      </Stack>
      <form
        className={css({ display: 'flex', alignItems: 'center', gap: '2', ml: 'auto' })}
        onSubmit={(e) => {
          e.preventDefault();
          onCapacity(slot, Number(capacity));
        }}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          aria-label={`Capacity of ${slot.label} on ${slot.date}`}
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
          className={css({ w: '20', px: '2', py: '1', borderWidth: '1px', borderRadius: 'l2' })}
        />
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          Set capacity
        </Button>
      </form>
      <Switch
        checked={slot.isAvailable}
        disabled={pending}
        onCheckedChange={(e) => onToggle(slot, e.checked)}
      >
        {slot.isAvailable ? 'Available' : 'Blocked'}
        <span className={srOnly}>
          {' '}
          {slot.label} on {slot.date}
        </span>
      </Switch>
    </li>
  );
}

/**
 * Postal Codes tab (event, then a 6-digit postal code or a date) and, with `postalOnly`, the
 * /admin/postal-timeslots page. Results are grouped by date, each slot with 'Booked: current/max' and
 * an Available/Blocked switch; a postal search is headed by the region the code belongs to.
 */
export function PostalCodesTab({ postalOnly = false }: { postalOnly?: boolean }) {
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const form = useForm(postalOnly ? postalTimeslotSearchSchema : timeslotSearchSchema, {
    eventId: '',
    postalCode: '',
    date: '',
  });
  const [result, setResult] = useState<{ mode: 'postal' | 'date'; answer: TimeslotSearchAnswer } | null>(
    null,
  );
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const slotAction = useRowAction();

  const onSubmit = form.handleSubmit(async (out) => {
    const q = out as { eventId: number; postalCode: string | null; date?: string | null };
    const query: TimeslotQuery = { eventId: q.eventId, postalCode: q.postalCode, date: q.date ?? null };
    setPending(true);
    setLoadError(null);
    try {
      const answer = await searchTimeslots(query);
      setResult({ mode: query.postalCode ? 'postal' : 'date', answer });
    } catch (error) {
      setResult(null);
      setLoadError(loadErrorMessage(error));
    } finally {
      setPending(false);
    }
  });

  /** The slot as the api answered a change of it, in place in the results. */
  const replaceSlot = (slot: Timeslot, next: Timeslot) =>
    setResult((r) => {
      if (!r) return r;
      const data = Object.fromEntries(
        Object.entries(r.answer.data).map(([day, g]) => [
          day,
          { ...g, timeslots: g.timeslots.map((s) => (s.id === slot.id ? next : s)) },
        ]),
      );
      return { ...r, answer: { ...r.answer, data } };
    });

  const setCapacity = (slot: Timeslot, maxAttendees: number) =>
    slotAction.run(
      String(slot.id),
      async () => {
        const res = await api.put<ApiEnvelope<Timeslot>>(`${ADMIN_PATHS.timeslots}/${slot.id}/capacity`, {
          maxAttendees,
        });
        replaceSlot(slot, { ...slot, ...res?.data, maxAttendees });
        toastSuccess('Timeslot updated', `${slot.label} now takes ${maxAttendees} people.`);
      },
      'Failed to update timeslot',
    );

  const toggle = (slot: Timeslot, isAvailable: boolean) =>
    slotAction.run(
      String(slot.id),
      async () => {
        const res = await api.put<ApiEnvelope<Timeslot>>(`${ADMIN_PATHS.timeslots}/${slot.id}/availability`, {
          isAvailable,
        });
        replaceSlot(slot, { ...slot, ...res?.data, isAvailable });
        toastSuccess('Timeslot updated', `${slot.label} is now ${isAvailable ? 'available' : 'blocked'}.`);
      },
      'Failed to update timeslot',
    );

  const groups = result ? Object.entries(result.answer.data).sort(([a], [b]) => a.localeCompare(b)) : [];
  const slotCount = groups.reduce((n, [, g]) => n + g.timeslots.length, 0);

  return (
    <section aria-labelledby="postal-heading">
      <SectionHeader
        id="postal-heading"
        title="Postal Code Timeslots"
        description={
          postalOnly
            ? 'Choose an event and search by 6-digit postal code.'
            : 'Choose an event, then search by 6-digit postal code or by date.'
        }
      />
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Search timeslots">
        <Grid columns={{ base: 1, md: postalOnly ? 3 : 4 }} gap="3" alignItems="start" mb="4">
          <LabeledSelect label="Event" required {...form.field('eventId')}>
            <option value="">Select an event</option>
            {events?.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.name}
              </option>
            ))}
          </LabeledSelect>
          <Field.TextField
            label="Postal Code"
            inputMode="numeric"
            maxLength={6}
            placeholder="e.g. 123456"
            required={postalOnly}
            {...form.field('postalCode')}
          />
          {postalOnly ? null : <Field.TextField label="Date" type="date" {...form.field('date')} />}
          <Button type="submit" loading={pending} mt={{ md: '6' }}>
            <SearchIcon />
            Search
          </Button>
        </Grid>
      </form>
      {loadError ? (
        <Notice tone="danger">
          <div>
            <p className={css({ fontWeight: 'semibold' })}>{TIMESLOT_ERROR.title}</p>
            <p className={css({ textStyle: 'sm' })}>{loadError}</p>
          </div>
        </Notice>
      ) : result && slotCount === 0 ? (
        <EmptyState>{result.mode === 'postal' ? TIMESLOT_EMPTY.postal : TIMESLOT_EMPTY.date}</EmptyState>
      ) : result ? (
        <Stack gap="5" aria-live="polite">
          <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {result.answer.regionName
              ? `${result.answer.regionName} Region`
              : `Timeslots on ${groups[0]?.[1].date.label ?? ''}`}
          </h3>
          {groups.map(([day, group]) => (
            <section key={day} aria-labelledby={`slots-${day}`}>
              <h4 id={`slots-${day}`} className={css({ fontWeight: 'medium', mb: '2', color: 'fg.muted' })}>
                {group.date.label}
              </h4>
              <ul
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
                  gap: '2',
                })}
              >
                {group.timeslots.map((slot) => (
                  <SlotRow
                    key={slot.id}
                    slot={slot}
                    showRegion={result.mode === 'date'}
                    pending={slotAction.running === String(slot.id)}
                    onToggle={(s, on) => void toggle(s, on)}
                    onCapacity={(s, n) => void setCapacity(s, n)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </Stack>
      ) : null}
    </section>
  );
}
