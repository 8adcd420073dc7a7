import type { AttendeeParty } from '@hs/contracts';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';
import * as Field from '../../components/ui/field';
import { RadioCards } from '../components/radio-cards';

export type DeskMethod = 'cash' | 'nets' | 'card_terminal';

const METHODS: { value: DeskMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'nets', label: 'NETS' },
  { value: 'card_terminal', label: 'Card terminal' },
];

const panel = css({
  display: 'grid',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
});

/** What the desk can do for a party besides checking it in (issue 45). */
export interface DeskHandlers {
  /** Records what is left to pay; the server prices it. */
  onPay: (method: DeskMethod) => void;
  /** Checks the party in with its balance waived, and why. */
  onWaive: (reason: string) => void;
  /** Takes back the check-in of everyone in, and why. */
  onUndo: (reason: string) => void;
}

type Mode = 'idle' | 'pay' | 'waive';

/**
 * A balance due stands between the party and its check-in: the desk records the payment (cash,
 * NETS, card terminal) or waives it with a reason. Each opens its own small form, so one tap never
 * moves money.
 */
export function SettleBalance({
  party,
  busy,
  onPay,
  onWaive,
}: {
  party: AttendeeParty;
  busy: boolean;
  onPay: DeskHandlers['onPay'];
  /** Absent: the balance was waived already (someone of the party is in); only the payment is offered. */
  onWaive?: DeskHandlers['onWaive'];
}) {
  const [mode, setMode] = useState<Mode>('idle');
  const [method, setMethod] = useState<DeskMethod>('cash');
  const [reason, setReason] = useState('');
  const label = METHODS.find((m) => m.value === method)!.label;
  if (mode === 'pay')
    return (
      <div className={panel} data-testid="desk-payment">
        <RadioCards
          legend="Paid by"
          name={`desk-method-${party.registrationId}`}
          value={method}
          options={METHODS}
          onChange={setMethod}
        />
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" onClick={() => setMode('idle')} disabled={busy}>
            Back
          </Button>
          <Button loading={busy} loadingText="Recording..." onClick={() => onPay(method)}>
            Record S${party.balanceDue} paid by {label}
          </Button>
        </div>
      </div>
    );
  if (mode === 'waive' && onWaive)
    return (
      <div className={panel} data-testid="desk-waiver">
        <Field.Root required>
          <Field.Label>Why is the balance waived?</Field.Label>
          <Field.Textarea
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. Paid by the employer on invoice"
          />
          <Field.HelperText>
            The S${party.balanceDue} stays on the order; the reason goes in its history.
          </Field.HelperText>
        </Field.Root>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button variant="outline" onClick={() => setMode('idle')} disabled={busy}>
            Back
          </Button>
          <Button
            disabled={!reason.trim()}
            loading={busy}
            loadingText="Checking in..."
            onClick={() => onWaive(reason.trim())}
          >
            Waive and check in
          </Button>
        </div>
      </div>
    );
  return (
    <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
      <Button size="lg" onClick={() => setMode('pay')} disabled={busy}>
        Record payment at the desk…
      </Button>
      {onWaive ? (
        <Button size="lg" variant="outline" onClick={() => setMode('waive')} disabled={busy}>
          Waive balance…
        </Button>
      ) : null}
    </div>
  );
}

/** "Undo check-in…": a reason, then the check-in of everyone in is taken back (the day only). */
export function UndoCheckIn({ busy, onUndo }: { busy: boolean } & Pick<DeskHandlers, 'onUndo'>) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} disabled={busy}>
        Undo check-in…
      </Button>
    );
  return (
    <div className={panel} data-testid="undo-check-in">
      <Field.Root required>
        <Field.Label>Why undo the check-in?</Field.Label>
        <Field.Input
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Scanned the wrong booking"
        />
      </Field.Root>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
          Keep checked in
        </Button>
        <Button
          variant="danger"
          disabled={!reason.trim()}
          loading={busy}
          loadingText="Undoing..."
          onClick={() => onUndo(reason.trim())}
        >
          Undo check-in
        </Button>
      </div>
    </div>
  );
}
