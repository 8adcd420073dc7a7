import { EVENT_CONFIG_LIMITS } from '@hs/domain';
import { type KeyboardEvent, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Grid, HStack, Stack } from 'styled-system/jsx';
import { PlusIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { ADMIN_PATHS, failureMessage, toastSuccess } from '../lib/admin-api';
import type { Timeslot, TimeslotSearchAnswer } from '@hs/contracts';
import { useAsyncAction } from '../components/use-async-action';

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

function validate(v: { date: string; time: string; capacity: string }) {
  const errors: Record<string, string> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) errors.date = MANUAL_SLOT_MESSAGES.date;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time)) errors.time = MANUAL_SLOT_MESSAGES.time;
  const n = Number(v.capacity);
  if (v.capacity.trim() === '' || !Number.isInteger(n) || n < CAPACITY.min || n > CAPACITY.max)
    errors.capacity = MANUAL_SLOT_MESSAGES.capacity;
  return errors;
}

/**
 * A manual event's dates and timeslots: the upcoming slots by date with seats booked, and a row to
 * add one (date, time, capacity) through POST /api/admin/events/{id}/timeslots.
 */
export function ManualTimeslots({ eventId, defaultCapacity }: { eventId: number; defaultCapacity: number }) {
  const { data, error, isLoading, mutate } = useSWR<TimeslotSearchAnswer>(manualSlotsKey(eventId));
  const [values, setValues] = useState({ date: '', time: '09:00', capacity: String(defaultCapacity) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useAsyncAction();

  const groups = Object.entries(data?.data ?? {}).sort(([a], [b]) => a.localeCompare(b));

  const add = async () => {
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const res = await api.post<ApiEnvelope<Timeslot>>(`${ADMIN_PATHS.events}/${eventId}/timeslots`, {
        date: values.date,
        time: values.time,
        maxAttendees: Number(values.capacity),
      });
      toastSuccess('Timeslot added', res?.data ? `${res.data.label} on ${res.data.date}` : undefined);
      await mutate();
    }, 'Failed to create timeslot');
  };

  // Enter adds the slot instead of submitting the event form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void add();
    }
  };
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

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
                  <span
                    key={s.id}
                    className={css({
                      textStyle: 'xs',
                      px: '2',
                      py: '1',
                      borderRadius: 'l2',
                      borderWidth: '1px',
                      borderColor: s.isAvailable ? 'border.default' : 'danger.border',
                      bg: s.isAvailable ? 'bg.muted' : 'danger.subtle',
                    })}
                  >
                    {s.label} · {s.currentAttendees}/{s.maxAttendees} booked
                    {s.isAvailable ? '' : ' · blocked'}
                  </span>
                ))}
              </HStack>
            </li>
          ))}
        </ul>
      )}
      <Stack gap="2">
        <Grid columns={{ base: 1, sm: 3 }} gap="3" alignItems="start">
          <Field.TextField
            label="Date"
            type="date"
            name="slotDate"
            value={values.date}
            onChange={set('date')}
            onKeyDown={onKeyDown}
            error={errors.date}
          />
          <Field.TextField
            label="Time"
            type="time"
            name="slotTime"
            value={values.time}
            onChange={set('time')}
            onKeyDown={onKeyDown}
            error={errors.time}
          />
          <Field.TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            name="slotCapacity"
            value={values.capacity}
            onChange={set('capacity')}
            onKeyDown={onKeyDown}
            error={errors.capacity}
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
