import type {
  AttendeeParty,
  AttendeeSheet,
  CheckInResult,
  DeskActionResult,
  Operations,
} from '@hs/contracts';
import { singaporeToday } from '@hs/domain';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { type ApiEnvelope, api } from '../../lib/api';
import { searchParties } from '../check-in/attendee-search';
import type { DeskMethod } from '../check-in/desk-actions';
import { PartyCard } from '../check-in/party-card';
import { todaysSlot } from '../check-in/todays-slot';
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

/** One of the desk's choices (event, slot): its label and a full-width native select. */
function DeskSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <select id={id} className={select} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </Field.Root>
  );
}

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
  // Today's slots (the Today tab's answer): the page opens on the event and slot now at the desk.
  const { data: operations, error: operationsError } = useSWR<ApiEnvelope<Operations>>(
    ADMIN_PATHS.operations,
  );
  const [eventId, setEventId] = useState('');
  const [slotId, setSlotId] = useState('');
  const [date, setDate] = useState(() => singaporeToday());
  const today = singaporeToday();
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scanned, setScanned] = useState<AttendeeParty | null>(null);
  const sheetKey = eventId && date ? attendeesPath(eventId, date) : null;
  // Bookings keep arriving during the day: the sheet the search reads refreshes itself.
  const { data: sheet, mutate } = useSWR<ApiEnvelope<AttendeeSheet>>(sheetKey, { refreshInterval: 10_000 });
  // Today's slot now (else the next, else the day's last) once the answer is in; without slots today
  // (or without the answer) the first event, until staff choose one.
  const current = operations ? todaysSlot(operations.data!, Date.now()) : null;
  const firstEvent = events?.data?.[0]?.id;
  const settled = operations !== undefined || operationsError !== undefined;
  useEffect(() => {
    if (eventId || !settled) return;
    if (current) {
      setEventId(String(current.eventId));
      setSlotId(String(current.timeslotId));
    } else if (firstEvent) setEventId(String(firstEvent));
  }, [eventId, settled, current, firstEvent]);

  /** Runs one desk call; the answer's party replaces the card and the sheet is read again. */
  const run = useCallback(
    async (call: () => Promise<{ party: AttendeeParty; message: string; alreadyCheckedIn?: boolean }>) => {
      setBusy(true);
      try {
        const result = await call();
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
  const send = useCallback(
    (body: { token?: string; referenceNumber?: string; participantIds?: string[]; waiveReason?: string }) =>
      run(async () => (await api.post<ApiEnvelope<CheckInResult>>('/api/admin/check-ins', body)).data!),
    [run],
  );
  const handlers = (p: AttendeeParty) => ({
    onCheckIn: (ids?: string[]) => send({ referenceNumber: p.referenceNumber, participantIds: ids }),
    onWaive: (waiveReason: string) => send({ referenceNumber: p.referenceNumber, waiveReason }),
    onPay: (method: DeskMethod) =>
      run(
        async () =>
          (
            await api.post<ApiEnvelope<DeskActionResult>>(
              `/api/admin/registrations/${p.registrationId}/desk-payment`,
              // the amount staff saw on the card: refused if the balance changed meanwhile
              { method, expectedAmount: p.balanceDue },
            )
          ).data!,
      ),
    onUndo: (reason: string) =>
      run(
        async () =>
          (
            await api.post<ApiEnvelope<DeskActionResult>>(
              `/api/admin/registrations/${p.registrationId}/check-in/undo`,
              { reason },
            )
          ).data!,
      ),
  });
  const onCode = useCallback(
    (token: string) => {
      setScanning(false);
      void send({ token });
    },
    [send],
  );

  const searching = query.trim().length >= 2;
  const slots = sheet?.data?.slots ?? [];
  // No search: the chosen slot's parties, the people expected at the desk now.
  const inSlot = slots.find((x) => String(x.timeslotId) === slotId)?.parties ?? [];
  const matches = searching ? searchParties(sheet?.data, query) : inSlot;
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
        <DeskSelect
          id="check-in-event"
          label="Event"
          value={eventId}
          onChange={(value) => {
            setEventId(value);
            setSlotId('');
            setScanned(null);
          }}
        >
          {(events?.data ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </DeskSelect>
        <Field.Root>
          <Field.Label htmlFor="check-in-day">Day</Field.Label>
          <Field.Input
            id="check-in-day"
            type="date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setSlotId('');
            }}
          />
        </Field.Root>
      </div>
      <DeskSelect id="check-in-slot" label="Slot" value={slotId} onChange={setSlotId}>
        <option value="">Choose a slot to list its bookings</option>
        {slots.map((x) => (
          <option key={x.timeslotId} value={x.timeslotId}>
            {x.time} · {x.parties.length} {x.parties.length === 1 ? 'booking' : 'bookings'}
          </option>
        ))}
      </DeskSelect>

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
        <PartyCard party={scanned} busy={busy} today={today} {...handlers(scanned)} />
      ) : null}
      {searching && sheet && matches.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>No booking on this day matches “{query.trim()}”.</p>
      ) : null}
      {(searching ? matches.slice(0, 10) : matches).map((p) => (
        <PartyCard
          key={p.registrationId}
          party={shown(p)}
          busy={busy}
          today={today}
          {...handlers(shown(p))}
        />
      ))}
    </section>
  );
}
