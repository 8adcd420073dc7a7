import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CalendarIcon, ClockIcon } from '../components/icons';

const row = css({ display: 'flex', gap: '2', alignItems: 'center' });
const icon = css({ color: 'accent.default' });

/** A held slot in a box: its day and its time, each with its icon; a heading above and notes below when given. */
export function SlotSummary({
  heading,
  date,
  time,
  children,
}: {
  heading?: string;
  date: ReactNode;
  time: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      className={css({
        display: 'grid',
        gap: '2',
        p: '4',
        borderRadius: 'l2',
        borderWidth: '1px',
        borderColor: 'accent.default',
        bg: 'bg.subtle',
      })}
    >
      {heading ? <p className={css({ fontWeight: 'semibold' })}>{heading}</p> : null}
      <p className={row}>
        <CalendarIcon className={icon} />
        {date}
      </p>
      <p className={row}>
        <ClockIcon className={icon} />
        {time}
      </p>
      {children}
    </div>
  );
}
