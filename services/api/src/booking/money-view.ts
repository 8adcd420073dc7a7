import { toMoneyString } from '@hs/domain';
import type { OrderRow } from '@hs/read-models';

/**
 * What an order answer says of the money after the booking (issue 21), the same in the public lookup
 * and the admin's answers: the refunds (every recorded one succeeded: a refund the gateway refused is
 * never recorded), the payment hold while it runs, and whether a late cancellation awaits review.
 */
export function orderMoneyView(o: OrderRow) {
  return {
    refundedAmount: toMoneyString(o.refundedCents),
    holdUntil: o.holdUntil?.toISOString() ?? null,
    refunds: o.refunds.map((r) => ({
      id: r.id,
      amount: toMoneyString(r.amountCents),
      kind: r.kind,
      status: 'succeeded' as const,
      transactionId: r.gatewayTransactionId,
      reason: r.reason,
      createdAt: r.at,
    })),
    refundReview: o.refundReview,
  };
}
