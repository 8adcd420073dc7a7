import type { Dispatch, SetStateAction } from 'react';
import { css } from 'styled-system/css';
import { HStack } from 'styled-system/jsx';
import { Button } from '../../components/ui/button';

/** Under a paged list: "{total} {noun} · Page {page} of {pages}" and Previous / Next. */
export function Pager({
  total,
  noun,
  page,
  pages,
  setPage,
  announce = false,
}: {
  total: number;
  /** The thing counted, singular and plural: ['order', 'orders']. */
  noun: [string, string];
  page: number;
  pages: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** Read the count out when it changes (aria-live). */
  announce?: boolean;
}) {
  return (
    <HStack justify="space-between" mt="3" flexWrap="wrap" gap="2">
      <p className={css({ color: 'fg.muted', textStyle: 'sm' })} aria-live={announce ? 'polite' : undefined}>
        {total} {total === 1 ? noun[0] : noun[1]} · Page {page} of {pages}
      </p>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </HStack>
    </HStack>
  );
}
