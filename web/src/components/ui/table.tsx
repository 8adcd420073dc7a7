import { ark } from '@ark-ui/react/factory';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { table } from 'styled-system/recipes';

/**
 * A plain, horizontally scrolling data table styled by the `table` slot recipe.
 *
 *   <Table.Root caption="Events"><Table.Head><Table.Row><Table.Header>Name</Table.Header>…
 */
const { withProvider, withContext } = createStyleContext(table);

const Scroll = withProvider(ark.div, 'scroll');
const TableEl = withContext(ark.table, 'root');
export const Head = withContext(ark.thead, 'head');
export const Body = withContext(ark.tbody, 'body');
export const Row = withContext(ark.tr, 'row');
export const Header = withContext(ark.th, 'header');
export const Cell = withContext(ark.td, 'cell');
const Caption = withContext(ark.caption, 'caption');

/**
 * Whether the element scrolls sideways now (a wide table on a phone). Only then is the scroll box a
 * tab stop, so keyboard users can reach the columns off-screen (axe: scrollable-region-focusable)
 * without a needless stop before every table that fits.
 */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

export function Root({
  caption,
  children,
  ...props
}: ComponentProps<typeof TableEl> & { caption?: string; children: ReactNode }) {
  const { ref, overflows } = useOverflows<HTMLDivElement>();
  const label = caption ?? (props as { 'aria-label'?: string })['aria-label'];
  return (
    <Scroll
      ref={ref}
      {...(overflows
        ? {
            tabIndex: 0,
            role: 'region',
            'aria-label': label ? `${label} (scrolls sideways)` : 'Table (scrolls sideways)',
          }
        : {})}
    >
      <TableEl {...props}>
        {caption ? <Caption>{caption}</Caption> : null}
        {children}
      </TableEl>
    </Scroll>
  );
}
