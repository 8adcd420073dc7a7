import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ClockIcon } from '../../components/icons';
import { RESERVATION_MESSAGES } from '../../public/reservation-messages';

/** How often the minutes left are recounted. */
const TICK_MS = 15_000;
/** The lookup is read again this long after the hold ends, once the server has had time to expire it. */
const AFTER_HOLD_MS = 1_000;

function minutesLeftText(ms: number): string {
  if (ms < 60_000) return 'Less than a minute left.';
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`;
}

/**
 * While an unpaid booking holds its seats: until when (Singapore time) and how long is left. When the
 * hold ends `onEnded` runs, so the page reads the booking again and shows it expired.
 */
export function HoldNotice({ holdUntil, onEnded }: { holdUntil: string; onEnded: () => void }) {
  const end = Date.parse(holdUntil);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per hold end, whatever the callback's identity
  useEffect(() => {
    const wait = end - Date.now();
    if (!(wait > 0)) return;
    const timer = setTimeout(onEnded, wait + AFTER_HOLD_MS);
    return () => clearTimeout(timer);
  }, [end]);

  return (
    <div
      data-testid="hold-notice"
      className={css({
        display: 'flex',
        gap: '3',
        p: '3',
        borderRadius: 'l2',
        bg: 'warning.subtle',
        color: 'warning.text',
        borderWidth: '1px',
        borderColor: 'warning.border',
        textStyle: 'sm',
      })}
    >
      <ClockIcon className={css({ flexShrink: 0, w: '5', h: '5', mt: '0.5' })} />
      <div>
        <p className={css({ fontWeight: 'semibold' })}>{RESERVATION_MESSAGES.heldUntil(holdUntil)}</p>
        <p>
          {minutesLeftText(Math.max(0, end - now))} {RESERVATION_MESSAGES.holdHint}
        </p>
      </div>
    </div>
  );
}
