import type { AttendeeSheet } from '@hs/contracts';
import useSWR from 'swr';
import { useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import { AUTH_TOKEN_KEY, type ApiEnvelope } from '../../lib/api';
import { checkInTime } from '../check-in/party-card';
import { ListState } from '../components/section';
import { failureMessage, toastError } from '../lib/admin-api';
import { attendeesPath } from './check-in-page';

const noPrint = css({ '@media print': { display: 'none !important' } });

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  textStyle: 'sm',
  '& th, & td': {
    textAlign: 'left',
    px: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  },
  '& th': { fontWeight: 'semibold' },
  '@media print': { fontSize: '10pt', '& th, & td': { borderColor: '#999' } },
});

/** Downloads the sheet as CSV (the bearer token rides in a header, so not a plain link). */
async function downloadCsv(eventId: string, date: string) {
  try {
    const res = await fetch(`${attendeesPath(eventId, date)}&format=csv`, {
      headers: { Authorization: `Bearer ${localStorage.getItem(AUTH_TOKEN_KEY) ?? ''}`, Accept: 'text/csv' },
    });
    if (!res.ok) throw new Error(`Download failed: ${res.statusText || res.status}`);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `attendees-${eventId}-${date}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  } catch (e) {
    toastError(failureMessage(e));
  }
}

/**
 * `/admin/attendees?eventId=&date=` (issue 23): the day's attendee sheet, one slot per section, made
 * to be printed for the front desk (and downloadable as CSV).
 */
export default function AttendeeSheetPage() {
  const params = new URLSearchParams(useSearch());
  const eventId = params.get('eventId') ?? '';
  const date = params.get('date') ?? '';
  const { data, error, isLoading } = useSWR<ApiEnvelope<AttendeeSheet>>(
    eventId && date ? attendeesPath(eventId, date) : null,
  );
  const sheet = data?.data;
  if (!eventId || !date) return <p>Choose an event and a day on the Check-in page first.</p>;
  if (!sheet)
    return (
      <ListState isLoading={isLoading} error={error} isEmpty={false} empty="No attendees.">
        {null}
      </ListState>
    );
  const people = sheet.slots.reduce((n, s) => n + s.parties.reduce((m, p) => m + p.people.length, 0), 0);
  return (
    <article aria-labelledby="sheet-title" className={css({ display: 'grid', gap: '5' })}>
      <header>
        <h1 id="sheet-title" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
          Attendees: {sheet.eventName}
        </h1>
        <p className={css({ color: 'fg.muted' })}>
          {sheet.date}
          {sheet.location ? ` · ${sheet.location}` : ''} · {people} {people === 1 ? 'person' : 'people'}
        </p>
        <div className={`${noPrint} ${css({ display: 'flex', gap: '2', mt: '3', flexWrap: 'wrap' })}`}>
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="outline" onClick={() => downloadCsv(eventId, date)}>
            Download CSV
          </Button>
        </div>
      </header>
      {sheet.slots.length === 0 ? <p>No bookings on this day.</p> : null}
      {sheet.slots.map((slot) => (
        <section
          key={slot.timeslotId}
          aria-label={`Slot ${slot.time}`}
          className={css({ breakInside: 'avoid-page', overflowX: 'auto' })}
        >
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' })}>{slot.time}</h2>
          <table className={table}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Reference</th>
                <th>Package</th>
                <th>Payment</th>
                <th>Checked in</th>
              </tr>
            </thead>
            <tbody>
              {slot.parties.flatMap((party) =>
                party.people.map((person) => (
                  <tr key={person.participantId}>
                    <td>{person.name}</td>
                    <td className={css({ fontFamily: 'mono' })}>{party.referenceNumber}</td>
                    <td>{person.packageName}</td>
                    <td
                      className={
                        party.paymentStatus === 'balance_due' ? css({ fontWeight: 'bold' }) : undefined
                      }
                    >
                      {party.paymentStatus === 'paid' ? 'Paid' : `Due S$${party.balanceDue}`}
                    </td>
                    <td>
                      {person.checkedInAt
                        ? `${checkInTime(person.checkedInAt)}${person.checkedInBy ? ` (${person.checkedInBy})` : ''}`
                        : person.noShow
                          ? 'No-show'
                          : '☐'}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
