import { EVENT_CONFIG_LIMITS, calendarDay } from '@hs/domain';
import type { KeyboardEvent } from 'react';
import useSWR from 'swr';
import * as v from 'valibot';
import { css } from 'styled-system/css';
import { Grid, HStack, Stack } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, failureMessage, toastSuccess } from '../lib/admin-api';
import type { Timeslot, TimeslotSearchAnswer } from '@hs/contracts';
import { useAsyncAction } from '../components/use-async-action';
import { useForm } from '../lib/use-form';
import { wholeNumber } from '../lib/whole-number';

/**
 * Any served postal code: for a manual event the admin search answers every upcoming manual slot
 * whatever the region (there is no per-event slot list endpoint yet).
 */
const ANY_POSTAL_CODE = '018956';

const CAPACITY = EVENT_CONFIG_LIMITS.maxAttendees;

export const MANUAL_SLOT_MESSAGES = {
  date: 'Please enter a valid date',
  time: 'Time must be HH:mm',
  capacity: CAPACITY.message,
} as const;

export function manualSlotsKey(eventId: number) {
  return [ADMIN_PATHS.timeslotSearch, { eventId, postalCode: ANY_POSTAL_CODE }] as const;
}

/**
 * The add-a-slot row's fields, checked as the server checks them. Their names are apart from the
 * event form's: one DOM form holds both, and its submit looks fields up by name.
 */
const manualSlotSchema = v.object({
  slotDate: calendarDay(MANUAL_SLOT_MESSAGES.date),
  slotTime: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, MANUAL_SLOT_MESSAGES.time)),
  slotCapacity: wholeNumber(CAPACITY),
});

/**
 * A manual event's dates and timeslots: the upcoming slots by date with seats booked, and a row to
 * add one (date, time, capacity) through POST /api/admin/events/{id}/timeslots.
 */
export function ManualTimeslots({ eventId, defaultCapacity }: { eventId: number; defaultCapacity: number }) {
  const { data, error, isLoading, mutate } = useSWR<TimeslotSearchAnswer>(manualSlotsKey(eventId));
  const form = useForm(manualSlotSchema, {
    slotDate: '',
    slotTime: '09:00',
    slotCapacity: String(defaultCapacity),
  });
  const { pending, run } = useAsyncAction();

  const groups = Object.entries(data?.data ?? {}).sort(([a], [b]) => a.localeCompare(b));

  const add = form.handleSubmit((slot) =>
    run(async () => {
      const res = await api.post<ApiEnvelope<Timeslot>>(`${ADMIN_PATHS.events}/${eventId}/timeslots`, {
        date: slot.slotDate,
        time: slot.slotTime,
        maxAttendees: slot.slotCapacity,
      });
      toastSuccess('Timeslot added', res?.data ? `${res.data.label} on ${res.data.date}` : undefined);
      await mutate();
    }, 'Failed to create timeslot'),
  );

  // Enter adds the slot instead of submitting the event form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1.5' })}>
        Dates and timeslots
      </legend>
      {isLoading ? (
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>Loading timeslots...</p>
      ) : error ? (
        <p role="alert" className={css({ color: 'danger.text', textStyle: 'sm' })}>
          Failed to load timeslots: {failureMessage(error)}
        </p>
      ) : groups.length === 0 ? (
        <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
          No upcoming timeslots yet. Add one below.
        </p>
      ) : (
        <ul
          aria-label="Upcoming timeslots"
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          {groups.map(([day, g]) => (
            <li key={day}>
              <span className={css({ textStyle: 'sm', fontWeight: 'medium' })}>{g.date.label}</span>
              <HStack gap="2" flexWrap="wrap" mt="1">
                {g.timeslots.map((s) => (
                  <Badge key={s.id} tone={s.isAvailable ? 'neutral' : 'danger'}>
                    {s.label} · {s.currentAttendees}/{s.maxAttendees} booked
                    {s.isAvailable ? '' : ' · blocked'}
                  </Badge>
                ))}
              </HStack>
            </li>
          ))}
        </ul>
      )}
      <Stack gap="2">
        <Grid columns={{ base: 1, sm: 3 }} gap="3" alignItems="start">
          <Field.TextField label="Date" type="date" {...form.field('slotDate')} onKeyDown={onKeyDown} />
          <Field.TextField label="Time" type="time" {...form.field('slotTime')} onKeyDown={onKeyDown} />
          <Field.TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            {...form.field('slotCapacity')}
            onKeyDown={onKeyDown}
          />
        </Grid>
        <div>
          <Button type="button" variant="outline" size="sm" loading={pending} onClick={() => void add()}>
            <PlusIcon />
            Add Timeslot
          </Button>
        </div>
      </Stack>
    </fieldset>
  );
}
