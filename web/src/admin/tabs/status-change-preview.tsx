import type { StatusChangePreview } from '@hs/contracts';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { Skeleton } from '../../components/ui/skeleton';
import type { ApiEnvelope } from '../../lib/api';
import { ADMIN_PATHS, failureMessage } from '../lib/admin-api';

/**
 * What a status change would do to an order's money and seats, as the server decides it (issue 45),
 * read afresh on every opening. `ready` is false while it is read (or read again): a confirmation
 * must not go ahead on an old answer.
 */
export function useStatusChangePreview(orderId: number | null, status: 'confirmed' | 'canceled') {
  const { data, error, isLoading, isValidating } = useSWR<ApiEnvelope<StatusChangePreview>>(
    orderId ? `${ADMIN_PATHS.orders}/${orderId}/status-change?status=${status}` : null,
    { revalidateOnFocus: false, revalidateOnMount: true, dedupingInterval: 0 },
  );
  const preview = data?.data;
  return { preview, error, isLoading, ready: preview !== undefined && !isValidating };
}

/** The consequence in words, its loading and its error, for a confirmation dialog's body. */
export function StatusChangeConsequence({
  what,
  preview,
  error,
  isLoading,
}: { what: string } & Pick<ReturnType<typeof useStatusChangePreview>, 'preview' | 'error' | 'isLoading'>) {
  return (
    <div aria-live="polite">
      {isLoading ? (
        <Skeleton h="12" aria-label={`Working out what ${what} does`} />
      ) : error ? (
        <p role="alert" className={css({ color: 'danger.text' })}>
          Could not work out what {what} does: {failureMessage(error)}
        </p>
      ) : preview ? (
        <p
          data-testid="status-change-consequence"
          className={css({ color: preview.allowed ? 'fg.default' : 'danger.text' })}
        >
          {preview.message}
        </p>
      ) : null}
    </div>
  );
}
