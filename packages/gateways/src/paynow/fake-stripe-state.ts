/**
 * What the fake Stripe server knows: PaymentIntents (PayNow only), their charges and refunds, as
 * Stripe's JSON objects, and the transitions Stripe makes on them. Refusals throw FakeStripeFailure
 * with Stripe's status and error body. Each change that Stripe reports by webhook emits its event
 * (the fake's endpoint is subscribed to payment_intent.succeeded, .payment_failed, .canceled,
 * refund.updated and charge.refund.updated).
 */
import { randomBytes } from 'node:crypto';
import { payNowPayload } from './emvco';
import {
  type FakeCharge,
  type FakeStripeIntent,
  type FakeStripeRefund,
  invalid,
  metadataOf,
  missing,
  newId,
  nowSeconds,
  listOf,
  positiveInteger,
} from './fake-stripe-objects';
import type { FakeWebhookSender } from './fake-stripe-webhooks';
import { PAYNOW_METADATA } from './stripe-paynow';

export function createFakeStripeState(opts: {
  uen: string;
  merchantName: string;
  /** The server's own base URL, for the QR image links. */
  baseUrl: () => string;
  webhooks: FakeWebhookSender;
  /** How long a refund stays pending before it settles. */
  refundSettleMs: number;
}) {
  const intents = new Map<string, FakeStripeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeStripeRefund>();
  const timers = new Set<NodeJS.Timeout>();
  let nextRefundFailure: string | null = null;

  const intentOf = (id: string) => {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  };

  /** The QR a banking app scans: our UEN, the amount, the reference from the metadata, payable today and tomorrow. */
  const showQr = (pi: FakeStripeIntent) => {
    const fromMetadata = (pi.metadata[PAYNOW_METADATA.reference] ?? '').replace(/[^\x20-\x7e]/g, '').trim();
    const data = payNowPayload({
      uen: opts.uen,
      merchantName: opts.merchantName,
      amountCents: pi.amount,
      reference: (fromMetadata || pi.id).slice(0, 25),
      expiresOn: new Date(Date.now() + 24 * 3600_000),
    });
    const base = `${opts.baseUrl()}/__fake/qr/${pi.id}`;
    pi.status = 'requires_action';
    pi.next_action = {
      type: 'paynow_display_qr_code',
      paynow_display_qr_code: {
        data,
        image_url_png: `${base}.png`,
        image_url_svg: `${base}.svg`,
        hosted_instructions_url: base,
      },
    };
  };

  const settleRefund = (refund: FakeStripeRefund, failureReason: string | null) => {
    if (refund.status !== 'pending') return;
    if (failureReason) {
      refund.status = 'failed';
      refund.failure_reason = failureReason;
      // A failed refund gives the amount back to what may be refunded.
      const charge = charges.get(refund.charge);
      if (charge) charge.amountRefunded -= refund.amount;
    } else {
      refund.status = 'succeeded';
    }
    opts.webhooks.emit('refund.updated', refund);
    opts.webhooks.emit('charge.refund.updated', refund);
  };

  return {
    /** POST /v1/payment_intents */
    createIntent(params: URLSearchParams): FakeStripeIntent {
      const amount = positiveInteger(params, 'amount');
      const currency = (params.get('currency') ?? '').toLowerCase();
      if (!currency) throw invalid('Missing required param: currency.', 'parameter_missing', 'currency');
      // allowed_payment_method_types since API version 2026-09-30 (stripe-node 23), payment_method_types before.
      const allowed = listOf(params, 'allowed_payment_method_types');
      const types = allowed.length > 0 ? allowed : listOf(params, 'payment_method_types');
      if (types.length !== 1 || types[0] !== 'paynow') {
        throw invalid(
          'This fake Stripe answers PayNow only: allowed_payment_method_types (or payment_method_types) must be [paynow].',
          'payment_intent_invalid_parameter',
          'allowed_payment_method_types',
        );
      }
      if (currency !== 'sgd') {
        throw invalid(
          `The currency provided (${currency}) is invalid. Payments with paynow support the following currencies: sgd.`,
          'payment_intent_invalid_parameter',
          'currency',
        );
      }
      const withMethod = params.get('payment_method_data[type]') === 'paynow';
      const pi: FakeStripeIntent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: withMethod ? 'requires_confirmation' : 'requires_payment_method',
        created: nowSeconds(),
        livemode: false,
        client_secret: '',
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        description: params.get('description'),
        metadata: metadataOf(params),
        payment_method: withMethod ? newId('pm') : null,
        allowed_payment_method_types: types,
        payment_method_types: types,
        next_action: null,
        latest_charge: null,
        canceled_at: null,
        cancellation_reason: null,
        last_payment_error: null,
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      if (params.get('confirm') === 'true') {
        if (!withMethod) {
          throw invalid(
            'You cannot confirm this PaymentIntent because it is missing a payment method: pass payment_method_data[type]=paynow.',
            'payment_intent_unexpected_state',
            'payment_method_data',
          );
        }
        showQr(pi);
      }
      intents.set(pi.id, pi);
      return pi;
    },

    /** GET /v1/payment_intents/:id */
    getIntent: (id: string): FakeStripeIntent => intentOf(id),

    /** POST /v1/payment_intents/:id/cancel */
    cancelIntent(id: string, params: URLSearchParams): FakeStripeIntent {
      const pi = intentOf(id);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'canceled';
      pi.next_action = null;
      pi.canceled_at = nowSeconds();
      pi.cancellation_reason = params.get('cancellation_reason') ?? 'requested_by_customer';
      opts.webhooks.emit('payment_intent.canceled', pi);
      return pi;
    },

    /** The customer scanned the QR and paid: succeeded, with a charge. */
    pay(id: string): FakeStripeIntent {
      const pi = intentOf(id);
      if (pi.status !== 'requires_action') {
        throw invalid(
          `This PaymentIntent's QR cannot be paid: it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      const charge: FakeCharge = {
        id: newId('ch'),
        amount: pi.amount,
        paymentIntent: pi.id,
        amountRefunded: 0,
      };
      charges.set(charge.id, charge);
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.latest_charge = charge.id;
      pi.next_action = null;
      opts.webhooks.emit('payment_intent.succeeded', pi);
      return pi;
    },

    /** The payment attempt failed: the intent needs a new payment method (a new QR), as Stripe leaves it. */
    fail(id: string, message = 'The PayNow payment failed.'): FakeStripeIntent {
      const pi = intentOf(id);
      if (pi.status !== 'requires_action') {
        throw invalid(
          `This PaymentIntent's payment cannot fail: it has a status of ${pi.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.payment_method = null;
      pi.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_payment_attempt_failed',
        message,
      };
      opts.webhooks.emit('payment_intent.payment_failed', pi);
      return pi;
    },

    /** POST /v1/refunds: pending now, settled after refundSettleMs. Never more than the charge in total. */
    createRefund(params: URLSearchParams): FakeStripeRefund {
      const intentId = params.get('payment_intent');
      const chargeId = params.get('charge');
      let charge: FakeCharge | undefined;
      if (intentId) {
        const pi = intentOf(intentId);
        charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
        if (!charge || pi.status !== 'succeeded') {
          throw invalid(
            `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
            'charge_not_refundable',
            'payment_intent',
          );
        }
      } else if (chargeId) {
        charge = charges.get(chargeId);
        if (!charge) throw missing('charge', chargeId, 'charge');
      } else {
        throw invalid(
          'One of the following params should be provided for this request: payment_intent or charge.',
          'parameter_missing',
        );
      }
      const left = charge.amount - charge.amountRefunded;
      if (left <= 0)
        throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
      const amount = params.has('amount') ? positiveInteger(params, 'amount') : left;
      if (amount > left) {
        throw invalid(
          `Refund amount (S$${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (S$${(left / 100).toFixed(2)})`,
          'amount_too_large',
          'amount',
        );
      }
      const refund: FakeStripeRefund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: 'sgd',
        charge: charge.id,
        payment_intent: charge.paymentIntent,
        status: 'pending',
        metadata: metadataOf(params),
        reason: params.get('reason'),
        created: nowSeconds(),
        balance_transaction: null,
      };
      refunds.set(refund.id, refund);
      charge.amountRefunded += amount;
      const failureReason = nextRefundFailure;
      nextRefundFailure = null;
      const timer = setTimeout(() => {
        timers.delete(timer);
        settleRefund(refund, failureReason);
      }, opts.refundSettleMs);
      timers.add(timer);
      return refund;
    },

    /** GET /v1/refunds/:id */
    getRefund(id: string): FakeStripeRefund {
      const refund = refunds.get(id);
      if (!refund) throw missing('refund', id, 'refund');
      return refund;
    },

    /** The next refund asked for fails when it settles, with this failure_reason. */
    failNextRefund(reason = 'declined') {
      nextRefundFailure = reason;
    },

    intents: () => [...intents.values()].map((pi) => structuredClone(pi)),
    refunds: () => [...refunds.values()].map((r) => structuredClone(r)),

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type FakeStripeState = ReturnType<typeof createFakeStripeState>;
