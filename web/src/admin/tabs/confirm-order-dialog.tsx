import type { AdminOrder } from '@hs/contracts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StatusChangeConsequence, useStatusChangePreview } from './status-change-preview';

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
  const { preview, error, isLoading, ready } = useStatusChangePreview(order?.id ?? null, 'confirmed');
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
      confirmDisabled={!ready || !preview?.allowed}
      onConfirm={() => (order ? onConfirm(order) : Promise.resolve())}
    >
      <StatusChangeConsequence what="confirming" preview={preview} error={error} isLoading={isLoading} />
    </ConfirmDialog>
  );
}
