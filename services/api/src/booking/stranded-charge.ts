import type { Sql } from '@hs/db';
import { PaymentGatewayError, type PaymentGateway } from '@hs/gateways';
import { changeRegistration } from '@hs/commands';
import type { FastifyBaseLogger } from 'fastify';

/** What the customer is told when their accepted charge met a closed order and was voided. */
export const STRANDED_CHARGE_MESSAGES = {
  EXPIRED:
    'This reservation expired while your payment was being processed. The charge was voided; nothing was charged.',
  CANCELLED:
    'This registration was cancelled while your payment was being processed. The charge was voided; nothing was charged.',
} as const;

/**
 * A charge the gateway accepted for an order that expired or was cancelled in the same instant (its
 * RecordPayment was refused): the money is given back at once, a void while unsettled (a refund if
 * settlement began), and the log records it (PaymentVoided) so the charge is never counted as paid.
 * Returns false when the gateway would not give it back; the caller answers with an error and the
 * log line is for staff.
 */
export async function voidStrandedCharge(
  sql: Sql,
  gateway: PaymentGateway,
  log: FastifyBaseLogger,
  registrationId: number,
  charge: { transactionId: string; amountCents: number; reason: keyof typeof STRANDED_CHARGE_MESSAGES },
  meta: { actor: string; requestId?: string },
): Promise<boolean> {
  let given: Awaited<ReturnType<PaymentGateway['void']>>;
  try {
    given = await gateway.void(charge.transactionId);
    if (!given.ok) {
      given = await gateway.refund({
        transactionId: charge.transactionId,
        amountCents: charge.amountCents,
        idempotencyKey: `stranded:${charge.transactionId}`,
      });
    }
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    given = { ok: false, message: err.message };
  }
  if (!given.ok) {
    log.error(
      { registrationId, transactionId: charge.transactionId, reason: given.message },
      'a charge for a closed order could not be given back; refund it by hand',
    );
    return false;
  }
  await changeRegistration(
    sql,
    registrationId,
    {
      type: 'RecordPaymentVoided',
      transactionId: charge.transactionId,
      amountCents: charge.amountCents,
      reason: charge.reason === 'EXPIRED' ? 'order expired during payment' : 'order cancelled during payment',
      at: new Date().toISOString(),
    },
    meta,
  );
  return true;
}
