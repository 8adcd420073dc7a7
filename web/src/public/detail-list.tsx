import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** Label / value pairs of a `<dl>`: stacked on phones, two columns from `sm`. */
export const detailList = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '6',
  rowGap: { base: '0.5', sm: '2' },
  fontSize: 'sm',
  '& dt': { color: 'fg.muted', mt: { base: '2', sm: '0' } },
  '& dd': { fontWeight: 'medium', wordBreak: 'break-word' },
});

export type DetailRow = readonly [label: string, value: ReactNode];

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** A `<dl>` of the rows, in order (public pages and the back office); `blank` stands for a missing value. */
export function DetailList({ rows, blank }: { rows: readonly DetailRow[]; blank?: string }) {
  return (
    <dl className={detailList}>
      {rows.map(([label, value]) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt>{label}</dt>
          <dd>{blank !== undefined && isBlank(value) ? blank : value}</dd>
        </div>
      ))}
    </dl>
  );
}
