import { type ReactNode, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Page } from '../components/layout/page';
import { Button } from '../components/ui/button';
import * as Card from '../components/ui/card';
import * as Field from '../components/ui/field';
import * as Tabs from '../components/ui/tabs';
import { type ApiEnvelope, api, errorMessage } from '../lib/api';
import { eventsKey } from '../lib/swr-keys';
import { selectStyle } from '../public/select-style';
import type { EventSummary, PublicTimeslot } from '../public/types';

type PostalResult = { date: string; label: string; timeslots: PublicTimeslot[] }[];
type DateResult = Record<string, { date: { label: string; value: string }; timeslots: PublicTimeslot[] }>;

function EventSelect({
  id,
  value,
  onChange,
  events,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  events: EventSummary[];
}) {
  return (
    <Field.Root id={id}>
      <Field.Label>Event</Field.Label>
      <Field.Select className={selectStyle} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select an event</option>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}

function SearchError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className={css({ color: 'fg.error', mb: '4' })}>
      Error loading timeslots: {error}
    </p>
  ) : null;
}

/** One search's row of fields and its Search button. */
function SearchForm({ onSearch, children }: { onSearch: () => Promise<void>; children: ReactNode }) {
  return (
    <form
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', md: '1fr 1fr auto' },
        alignItems: 'end',
        my: '4',
      })}
      onSubmit={(e) => {
        e.preventDefault();
        void onSearch();
      }}
    >
      {children}
    </form>
  );
}

/** `/test/auto-timeslots`: 'Test Auto-Generated Timeslots' (lazy chunk). */
export default function TestAutoTimeslotsPage() {
  const { data: events } = useSWR<ApiEnvelope<EventSummary[]>>(eventsKey('en'));
  const list = events?.data ?? [];
  const [postal, setPostal] = useState('');
  const [postalEvent, setPostalEvent] = useState('');
  const [date, setDate] = useState('');
  const [dateEvent, setDateEvent] = useState('');
  const [postalResult, setPostalResult] = useState<PostalResult | null>(null);
  const [dateResult, setDateResult] = useState<DateResult | null>(null);
  // one per tab: a failed postal search says nothing about the date search
  const [postalError, setPostalError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function searchPostal() {
    if (postal.length !== 6) return;
    setBusy(true);
    setPostalError(null);
    try {
      const res = await api.get<ApiEnvelope<PostalResult>>('/api/auto-timeslots/postal-code', {
        postalCode: postal,
        eventId: postalEvent || undefined,
      });
      setPostalResult(res.data);
    } catch (e) {
      setPostalResult(null);
      setPostalError(errorMessage(e, 'Failed to fetch timeslots'));
    } finally {
      setBusy(false);
    }
  }
  async function searchDate() {
    if (!date) return;
    setBusy(true);
    setDateError(null);
    try {
      const res = await api.get<ApiEnvelope<DateResult>>('/api/auto-timeslots/date', {
        date,
        eventId: dateEvent || undefined,
      });
      setDateResult(res.data);
    } catch (e) {
      setDateResult(null);
      setDateError(errorMessage(e, 'Failed to fetch timeslots'));
    } finally {
      setBusy(false);
    }
  }

  const labels = (slots: PublicTimeslot[]) => (
    <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })}>
      {slots.map((t) => (
        <li
          key={t.id ?? `${t.date}-${t.time}`}
          className={css({ px: '2.5', py: '1', borderRadius: 'l2', bg: 'bg.subtle', fontSize: 'sm' })}
        >
          {t.label}
        </li>
      ))}
    </ul>
  );

  return (
    <Page>
      <title>Test Auto-Generated Timeslots | Health Screening</title>
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', mb: '6' })}>
        Test Auto-Generated Timeslots
      </h1>
      <Tabs.Root defaultValue="postal" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="postal">Postal Code Search</Tabs.Trigger>
          <Tabs.Trigger value="date">Date Search</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="postal">
          <SearchForm onSearch={searchPostal}>
            <Field.Root id="test-postal">
              <Field.Label>Postal Code</Field.Label>
              <Field.Input
                inputMode="numeric"
                maxLength={6}
                value={postal}
                onChange={(e) => setPostal(e.target.value.replace(/\D/g, ''))}
              />
            </Field.Root>
            <EventSelect id="test-postal-event" value={postalEvent} onChange={setPostalEvent} events={list} />
            <Button type="submit" disabled={postal.length !== 6} loading={busy}>
              Search
            </Button>
          </SearchForm>
          <SearchError error={postalError} />
          {postalResult ? (
            postalResult.length === 0 ? (
              <p>No timeslots found for this postal code and event.</p>
            ) : (
              <div className={css({ display: 'grid', gap: '3' })}>
                {postalResult.map((d) => (
                  <Card.Root key={d.date} variant="outline">
                    <Card.Body>
                      <h2 className={css({ fontWeight: 'semibold' })}>{d.label}</h2>
                      {labels(d.timeslots)}
                    </Card.Body>
                  </Card.Root>
                ))}
              </div>
            )
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="date">
          <SearchForm onSearch={searchDate}>
            <Field.Root id="test-date">
              <Field.Label>Date</Field.Label>
              <Field.Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </Field.Root>
            <EventSelect id="test-date-event" value={dateEvent} onChange={setDateEvent} events={list} />
            <Button type="submit" disabled={!date} loading={busy}>
              Search
            </Button>
          </SearchForm>
          <SearchError error={dateError} />
          {dateResult ? (
            Object.keys(dateResult).length === 0 ? (
              <p>No timeslots found for the selected date.</p>
            ) : (
              <div
                className={css({
                  display: 'grid',
                  gap: '3',
                  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
                })}
              >
                {Object.entries(dateResult).map(([region, g]) => (
                  <Card.Root key={region} variant="outline">
                    <Card.Body>
                      <h2 className={css({ fontWeight: 'semibold', textTransform: 'capitalize' })}>
                        {region}
                      </h2>
                      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{g.date.label}</p>
                      {labels(g.timeslots)}
                    </Card.Body>
                  </Card.Root>
                ))}
              </div>
            )
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
