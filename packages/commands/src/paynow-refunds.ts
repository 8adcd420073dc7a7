/**
 * Refunds of PayNow payments (issue 48). PayNow refunds are asynchronous at Stripe: a refund is asked
 * (RefundRequested reserved its amount first, as for cards), starts pending, and ends succeeded or
 * failed some time later, which Stripe's `refund.updated` webhook or the sweeper tells. Each asking
 * uses the refund id as Stripe's idempotency key, so asking again (a retry after no answer, the
 * sweeper) finds the same refund rather than giving money back twice.
 */
import type { Sql } from '@hs/db';
import type { PayNowGateway, PayNowRefund } from '@hs/gateways';
import { changeRegistration, existingRegistration } from './registration';

type Meta = { actor: string; requestId?: string };

/** Asks Stripe for a requested refund (or finds the one asked before under its id). */
export function askPayNowRefund(
  gateway: PayNowGateway,
  request: { refundId: string; transactionId: string; amountCents: number },
): Promise<PayNowRefund> {
  return gateway.refund({
    intentId: request.transactionId,
    amountCents: request.amountCents,
    refundKey: request.refundId,
    idempotencyKey: `paynow-refund:${request.refundId}`,
  });
}

/**
 * Records how a PayNow refund ended (succeeded: RefundRecorded; failed or cancelled: RefundFailed,
 * its reservation freed); a pending one records nothing yet, and neither does a refund this order
 * did not ask for or has ended already (the refund of a payment for a closed order, one made in
 * Stripe's Dashboard, a webhook delivered again).
 */
export async function recordPayNowRefund(
  sql: Sql,
  registrationId: number,
  refund: PayNowRefund,
  meta: Meta,
): Promise<'succeeded' | 'failed' | 'pending' | 'not ours'> {
  if (refund.status === 'pending') return 'pending';
  const state = await existingRegistration(sql, registrationId);
  const asked = state.pendingRefunds.find((r) => r.refundId === refund.refundKey);
  // Another deployment's refund with the same key (same Stripe account) is for another payment.
  if (!asked || asked.transactionId !== refund.intentId) return 'not ours';
  const at = new Date().toISOString();
  if (refund.status === 'succeeded') {
    await changeRegistration(
      sql,
      registrationId,
      (order) => ({
        type: 'RecordRefund',
        refundId: refund.refundKey,
        amountCents: refund.amountCents,
        kind: 'refund',
        gatewayTransactionId: refund.id,
        reason: order.pendingRefunds.find((r) => r.refundId === refund.refundKey)?.reason ?? 'PayNow refund',
        at,
      }),
      meta,
    );
    return 'succeeded';
  }
  await changeRegistration(
    sql,
    registrationId,
    {
      type: 'RecordRefundFailed',
      refundId: refund.refundKey,
      failure: 'refused',
      reason: `The PayNow refund did not go through (${refund.failureReason ?? refund.status}).`,
      at,
    },
    meta,
  );
  return 'failed';
}
