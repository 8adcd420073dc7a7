import type { AttendeeParty } from '@hs/contracts';
import { css } from 'styled-system/css';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import * as Card from '../../components/ui/card';
import { Notice } from '../../components/notice';
import { type DeskHandlers, SettleBalance, UndoCheckIn } from './desk-actions';

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Singapore',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:mm in Singapore of an ISO time. */
export const checkInTime = (iso: string) => clock.format(new Date(iso));

const released = (status: string) => status === 'cancelled' || status === 'expired';

/**
 * One party at the desk: who, which slot, what is still to pay (a balance due shown loudly: it is
 * paid or waived with a reason before check-in, issue 45) and Check in for the group or each person.
 */
export function PartyCard({
  party,
  busy,
  today,
  onCheckIn,
  onPay,
  onWaive,
  onUndo,
}: {
  party: AttendeeParty;
  busy: boolean;
  /** yyyy-MM-dd, Singapore: a check-in is undone only on its day. */
  today: string;
  /** Absent ids: the whole party. */
  onCheckIn: (participantIds?: string[]) => void;
} & DeskHandlers) {
  const waiting = party.people.filter((p) => !p.checkedInAt);
  const inside = party.people.length - waiting.length;
  const due = party.paymentStatus === 'balance_due';
  const open = !released(party.status);
  // Nobody in yet while a balance is due: the desk settles or waives it first. Someone in already
  // while a balance is due: it was waived, the rest need no second waiver, but the payment can still
  // be recorded.
  const blocked = due && open && inside === 0;
  return (
    <Card.Root data-testid="party-card" aria-label={`Booking ${party.referenceNumber}`}>
      <Card.Header gap="1">
        <Card.Title className={css({ fontFamily: 'mono', letterSpacing: '0.03em' })}>
          {party.referenceNumber}
        </Card.Title>
        <Card.Description>
          {party.contactName} · {party.date} at {party.time} · {party.people.length}{' '}
          {party.people.length === 1 ? 'person' : 'people'}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        {!open ? null : due ? (
          <Notice
            tone="danger"
            ariaRole="status"
            data-testid="balance-due"
            className={css({ borderWidth: '2px', fontWeight: 'bold', fontSize: 'lg' })}
          >
            Balance due: S${party.balanceDue} –{' '}
            {inside > 0 ? 'waived at check-in' : 'collect before the screening'}
          </Notice>
        ) : (
          // a cancelled order owes nothing but is not "paid" either: only its status shows
          <Badge tone="success" alignSelf="start">
            Paid
          </Badge>
        )}
        {released(party.status) ? (
          <Badge tone="danger" alignSelf="start">
            {party.status === 'cancelled' ? 'Cancelled' : 'Expired'}
          </Badge>
        ) : null}
        <ul className={css({ display: 'grid', gap: '2' })}>
          {party.people.map((p) => (
            <li
              key={p.participantId}
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '2',
                p: '2',
                borderWidth: '1px',
                borderColor: 'border.default',
                borderRadius: 'l2',
              })}
            >
              <div>
                <div className={css({ fontWeight: 'medium' })}>
                  {p.name}
                  {p.isPrimary ? ' (primary)' : ''}
                </div>
                <div className={css({ textStyle: 'sm', color: 'fg.muted' })}>{p.packageName}</div>
              </div>
              {p.checkedInAt ? (
                <Badge tone="success">
                  In at {checkInTime(p.checkedInAt)}
                  {p.checkedInBy ? ` by ${p.checkedInBy}` : ''}
                </Badge>
              ) : p.noShow ? (
                <Badge tone="warning">No-show</Badge>
              ) : party.people.length > 1 && !blocked ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => onCheckIn([p.participantId])}
                  aria-label={`Check in ${p.name}`}
                >
                  Check in
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="3">
        {due && open ? (
          // keyed by who is in: a check-in or its undo starts the forms afresh
          <SettleBalance
            key={inside}
            party={party}
            busy={busy}
            onPay={onPay}
            onWaive={blocked ? onWaive : undefined}
          />
        ) : null}
        {blocked ? null : waiting.length > 0 && open ? (
          <Button w="full" size="lg" loading={busy} loadingText="Checking in..." onClick={() => onCheckIn()}>
            {party.people.length === 1 ? 'Check in' : `Check in the group (${waiting.length})`}
          </Button>
        ) : (
          <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>
            {waiting.length === 0 ? 'Everyone is checked in.' : 'This booking cannot be checked in.'}
          </p>
        )}
        {inside > 0 && party.date === today ? <UndoCheckIn busy={busy} onUndo={onUndo} /> : null}
      </Card.Footer>
    </Card.Root>
  );
}
