import { useRef, useState } from 'react';
import type { AdminOrder } from '@hs/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../components/confirm-dialog';
import { StatusChangeConsequence, useStatusChangePreview } from './status-change-preview';
import { failureMessage, toastError, toastSuccess } from '../lib/admin-api';
import { postRefund, REFUND_MESSAGES, refundableCents } from '../lib/refunds';
import { formatPrice } from './packages-tab';
import { formatSGD } from '@hs/domain';

/**
 * Cancelling frees the order's seats, so it asks first. A card-paid order offers its refund here too
 * ('Refund S$X to the card', on unless unticked), made once the cancel has succeeded.
 */
export function CancelOrderDialog({
  order,
  onOpenChange,
  onConfirm,
}: {
  order: AdminOrder | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when the order was cancelled (the caller toasts either way). */
  onConfirm: (order: AdminOrder) => Promise<boolean>;
}) {
  // unticked for this order; a new opening starts ticked again
  const [noRefundFor, setNoRefundFor] = useState<AdminOrder | null>(null);
  const shown = useRef<{ order: AdminOrder; idempotencyKey: string } | null>(null);
  if (order && shown.current?.order !== order) shown.current = { order, idempotencyKey: crypto.randomUUID() };
  const o = shown.current?.order ?? null;
  const refundable = o ? refundableCents(o) : 0;
  const refund = refundable > 0 && noRefundFor !== o;
  const consequence = useStatusChangePreview(o?.id ?? null, 'canceled');

  const refundAfterCancel = async (cancelled: AdminOrder, key: string) => {
    try {
      const done = await postRefund(
        cancelled.id,
        { amountCents: refundable, reason: REFUND_MESSAGES.cancelReason },
        key,
      );
      toastSuccess(REFUND_MESSAGES.succeeded, `${formatPrice(done.amount)} refunded to the card.`);
    } catch (error) {
      toastError(
        `The order was cancelled but the refund failed: ${failureMessage(error)} Use Refund in the order's details to try again.`,
      );
    }
  };

  const confirm = async () => {
    if (!order || !shown.current) return;
    const key = shown.current.idempotencyKey;
    const cancelled = await onConfirm(order);
    if (cancelled && refund) await refundAfterCancel(order, key);
  };
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={onOpenChange}
      title="Cancel Order"
      description={
        o
          ? `Cancel order ${o.referenceNumber} for ${o.firstName} ${o.lastName}? Its seats are released for other bookings.`
          : ''
      }
      cancelLabel="Keep Order"
      confirmLabel="Cancel Order"
      confirmDisabled={!consequence.ready || !consequence.preview?.allowed}
      onConfirm={confirm}
    >
      {(pending: boolean) => (
        <>
          <StatusChangeConsequence what="cancelling" {...consequence} />
          {refundable > 0 ? (
            <Checkbox
              checked={refund}
              disabled={pending}
              onCheckedChange={(e) => setNoRefundFor(e.checked === true ? null : o)}
            >
              {`Refund ${formatSGD(refundable)} to the card`}
            </Checkbox>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
