import type { AdminEvent, Insights } from '@hs/contracts';
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import type { ApiEnvelope } from '../../lib/api';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { ListState, SectionHeader } from '../components/section';
import { ADMIN_PATHS, failureMessage, useAdminList } from '../lib/admin-api';
import { saveBlob } from '../lib/orders';
import { ChartCard } from '../reports/chart-card';
import { CHARTS } from '../reports/options';
import { LabeledSelect } from '../components/labeled-select';

export const INSIGHTS_PATH = '/api/admin/reports/insights';

interface Filters {
  eventId: string;
  from: string;
  to: string;
}

function query({ eventId, from, to }: Filters): string {
  const params = new URLSearchParams({ from, to });
  if (eventId) params.set('eventId', eventId);
  return params.toString();
}

export const GST_REPORT_PATH = '/api/admin/reports/gst';

/** A CSV of the api with the bearer token, saved under `fileName`. */
async function downloadCsv(url: string, fileName: string) {
  try {
    const token = localStorage.getItem(AUTH_TOKEN_KEY);
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
      credentials: 'include',
    });
    if (!res.ok) throw new Error(`Download failed: ${res.statusText || res.status}`);
    saveBlob(await res.blob(), fileName);
  } catch (error) {
    toaster.create({ title: 'Download failed', description: failureMessage(error), type: 'error' });
  }
}

/** The Reports tab (issue 25): the charts of one event or all, over a range of Singapore days. */
export function ReportsTab() {
  const today = singaporeToday();
  const [filters, setFilters] = useState<Filters>({ eventId: '', from: addDaysToDay(today, -29), to: today });
  const { items: events } = useAdminList<AdminEvent>(ADMIN_PATHS.events);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(filters.from) && /^\d{4}-\d{2}-\d{2}$/.test(filters.to);
  const rangeError = valid && filters.from > filters.to ? 'The start must not be after the end.' : undefined;
  const { data, error, isLoading } = useSWR<ApiEnvelope<Insights>>(
    valid && !rangeError ? `${INSIGHTS_PATH}?${query(filters)}` : null,
    { keepPreviousData: true },
  );
  const insights = data?.data;
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));

  return (
    <section aria-labelledby="reports-heading">
      <SectionHeader
        title="Reports"
        id="reports-heading"
        description="Bookings, revenue, payments by method, seats, attendance and waiting-list demand. Days are Singapore days; revenue counts when paid."
      />
      <div className={grid({ columns: { base: 1, sm: 3 }, gap: '3', mb: '4', maxW: '3xl' })}>
        <LabeledSelect label="Event" value={filters.eventId} onChange={set('eventId')}>
          <option value="">All events</option>
          {events?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </LabeledSelect>
        <Field.TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={set('from')}
          error={rangeError}
        />
        <Field.TextField label="To" type="date" value={filters.to} onChange={set('to')} />
      </div>
      {/* The GST report (per month of issue, every event: it sums the issued invoices and credit notes). */}
      <div className={css({ mb: '4' })}>
        <Button
          size="sm"
          variant="outline"
          disabled={!valid || !!rangeError}
          onClick={() =>
            downloadCsv(
              `${GST_REPORT_PATH}?from=${filters.from}&to=${filters.to}&format=csv`,
              `gst-report-${filters.from}-${filters.to}.csv`,
            )
          }
        >
          Download GST report (CSV)
        </Button>
      </div>
      <ListState
        isLoading={isLoading && !insights}
        error={error}
        isEmpty={!insights}
        empty={rangeError ?? 'Choose a date range.'}
      >
        {insights ? (
          <div className={grid({ columns: { base: 1, lg: 2 }, gap: '4' })}>
            {CHARTS.map((c) => (
              <ChartCard
                key={c.name}
                name={c.name}
                title={c.title}
                data={insights}
                onDownload={(name) =>
                  downloadCsv(
                    `${INSIGHTS_PATH}.csv?chart=${name}&${query(filters)}`,
                    `insights-${name}-${filters.from}-${filters.to}.csv`,
                  )
                }
              />
            ))}
          </div>
        ) : null}
      </ListState>
      <p className={css({ srOnly: true })} aria-live="polite">
        {isLoading ? 'Loading reports' : ''}
      </p>
    </section>
  );
}

export default ReportsTab;
