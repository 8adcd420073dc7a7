import { useEffect, useState } from 'react';
import { useTranslation, i18n } from '../../i18n';
import { css } from 'styled-system/css';
import { ClockIcon } from '../../components/icons';
import { Notice } from '../../components/notice';
import { holdTime } from '../../public/reservation-messages';

/** How often the minutes left are recounted. */
const TICK_MS = 15_000;
/** The booking is first read again this long after the hold ends (the server expires it on a sweep)... */
const AFTER_HOLD_MS = 1_000;
/** ...and then this often until the page shows it expired (and this notice is gone). */
const AFTER_HOLD_POLL_MS = 5_000;

function minutesLeftText(ms: number): string {
  if (ms <= 0) return i18n.t('hold.ended');
  if (ms < 60_000) return i18n.t('hold.underMinute');
  return i18n.t('hold.minutesLeft', { count: Math.ceil(ms / 60_000) });
}

/**
 * While an unpaid booking holds its seats: until when (Singapore time) and how long is left. Once the
 * hold has ended `onEnded` runs, and again every few seconds while this notice is shown, so the page
 * reads the booking again until the server has expired it (a sweep runs a few seconds after the end).
 */
export function HoldNotice({ holdUntil, onEnded }: { holdUntil: string; onEnded: () => void }) {
  const end = Date.parse(holdUntil);
  const [now, setNow] = useState(() => Date.now());
  const { t } = useTranslation();

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(tick);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one schedule per hold end, whatever the callback's identity
  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | undefined;
    const timer = setTimeout(
      () => {
        onEnded();
        poll = setInterval(onEnded, AFTER_HOLD_POLL_MS);
      },
      Math.max(0, end - Date.now()) + AFTER_HOLD_MS,
    );
    return () => {
      clearTimeout(timer);
      clearInterval(poll);
    };
  }, [end]);

  return (
    <Notice
      tone="warning"
      size="sm"
      ariaRole={null}
      icon={<ClockIcon className={css({ w: '5', h: '5' })} />}
      data-testid="hold-notice"
    >
      <div>
        <p className={css({ fontWeight: 'semibold' })}>
          {t('hold.heldUntil', { time: holdTime(holdUntil) })}
        </p>
        <p>
          {minutesLeftText(Math.max(0, end - now))} {t('hold.hint')}
        </p>
      </div>
    </Notice>
  );
}
