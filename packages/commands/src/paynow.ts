/**
 * PayNow payments (issue 48) as the api's webhook and the worker's sweeper both settle them: a payment
 * is recorded only when Stripe says the intent succeeded, once per intent (RecordPayment is keyed by
 * the intent id), on the order it was made for. Never money without seats, never seats without money:
 * an order that expired meanwhile takes its seats back if they are free (ReviveExpired, as a card
 * payment does), and one whose seats are gone, or that was cancelled, is refunded in full at once
 * and the log records the payment as given back (PaymentVoided).
 */
import type { Sql } from '@hs/db';
import { PAYNOW_METHOD, type PayNowCloseReason, type RegistrationState, outstandingCents } from '@hs/domain';
import { CommandRefusedError } from '@hs/eventstore';
import { type PayNowGateway, type PayNowIntent, PayNowStateError } from '@hs/gateways';
import { askPayNowRefund, recordPayNowRefund } from './paynow-refunds';
import { changeRegistration, existingRegistration } from './registration';

type Meta = { actor: string; requestId?: string };

/**
 * The refund key of a PayNow payment given back whole because its order could not keep it: its
 * refund is no RefundRequested of the order, so a failure of it is for staff (see recordPayNowRefund).
 */
export const GIVEN_BACK_PREFIX = 'closed-';

/** A revived order is paid in the same breath: its new hold only has to outlast that. */
const REVIVE_HOLD_SECONDS = 600;

export type PayNowSettlement = 'recorded' | 'revived' | 'already' | 'refunded' | 'not ours';

const refusal = (err: unknown) => (err instanceof CommandRefusedError ? err.code : null);
const settled = (state: RegistrationState, intentId: string) =>
  state.transactionIds.includes(intentId) || state.voidedCharges.some((v) => v.transactionId === intentId);

/**
 * Settles a succeeded PayNow intent on its order. Throws what the caller must retry later (Stripe
 * unreachable while a refund is due, a database error): nothing is recorded then, and the webhook's
 * retry or the next sweep settles it.
 */
export async function settlePayNowPayment(
  sql: Sql,
  gateway: PayNowGateway,
  intent: PayNowIntent,
  meta: Meta,
): Promise<PayNowSettlement> {
  const registrationId = intent.registrationId;
  const before = await existingRegistration(sql, registrationId);
  // Another deployment's order with the same id (staging sharing Stripe's test keys) is not this one.
  if (!before.payNowIntentIds.includes(intent.id)) return 'not ours';
  if (settled(before, intent.id)) return 'already';
  const at = () => new Date().toISOString();
  const record = () =>
    changeRegistration(
      sql,
      registrationId,
      {
        type: 'RecordPayment',
        transactionId: intent.id,
        amountCents: intent.amountCents,
        method: PAYNOW_METHOD,
        at: at(),
      },
      meta,
    );
  let closedAs: string | null = null;
  // A QR paid after the order stopped owing its amount (paid by card meanwhile, a discount): kept, it
  // would be more than the order costs, so it goes back whole and the customer pays what is owed.
  const open = before.status !== 'expired' && before.status !== 'cancelled';
  if (open && intent.amountCents > outstandingCents(before)) closedAs = 'OVERPAID';
  else {
    try {
      await record();
      return 'recorded';
    } catch (err) {
      closedAs = refusal(err);
      if (closedAs !== 'EXPIRED' && closedAs !== 'CANCELLED') throw err;
    }
  }
  if (closedAs === 'EXPIRED') {
    try {
      await changeRegistration(
        sql,
        registrationId,
        { type: 'ReviveExpired', holdSeconds: REVIVE_HOLD_SECONDS, at: at() },
        meta,
      );
      await record();
      return 'revived';
    } catch (err) {
      const code = refusal(err);
      if (code !== 'SLOT_FULL' && code !== 'SLOT_NOT_AVAILABLE' && code !== 'REDEMPTION_LIMIT_REACHED')
        throw err;
    }
  }
  try {
    await gateway.refund({
      intentId: intent.id,
      amountCents: intent.amountCents,
      refundKey: `${GIVEN_BACK_PREFIX}${intent.id}`,
      idempotencyKey: `paynow-closed:${intent.id}`,
    });
  } catch (err) {
    // Given back already (in Stripe's Dashboard, say): what is recorded below is true.
    if (!(err instanceof PayNowStateError && err.code === 'charge_already_refunded')) throw err;
  }
  await changeRegistration(
    sql,
    registrationId,
    {
      type: 'RecordPaymentVoided',
      transactionId: intent.id,
      amountCents: intent.amountCents,
      reason:
        closedAs === 'CANCELLED'
          ? 'PayNow payment for a cancelled order: refunded in full'
          : closedAs === 'OVERPAID'
            ? 'PayNow payment of more than the order owed (paid otherwise, or its balance changed): refunded in full'
            : 'PayNow payment after the hold ran out and the seats were taken: refunded in full',
      at: at(),
    },
    meta,
  );
  return 'refunded';
}

