import type { ReactNode } from 'react';
import { css, cva } from 'styled-system/css';

/**
 * Label / value pairs of a `<dl>`, labels muted. `stacked` (the public pages): each label above its
 * value on phones, two columns from `sm`. `side` (the back office's order cards and settings): label
 * beside value at any width, in small text, a long value wrapping anywhere.
 */
const detailListStyle = cva({
  base: { display: 'grid', '& dt': { color: 'fg.muted' } },
  variants: {
    layout: {
      stacked: {
        gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
        columnGap: '6',
        rowGap: { base: '0.5', sm: '2' },
        fontSize: 'sm',
        '& dt': { mt: { base: '2', sm: '0' } },
        '& dd': { fontWeight: 'medium', wordBreak: 'break-word' },
      },
      side: {
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: '3',
        rowGap: '1',
        textStyle: 'sm',
        '& dd': { overflowWrap: 'anywhere' },
      },
    },
  },
});

export type DetailListLayout = 'stacked' | 'side';

/** The stacked look, for a `<dl>` written out by hand. */
export const detailList = detailListStyle({ layout: 'stacked' });

export type DetailRow = readonly [label: string, value: ReactNode];

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** A `<dl>` of the rows, in order (public pages and the back office); `blank` stands for a missing value. */
export function DetailList({
  rows,
  blank,
  layout = 'stacked',
}: {
  rows: readonly DetailRow[];
  blank?: string;
  layout?: DetailListLayout;
}) {
  return (
    <dl className={detailListStyle({ layout })}>
      {rows.map(([label, value]) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt>{label}</dt>
          <dd>{blank !== undefined && isBlank(value) ? blank : value}</dd>
        </div>
      ))}
    </dl>
  );
}
