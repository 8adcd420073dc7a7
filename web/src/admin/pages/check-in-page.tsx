import type { AttendeeParty, AttendeeSheet, CheckInResult } from '@hs/contracts';
import { singaporeToday } from '@hs/domain';
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { searchParties } from '../check-in/attendee-search';
import { PartyCard } from '../check-in/party-card';
import { QrScanner } from '../check-in/qr-scanner';
import { SectionHeader } from '../components/section';
import { ADMIN_PATHS, failureMessage } from '../lib/admin-api';

const select = css({
  h: '10',
  px: '3',
  w: 'full',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  textStyle: 'sm',
});

export const attendeesPath = (eventId: number | string, date: string) =>
  `/api/admin/events/${eventId}/attendees?date=${date}`;

type Notice = { tone: 'success' | 'warning' | 'danger'; text: string };

const noticeStyle = (tone: Notice['tone']) =>
  css({
    p: '3',
    borderRadius: 'l2',
    fontWeight: 'semibold',
    borderWidth: '1px',
    bg: `${tone}.subtle`,
    color: `${tone}.text`,
    borderColor: `${tone}.border`,
  });

/**
 * `/admin/check-in` (issue 23): the front desk on the screening day. Choose the event and day, scan
 * the QR code with the camera or search by reference number or name, and check the party in (the
 * group, or each person). Made for a phone held at the desk (360 px wide).
 */
export default function CheckInPage() {
  const { data: events } = useSWR<ApiEnvelope<{ id: number; name: string }[]>>(ADMIN_PATHS.events);
  const [eventId, setEventId] = useState('');
  const [date, setDate] = useState(() => singaporeToday());
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scanned, setScanned] = useState<AttendeeParty | null>(null);
  const sheetKey = eventId && date ? attendeesPath(eventId, date) : null;
  // Bookings keep arriving during the day: the sheet the search reads refreshes itself.
  const { data: sheet, mutate } = useSWR<ApiEnvelope<AttendeeSheet>>(sheetKey, { refreshInterval: 10_000 });
  // The first event until staff choose one.
  const firstEvent = events?.data?.[0]?.id;
  useEffect(() => {
    if (!eventId && firstEvent) setEventId(String(firstEvent));
  }, [eventId, firstEvent]);

  const send = useCallback(
    async (body: { token?: string; referenceNumber?: string; participantIds?: string[] }) => {
      setBusy(true);
      try {
        const res = await api.post<ApiEnvelope<CheckInResult>>('/api/admin/check-ins', body);
        const result = res.data!;
        setScanned(result.party);
        setNotice({ tone: result.alreadyCheckedIn ? 'warning' : 'success', text: result.message });
        await mutate();
      } catch (e) {
        setNotice({ tone: 'danger', text: failureMessage(e) });
      } finally {
        setBusy(false);
      }
    },
    [mutate],
  );
  const onCode = useCallback(
    (token: string) => {
      setScanning(false);
      void send({ token });
    },
    [send],
  );

  const matches = searchParties(sheet?.data, query);
  // The party just checked in, as the server answered; the search results as the sheet has them.
  const shown = (p: AttendeeParty) => (scanned?.registrationId === p.registrationId ? scanned : p);

  return (
    <section aria-labelledby="check-in-title" className={css({ display: 'grid', gap: '4', maxW: '2xl' })}>
      <SectionHeader
        id="check-in-title"
        title="Check-in"
        description="Scan the QR code on the confirmation, or search by reference number or name."
        action={
          sheetKey ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/admin/attendees?eventId=${eventId}&date=${date}`}>Attendee sheet</Link>
            </Button>
          ) : null
        }
      />
      <div
        className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '2fr 1fr' } })}
      >
        <Field.Root>
          <Field.Label htmlFor="check-in-event">Event</Field.Label>
          <select
            id="check-in-event"
            className={select}
            value={eventId}
            onChange={(e) => {
              setEventId(e.target.value);
              setScanned(null);
            }}
          >
            {(events?.data ?? []).map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="check-in-day">Day</Field.Label>
          <Field.Input id="check-in-day" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field.Root>
      </div>

      {scanning ? (
        <QrScanner onCode={onCode} onClose={() => setScanning(false)} />
      ) : (
        <Button size="xl" onClick={() => setScanning(true)}>
          Scan QR code
        </Button>
      )}

      <Field.Root>
        <Field.Label htmlFor="check-in-search">Reference number or name</Field.Label>
        <Field.Input
          id="check-in-search"
          type="search"
          autoComplete="off"
          placeholder="e.g. HS2605 or Tan"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setNotice(null);
          }}
        />
      </Field.Root>

      {notice ? (
        <p
          role="status"
          aria-live="polite"
          data-testid="check-in-notice"
          className={noticeStyle(notice.tone)}
        >
          {notice.text}
        </p>
      ) : null}

      {scanned && !matches.some((p) => p.registrationId === scanned.registrationId) ? (
        <PartyCard
          party={scanned}
          busy={busy}
          onCheckIn={(ids) => send({ referenceNumber: scanned.referenceNumber, participantIds: ids })}
        />
      ) : null}
      {query.trim().length >= 2 && sheet && matches.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>No booking on this day matches “{query.trim()}”.</p>
      ) : null}
      {matches.slice(0, 10).map((p) => (
        <PartyCard
          key={p.registrationId}
          party={shown(p)}
          busy={busy}
          onCheckIn={(ids) => send({ referenceNumber: p.referenceNumber, participantIds: ids })}
        />
      ))}
    </section>
  );
}
