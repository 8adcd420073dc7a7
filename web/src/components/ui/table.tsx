import { ark } from '@ark-ui/react/factory';
import type { ComponentProps, ReactNode } from 'react';
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

export function Root({
  caption,
  children,
  ...props
}: ComponentProps<typeof TableEl> & { caption?: string; children: ReactNode }) {
  return (
    <Scroll>
      <TableEl {...props}>
        {caption ? <Caption>{caption}</Caption> : null}
        {children}
      </TableEl>
    </Scroll>
  );
}
