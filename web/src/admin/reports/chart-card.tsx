import type { Insights } from '@hs/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { panel } from 'styled-system/recipes';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import * as Table from '../../components/ui/table';
import { ListTable } from '../components/list-table';
import { type ChartName, chartOption, hasData, tableOf } from './options';

// The chart library loads only when a chart is drawn: the public site and the other tabs never fetch it.
const EChart = lazy(() => import('./echart'));

/** One chart with its table view (the accessible alternative) and its CSV download. */
export function ChartCard({
  name,
  title,
  data,
  onDownload,
}: {
  name: ChartName;
  title: string;
  data: Insights;
  onDownload: (name: ChartName) => void;
}) {
  const [asTable, setAsTable] = useState(false);
  const option = useMemo(() => chartOption(name, data), [name, data]);
  const table = useMemo(() => tableOf(name, data), [name, data]);
  const headingId = `report-${name}-heading`;
  const empty = !hasData(name, data);
  return (
    <section
      aria-labelledby={headingId}
      data-chart={name}
      className={cx(panel(), css({ p: { base: '3', md: '4' }, minW: '0' }))}
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: '3',
        })}
      >
        <h3 id={headingId} className={css({ textStyle: 'md', fontWeight: 'semibold' })}>
          {title}
        </h3>
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button size="sm" variant="outline" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDownload(name)}>
            Download CSV
          </Button>
        </div>
      </div>
      {empty ? (
        <p className={css({ color: 'fg.muted', py: '8', textAlign: 'center' })}>
          No data yet for this range.
        </p>
      ) : asTable ? (
        // A scrolling box: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable).
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
          tabIndex={0}
          aria-label={`${title}, table`}
          className={css({ overflowX: 'auto', maxH: '72', overflowY: 'auto' })}
        >
          <ListTable caption={title} columns={table.headers}>
            {table.rows.map((row) => (
              <Table.Row key={row.join('|')}>
                {row.map((cell, i) => (
                  <Table.Cell key={table.headers[i]}>{cell}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </ListTable>
        </section>
      ) : (
        <Suspense fallback={<Skeleton h="72" w="full" />}>
          <EChart option={option} label={`${title}. Use Show table for the figures.`} />
        </Suspense>
      )}
    </section>
  );
}
