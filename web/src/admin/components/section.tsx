import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Stack } from 'styled-system/jsx';
import { Skeleton } from '../../components/ui/skeleton';
import * as Table from '../../components/ui/table';
import { failureMessage } from '../lib/admin-api';
import { ListTable } from './list-table';
import { Notice } from '../../components/notice';

/** A tab's heading row: title, short description and its main action. */
export function SectionHeader({
  title,
  id,
  description,
  action,
}: {
  title: string;
  id?: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', sm: 'row' },
        alignItems: { base: 'stretch', sm: 'center' },
        justifyContent: 'space-between',
        gap: '3',
        mb: '4',
      })}
    >
      <div>
        <h2 id={id} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {title}
        </h2>
        {description ? <p className={css({ color: 'fg.muted', textStyle: 'sm' })}>{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A page's section headed by a SectionHeader, the section labelled by its heading. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} title={title} description={description} />
      {children}
    </section>
  );
}

/**
 * ListState's loading and error of a list that refreshes (SWR polling, kept previous data): only the
 * first load shows loading, and a failed refresh leaves the rows on screen.
 */
export function refreshingListState({
  data,
  error,
  isLoading,
}: {
  data: unknown;
  error: unknown;
  isLoading: boolean;
}) {
  return { isLoading: isLoading && !data, error: data ? null : error };
}

/** Loading rows, the load error, the empty text, or the table. */
export function ListState({
  isLoading,
  error,
  isEmpty,
  empty,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <Stack gap="2" aria-busy="true" aria-label="Loading">
        <Skeleton h="10" />
        <Skeleton h="10" />
        <Skeleton h="10" />
      </Stack>
    );
  }
  if (error) {
    return (
      <Notice tone="danger">
        <span>{failureMessage(error)}</span>
      </Notice>
    );
  }
  if (isEmpty) return <EmptyState>{empty}</EmptyState>;
  return <>{children}</>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p
      className={css({
        textAlign: 'center',
        color: 'fg.muted',
        py: '10',
        px: '4',
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'border.emphasized',
        borderRadius: 'l3',
        bg: 'bg.default',
      })}
    >
      {children}
    </p>
  );
}

/** A table whose body is one row spanning every column with the empty text. */
export function EmptyTable({
  caption,
  headers,
  empty,
}: {
  caption: string;
  headers: string[];
  empty: string;
}) {
  return (
    <ListTable caption={caption} columns={headers}>
      <Table.Row>
        <Table.Cell colSpan={headers.length} textAlign="center" color="fg.muted" py="10">
          {empty}
        </Table.Cell>
      </Table.Row>
    </ListTable>
  );
}

export const srOnly = css({ srOnly: true });
