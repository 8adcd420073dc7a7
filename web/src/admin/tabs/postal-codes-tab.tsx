import { TIMESLOT_SEARCH_MESSAGES, timeslotSearchSchema } from '@hs/domain';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Grid } from 'styled-system/jsx';
import { SearchIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { EmptyState, SectionHeader } from '../components/section';
import { ADMIN_PATHS, useAdminList } from '../lib/admin-api';
import type { AdminEvent } from '../lib/types';
import { useForm } from '../lib/use-form';

export const TIMESLOT_EMPTY = {
  postal: 'No timeslots found for this postal code and event.',
  date: 'No timeslots found for the selected date.',
} as const;

/** GET /api/admin/timeslots/postal-code (spec section 7); a 404 (not there yet) reads as no timeslots. */
async function searchTimeslots(params: { eventId: number; postalCode: string | null; date: string | null }) {
  try {
    const res = await api.get<{ data?: Record<string, unknown> | unknown[] }>(
      '/api/admin/timeslots/postal-code',
      {
        eventId: params.eventId,
        postalCode: params.postalCode ?? undefined,
        date: params.postalCode ? undefined : (params.date ?? undefined),
      },
    );
    const data = res?.data;
    return Array.isArray(data) ? data.length : data ? Object.keys(data).length : 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 0;
    throw error;
  }
}

const select = css({
  h: '10',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
  w: 'full',
  _invalid: { borderColor: 'border.error' },
});

/**
 * Postal Codes tab (event, then a 6-digit postal code or a date) and, with `postalOnly`, the
 * /admin/postal-timeslots page. The grouped results with 'Booked: current/max' and the
 * Available/Blocked switch arrive with the admin timeslot API.
 */
export function PostalCodesTab({ postalOnly = false }: { postalOnly?: boolean }) {
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const form = useForm(timeslotSearchSchema, { eventId: '', postalCode: '', date: '' });
  const [result, setResult] = useState<{ mode: 'postal' | 'date'; count: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(async (q) => {
    if (postalOnly && !q.postalCode) {
      form.setErrors({ postalCode: TIMESLOT_SEARCH_MESSAGES.postal });
      return;
    }
    setPending(true);
    setLoadError(null);
    try {
      const count = await searchTimeslots(q);
      setResult({ mode: q.postalCode ? 'postal' : 'date', count });
    } catch (error) {
      setResult(null);
      setLoadError(
        error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Failed to fetch timeslots',
      );
    } finally {
      setPending(false);
    }
  });

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
      <form ref={form.formRef} onSubmit={onSubmit} noValidate>
        <Grid columns={{ base: 1, md: postalOnly ? 3 : 4 }} gap="3" alignItems="start" mb="4">
          <Field.Root invalid={Boolean(form.errors.eventId)} required>
            <Field.Label>Event</Field.Label>
            <Field.Select
              className={select}
              {...form.text('eventId')}
              onChange={(e) => form.setValue('eventId', e.target.value)}
            >
              <option value="">Select an event</option>
              {events?.map((e) => (
                <option key={e.id} value={String(e.id)}>
                  {e.name}
                </option>
              ))}
            </Field.Select>
            <Field.ErrorText>{form.errors.eventId}</Field.ErrorText>
          </Field.Root>
          <Field.TextField
            label="Postal Code"
            inputMode="numeric"
            maxLength={6}
            placeholder="e.g. 123456"
            error={form.errors.postalCode}
            {...form.text('postalCode')}
          />
          {postalOnly ? null : (
            <Field.TextField label="Date" type="date" error={form.errors.date} {...form.text('date')} />
          )}
          <Button type="submit" loading={pending} mt={{ md: '6' }}>
            <SearchIcon />
            Search
          </Button>
        </Grid>
      </form>
      {loadError ? (
        <div
          role="alert"
          className={css({
            p: '4',
            borderRadius: 'l3',
            bg: 'danger.subtle',
            color: 'danger.text',
            borderWidth: '1px',
            borderColor: 'danger.border',
          })}
        >
          <p className={css({ fontWeight: 'semibold' })}>Error loading timeslots</p>
          <p className={css({ textStyle: 'sm' })}>{loadError}</p>
        </div>
      ) : result && result.count === 0 ? (
        <EmptyState>{result.mode === 'postal' ? TIMESLOT_EMPTY.postal : TIMESLOT_EMPTY.date}</EmptyState>
      ) : null}
    </section>
  );
}