/**
 * The orders whose latest PayNow intent of the last `lookbackHours` is still open on the log (not
 * closed, paid or given back): the sweeper's candidates. The partial index of migration 034 finds the
 * openings and each check reads only the later events of its own stream, so the cost follows the
 * PayNow orders of the window, not the size of the log.
 */
export async function recentPayNowOrders(sql: Sql, lookbackHours: number): Promise<number[]> {
  const rows = await sql<{ stream_id: string }[]>`
    select distinct o.stream_id from events o
    where o.type = 'PayNowIntentOpened'
      and o.recorded_at > now() - make_interval(hours => ${lookbackHours})
      and not exists (
        select 1 from events e
        where e.stream_id = o.stream_id and e.version > o.version
          and ((e.type = 'PayNowIntentClosed' and e.data ->> 'intentId' = o.data ->> 'intentId')
            or (e.type in ('PaymentRecorded', 'PaymentVoided') and e.data ->> 'transactionId' = o.data ->> 'intentId')))`;
  return rows.map((r) => Number(r.stream_id.slice('registration-'.length))).filter(Number.isSafeInteger);
}

export interface PayNowSweep {
  settled: number;
  closed: number;
  /** PayNow refunds whose end (succeeded or failed) the sweep recorded. */
  refunds: number;
  /** Orders left for the next sweep (Stripe unreachable, a refusal): each error is in `errors`. */
  errors: { registrationId: number; message: string }[];
  /**
   * PayNow refunds pending past Stripe's idempotency window (REFUND_REASK_HOURS): asking again could
   * refund twice, so they are not asked; staff must look at them at Stripe.
   */
  stuckRefunds: { registrationId: number; refundId: string; amountCents: number }[];
}

/**
 * What the webhooks may have missed (issue 48): for each order with an open PayNow intent, asks
 * Stripe once its intent has been open `staleMs` (paid: settled as the webhook would; cancelled or
 * failed there: closed here), and cancels the intent of an order that expired or was cancelled (a
 * payment that won the race is settled instead).
 */
export async function sweepPayNowIntents(
  sql: Sql,
  gateway: PayNowGateway,
  opts: { staleMs: number; lookbackHours: number; now: Date; meta: Meta },
): Promise<PayNowSweep> {
  const result: PayNowSweep = { settled: 0, closed: 0, refunds: 0, errors: [], stuckRefunds: [] };
  const candidates = new Set([
    ...(await recentPayNowOrders(sql, opts.lookbackHours)),
    ...(await pendingPayNowRefundOrders(sql, opts.lookbackHours)),
  ]);
  for (const registrationId of candidates) {
    try {
      const outcome = await sweepOrder(sql, gateway, registrationId, opts);
      if (outcome === 'settled') result.settled++;
      if (outcome === 'closed') result.closed++;
      result.refunds += await sweepRefunds(sql, gateway, registrationId, {
        ...opts,
        stuck: result.stuckRefunds,
      });
    } catch (err) {
      result.errors.push({ registrationId, message: (err as Error).message });
    }
  }
  return result;
}

/**
 * Stripe keeps an idempotency key for 24 hours: past that, asking again under a refund's id could
 * give the money back twice, so a refund still pending after this long is left to staff.
 */
const REFUND_REASK_HOURS = 20;

