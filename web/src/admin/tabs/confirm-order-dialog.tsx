import useSWR from 'swr';
import { css } from 'styled-system/css';
import type { AdminOrder, StatusChangePreview } from '@hs/contracts';
import { Skeleton } from '../../components/ui/skeleton';
import type { ApiEnvelope } from '../../lib/api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ADMIN_PATHS, failureMessage } from '../lib/admin-api';

type Order = Pick<AdminOrder, 'id' | 'referenceNumber' | 'firstName' | 'lastName'>;

/**
 * "Mark as Confirmed" asks first and says what it does (issue 45): the server's own decision on the
 * order's money and seats ("This order was cancelled and refunded S$452.93. Confirming it takes 1 seat
 * again (9 left) and leaves S$452.93 to pay."), or why it would be refused. Keep as is has the focus.
 */
export function ConfirmOrderDialog({
  order,
  pending,
  onOpenChange,
  onConfirm,
}: {
  order: Order | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (order: Order) => Promise<unknown>;
}) {
  const { data, error, isLoading } = useSWR<ApiEnvelope<StatusChangePreview>>(
    order ? `${ADMIN_PATHS.orders}/${order.id}/status-change?status=confirmed` : null,
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  const preview = data?.data;
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={onOpenChange}
      title={`Confirm order ${order?.referenceNumber ?? ''}?`}
      description={order ? `${order.firstName} ${order.lastName}` : ''}
      cancelLabel="Keep as is"
      confirmLabel="Confirm order"
      destructive={false}
      busy={pending}
      confirmDisabled={!preview?.allowed}
      onConfirm={() => (order ? onConfirm(order) : Promise.resolve())}
    >
      <div aria-live="polite">
        {isLoading ? (
          <Skeleton h="12" aria-label="Working out what confirming does" />
        ) : error ? (
          <p role="alert" className={css({ color: 'danger.text' })}>
            Could not work out what confirming does: {failureMessage(error)}
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
    </ConfirmDialog>
  );
}
