/**
 * A refund through the card gateway, in two steps on the order's stream (issue 21): RequestRefund
 * reserves the amount first, so refunds racing on one order can never give back more than was paid;
 * then the gateway is asked, and its answer is recorded (RecordRefund) or the reservation released
 * (RecordRefundFailed). The same refund id asked again, concurrently or after a restart, finds its
 * request already on the stream, waits for its outcome and answers that.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Sql } from '@hs/db';
import { type RefundOutcome, type RegistrationState, refundOutcome, toMoneyString } from '@hs/domain';
import { askPayNowRefund, recordPayNowRefund } from '@hs/commands';
import {
  type PayNowGateway,
  PayNowGatewayError,
  PayNowStateError,
  PaymentGatewayError,
  type PaymentGateway,
  type RefundResult,
} from '@hs/gateways';
import { HttpError, conflict } from '../errors';
import { changeRegistration, existingRegistration } from './change';

export const REFUND_MESSAGES = {
  gatewayFailed: 'The payment gateway did not accept the refund. Nothing was refunded.',
  unreachable: 'The payment gateway could not be reached.',
  inProgress: 'This refund is still being processed. Please try again shortly.',
} as const;

/** How long a twin request waits for the first one's outcome before answering that it is in progress. */
const OUTCOME_WAIT_MS = 15_000;
const OUTCOME_POLL_MS = 50;
/** How long a PayNow refund's answer waits for Stripe's webhook before it answers pending. */
const PAYNOW_WAIT_MS = 3_000;

/**
 * The refund id of an Idempotency-Key on an order (the same key on another order is another refund);
 * without a key, every request is a refund of its own.
 */
export function refundIdFor(registrationId: number, idempotencyKey: string | undefined): string {
  if (!idempotencyKey) return randomUUID();
  return createHash('sha256').update(`refund:${registrationId}:${idempotencyKey}`).digest('hex').slice(0, 32);
}

export interface RefundAnswer {
  id: string;
  amount: string;
  /** pending: a PayNow refund Stripe accepted that ends later (its webhook or the sweeper records it). */
  status: 'succeeded' | 'pending';
  transactionId: string;
}

export interface RefundOrder {
  refundId: string;
  /** Absent: everything card-paid that is neither refunded nor being refunded. */
  amountCents?: number;
  reason: string;
}

/** The gateways a refund goes back through: the card one the payment switch selects, and PayNow's. */
export interface RefundGateways {
  card: () => Promise<PaymentGateway>;
  payNow: PayNowGateway | null;
}

/**
 * Refunds an order through the gateway that took the payment (called only by the request that
 * reserved the amount) and answers the refund, or throws what to answer: 409 the decider's refusal
 * or the gateway's, 502 when the gateway did not answer. Nothing is recorded as refunded that the
 * gateway did not accept. A PayNow refund ends later (issue 48): its webhook or the sweeper records
 * it, and the answer waits for that as a twin request does.
 */
export async function refundOrder(
  sql: Sql,
  gateways: RefundGateways,
  registrationId: number,
  order: RefundOrder,
  meta: { actor: string; requestId?: string },
): Promise<RefundAnswer> {
  const { refundId } = order;
  const requested = await changeRegistration(
    sql,
    registrationId,
    { type: 'RequestRefund', ...order, at: new Date().toISOString() },
    meta,
  );
  const request = requested.events.find((e) => e.type === 'RefundRequested');
  if (!request) return answerOf(await awaitOutcome(sql, registrationId, refundId));

  const { transactionId, amountCents } = request.data;
  const paidBy = requested.state.cardPayments.find((p) => p.transactionId === transactionId)?.gateway;
  if (paidBy === 'paynow') {
    await refundPayNow(sql, gateways.payNow, registrationId, request.data, meta);
    const outcome = await awaitOutcome(sql, registrationId, refundId, PAYNOW_WAIT_MS);
    // Accepted by Stripe and not ended yet (PayNow refunds end later): answered as pending.
    if (outcome?.status === 'pending') {
      return { id: refundId, amount: toMoneyString(amountCents), status: 'pending', transactionId: '' };
    }
    return answerOf(outcome);
  }
  let result: RefundResult | null = null;
  let unreachable: string = REFUND_MESSAGES.unreachable;
  try {
    result = await (await gateways.card()).refund({ transactionId, amountCents, idempotencyKey: refundId });
  } catch (err) {
    // the outcome is unknown: nothing is recorded as refunded
    if (err instanceof PaymentGatewayError) unreachable = err.message;
  }
  const at = new Date().toISOString();
  const { state } = await changeRegistration(
    sql,
    registrationId,
    result?.ok
      ? {
          type: 'RecordRefund',
          refundId,
          amountCents: result.amountCents,
          kind: result.kind,
          gatewayTransactionId: result.refundTransactionId,
          reason: order.reason,
          at,
        }
      : result
        ? { type: 'RecordRefundFailed', refundId, failure: 'refused', reason: result.message, at }
        : { type: 'RecordRefundFailed', refundId, failure: 'unavailable', reason: unreachable, at },
    meta,
  );
  return answerOf(refundOutcome(state, refundId));
}

/**
 * Asks Stripe for a PayNow refund: an immediate end is recorded here, a pending one by its webhook or
 * the sweeper. A refusal frees the reservation; no answer leaves it pending for the sweeper to ask
 * again under the same idempotency key (the refund may have been made).
 */
async function refundPayNow(
  sql: Sql,
  payNow: PayNowGateway | null,
  registrationId: number,
  request: { refundId: string; transactionId: string; amountCents: number },
  meta: { actor: string; requestId?: string },
): Promise<void> {
  const failed = (reason: string) =>
    changeRegistration(
      sql,
      registrationId,
      {
        type: 'RecordRefundFailed',
        refundId: request.refundId,
        failure: 'refused',
        reason,
        at: new Date().toISOString(),
      },
      meta,
    );
  if (!payNow) {
    await failed('PayNow is not set up on this server, so the payment cannot be given back through it.');
    return;
  }
  try {
    await recordPayNowRefund(sql, registrationId, await askPayNowRefund(payNow, request), meta);
  } catch (err) {
    if (err instanceof PayNowStateError) await failed(err.message);
    else if (!(err instanceof PayNowGatewayError)) throw err;
  }
}

/** The outcome of a refund another request asked for, once the gateway answered it. */
async function awaitOutcome(sql: Sql, registrationId: number, refundId: string, waitMs = OUTCOME_WAIT_MS) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const state: RegistrationState = await existingRegistration(sql, registrationId);
    const outcome = refundOutcome(state, refundId);
    if (outcome?.status !== 'pending' || Date.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
  }
}

function answerOf(outcome: RefundOutcome | null): RefundAnswer {
  switch (outcome?.status) {
    case 'succeeded':
      return {
        id: outcome.refund.refundId,
        amount: toMoneyString(outcome.refund.amountCents),
        status: 'succeeded',
        transactionId: outcome.refund.gatewayTransactionId,
      };
    case 'failed':
      if (outcome.failure.failure === 'refused') {
        throw conflict(`${outcome.failure.reason} Nothing was refunded.`);
      }
      throw new HttpError(502, REFUND_MESSAGES.gatewayFailed);
    default:
      // asked, and not answered within the wait (or the asking request died)
      throw conflict(REFUND_MESSAGES.inProgress);
  }
}