/** The orders with a refund of a PayNow payment asked in the window and not ended on the log. */
export async function pendingPayNowRefundOrders(sql: Sql, lookbackHours: number): Promise<number[]> {
  const rows = await sql<{ stream_id: string }[]>`
    select distinct r.stream_id from events r
    where r.type = 'RefundRequested'
      and r.recorded_at > now() - make_interval(hours => ${lookbackHours})
      and exists (
        select 1 from events p
        where p.stream_id = r.stream_id and p.type = 'PaymentRecorded' and p.data ->> 'method' = 'paynow'
          and p.data ->> 'transactionId' = r.data ->> 'transactionId')
      and not exists (
        select 1 from events e
        where e.stream_id = r.stream_id and e.version > r.version
          and e.type in ('RefundRecorded', 'RefundFailed') and e.data ->> 'refundId' = r.data ->> 'refundId')`;
  return rows.map((r) => Number(r.stream_id.slice('registration-'.length))).filter(Number.isSafeInteger);
}

/** Asks Stripe again (same idempotency key) about each pending PayNow refund older than `staleMs`. */
async function sweepRefunds(
  sql: Sql,
  gateway: PayNowGateway,
  registrationId: number,
  opts: { staleMs: number; now: Date; meta: Meta; stuck: PayNowSweep['stuckRefunds'] },
): Promise<number> {
  const state = await existingRegistration(sql, registrationId);
  let ended = 0;
  for (const pending of state.pendingRefunds) {
    const payment = state.cardPayments.find((p) => p.transactionId === pending.transactionId);
    if (payment?.gateway !== 'paynow') continue;
    const age = opts.now.getTime() - Date.parse(pending.at);
    // Past Stripe's idempotency window asking again could make a second refund: staff look at it.
    if (age > REFUND_REASK_HOURS * 3_600_000) {
      opts.stuck.push({ registrationId, refundId: pending.refundId, amountCents: pending.amountCents });
      continue;
    }
    if (age < opts.staleMs) continue;
    const asked = await askPayNowRefund(gateway, pending);
    const refund = asked.status === 'pending' ? ((await gateway.retrieveRefund(asked.id)) ?? asked) : asked;
    const outcome = await recordPayNowRefund(sql, registrationId, refund, opts.meta);
    if (outcome === 'succeeded' || outcome === 'failed') ended++;
  }
  return ended;
}

async function sweepOrder(
  sql: Sql,
  gateway: PayNowGateway,
  registrationId: number,
  opts: { staleMs: number; now: Date; meta: Meta },
): Promise<'settled' | 'closed' | null> {
  const state = await existingRegistration(sql, registrationId);
  const open = state.payNowIntent;
  if (!open) return null;
  const close = async (reason: PayNowCloseReason) => {
    await changeRegistration(
      sql,
      registrationId,
      { type: 'ClosePayNowIntent', intentId: open.intentId, reason, at: opts.now.toISOString() },
      opts.meta,
    );
    return 'closed' as const;
  };
  const settle = async (intent: PayNowIntent) => {
    await settlePayNowPayment(sql, gateway, { ...intent, registrationId }, opts.meta);
    return 'settled' as const;
  };
  if (state.status === 'expired' || state.status === 'cancelled') {
    try {
      await gateway.cancelIntent(open.intentId);
    } catch (err) {
      if (err instanceof PayNowStateError && err.intent?.status === 'succeeded') return settle(err.intent);
      if (!(err instanceof PayNowStateError && err.code === 'resource_missing')) throw err;
    }
    return close(state.status);
  }
  const due = outstandingCents(state);
  if (due !== open.amountCents) {
    // Paid another way, or the balance changed: this QR must not be paid any more.
    try {
      await gateway.cancelIntent(open.intentId);
    } catch (err) {
      if (err instanceof PayNowStateError && err.intent?.status === 'succeeded') return settle(err.intent);
      if (!(err instanceof PayNowStateError && err.code === 'resource_missing')) throw err;
    }
    return close(due === 0 ? 'cancelled' : 'replaced');
  }
  if (opts.now.getTime() - Date.parse(open.openedAt) < opts.staleMs) return null;
  const intent = await gateway.retrieveIntent(open.intentId);
  if (!intent) return close('failed');
  if (intent.status === 'succeeded') return settle(intent);
  if (intent.status === 'canceled') return close('cancelled');
  if (intent.status === 'requires_payment_method') return close('failed');
  return null;
}
