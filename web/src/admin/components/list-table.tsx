import type { ReactNode } from 'react';
import * as Table from '../../components/ui/table';

/**
 * A list's table: its caption, one header row of column names (with `actions`, a last, right-aligned
 * "Actions" column) and the rows given as children.
 */
export function ListTable({
  caption,
  columns,
  actions = false,
  children,
}: {
  caption: string;
  columns: string[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.Root caption={caption}>
      <Table.Head>
        <Table.Row>
          {columns.map((c) => (
            <Table.Header key={c} scope="col">
              {c}
            </Table.Header>
          ))}
          {actions ? (
            <Table.Header scope="col" textAlign="right">
              Actions
            </Table.Header>
          ) : null}
        </Table.Row>
      </Table.Head>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  );
}
