/**
 * The real PayNow adapter on the official `stripe` SDK: SGD PaymentIntents allowing only 'paynow'
 * (allowed_payment_method_types; payment_method_types before API version 2026-09-30), confirmed server-side (Stripe answers the QR in next_action.paynow_display_qr_code),
 * cancels, refunds (asynchronous for PayNow), and webhooks verified with stripe.webhooks.constructEvent.
 * Tests point the SDK at the local fake (fake-stripe-server.ts) through host, port and protocol.
 */
import Stripe from 'stripe';
import { PaymentNotConfiguredError } from '../payments/types';
import {
  PAYNOW_MESSAGES,
  PayNowGatewayError,
  type PayNowGateway,
  type PayNowIntent,
  type PayNowIntentStatus,
  type PayNowRefund,
  type PayNowRefundStatus,
  PayNowSignatureError,
  PayNowStateError,
  type PayNowWebhook,
} from './types';

export interface StripePayNowOptions {
  /** STRIPE_SECRET_KEY ('sk_test_...' / 'sk_live_...'). Blank: every call rejects with PaymentNotConfiguredError. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET ('whsec_...'). Blank: parseWebhook throws PaymentNotConfiguredError. */
  webhookSecret: string;
  /** Tests and the demo: the local fake Stripe server, e.g. '127.0.0.1', 12111, 'http'. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per request, each of the SDK's up to 3 attempts (default 20 s; the SDK's own default is 80 s). */
  timeoutMs?: number;
}

/** Where our ids live in Stripe's metadata. */
export const PAYNOW_METADATA = {
  registrationId: 'registration_id',
  reference: 'reference',
  refundKey: 'refund_id',
} as const;

/** How old a webhook's signature may be, in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * The SDK's host, port and protocol for a base URL such as the fake's 'http://127.0.0.1:12111'
 * (STRIPE_API_URL): `createStripePayNow({ secretKey, webhookSecret, ...stripeEndpoint(url) })`.
 */
export function stripeEndpoint(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** 'live' for a live secret or restricted key, else 'test'. */
export function stripeKeyMode(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey.trim()) ? 'live' : 'test';
}

const INTENT_STATUSES: readonly PayNowIntentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
];

/** Stripe's statuses to ours; those PayNow never takes (manual capture, unconfirmed) fold into the nearest. */
function intentStatus(status: Stripe.PaymentIntent.Status): PayNowIntentStatus {
  if ((INTENT_STATUSES as readonly string[]).includes(status)) return status as PayNowIntentStatus;
  return status === 'requires_capture' ? 'processing' : 'requires_payment_method';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Maps Stripe's PaymentIntent to ours. */
export function mapStripeIntent(pi: Stripe.PaymentIntent): PayNowIntent {
  const status = intentStatus(pi.status);
  const registrationId = Number(pi.metadata?.[PAYNOW_METADATA.registrationId]);
  const chargeId = idOf(pi.latest_charge);
  return {
    id: pi.id,
    amountCents: pi.amount,
    status,
    qrData: status === 'requires_action' ? (pi.next_action?.paynow_display_qr_code?.data ?? '') : '',
    registrationId: Number.isSafeInteger(registrationId) && registrationId > 0 ? registrationId : 0,
    reference: pi.metadata?.[PAYNOW_METADATA.reference] ?? '',
    createdAt: new Date(pi.created * 1000).toISOString(),
    ...(chargeId ? { chargeId } : {}),
  };
}

function refundStatus(status: string | null): PayNowRefundStatus {
  // 'requires_action' (some methods ask the customer for bank details) is still on its way.
  return status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending';
}

/** Maps Stripe's Refund to ours. */
export function mapStripeRefund(refund: Stripe.Refund): PayNowRefund {
  return {
    id: refund.id,
    intentId: idOf(refund.payment_intent) ?? '',
    amountCents: refund.amount,
    status: refundStatus(refund.status),
    ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
    refundKey: refund.metadata?.[PAYNOW_METADATA.refundKey] ?? '',
  };
}

/** Maps a verified event: intents we made and refunds; anything else is 'ignored'. */
export function mapStripeEvent(event: Stripe.Event): PayNowWebhook {
  const base = { eventId: event.id, type: event.type };
  const object = event.data?.object as { object?: string } | undefined;
  if (event.type.startsWith('payment_intent.') && object?.object === 'payment_intent') {
    const intent = mapStripeIntent(object as Stripe.PaymentIntent);
    return intent.registrationId ? { kind: 'intent', ...base, intent } : { kind: 'ignored', ...base };
  }
  const refundEvent = event.type.startsWith('refund.') || event.type === 'charge.refund.updated';
  if (refundEvent && object?.object === 'refund') {
    return { kind: 'refund', ...base, refund: mapStripeRefund(object as Stripe.Refund) };
  }
  return { kind: 'ignored', ...base };
}

interface SdkError {
  type?: string;
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * A refusal (400/404 invalid request, idempotency error) becomes PayNowStateError with Stripe's code;
 * anything else (connection, time-out, 5xx, 429, authentication, permission) PayNowGatewayError.
 */
function toPayNowError(error: unknown): Error {
  if (error instanceof PayNowGatewayError || error instanceof PayNowStateError) return error;
  const e = (error ?? {}) as SdkError;
  if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeIdempotencyError') {
    return new PayNowStateError(
      e.message || PAYNOW_MESSAGES.notFound,
      e.code ?? (e.type === 'StripeIdempotencyError' ? 'idempotency_error' : undefined),
    );
  }
  return new PayNowGatewayError(PAYNOW_MESSAGES.unreachable, e.type ?? 'unexpected');
}

const isMissing = (error: unknown) => (error as SdkError | null)?.code === 'resource_missing';

/** An id safe to put in a URL path, or null. */
function cleanId(id: unknown): string | null {
  const text = String(id ?? '').trim();
  return /^[A-Za-z0-9_]{1,255}$/.test(text) ? text : null;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toPayNowError(error);
  }
}

/** Runs a look-up: null when Stripe does not know the object. */
async function lookUp<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (isMissing(error)) return null;
    throw toPayNowError(error);
  }
}

export function createStripePayNow(opts: StripePayNowOptions): PayNowGateway {
  const secretKey = opts.secretKey?.trim() ?? '';
  const webhookSecret = opts.webhookSecret?.trim() ?? '';
  let sdk: Stripe | undefined;
  // Created on first use: the app starts without keys and answers 503 (PaymentNotConfiguredError).
  const stripe = () => {
    if (!secretKey) throw new PaymentNotConfiguredError();
    sdk ??= new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port ? { port: opts.port } : {}),
      ...(opts.protocol ? { protocol: opts.protocol } : {}),
    });
    return sdk;
  };

  const retrieve = async (id: string) => {
    const pi = await lookUp(() => stripe().paymentIntents.retrieve(id));
    return pi ? mapStripeIntent(pi) : null;
  };

  return {
    mode: stripeKeyMode(secretKey),

    async createIntent(req) {
      const client = stripe();
      if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) {
        throw new PayNowStateError(PAYNOW_MESSAGES.invalidAmount, 'amount_invalid');
      }
      if (!String(req.reference ?? '').trim()) {
        throw new PayNowStateError(PAYNOW_MESSAGES.invalidReference, 'reference_invalid');
      }
      const pi = await call(() =>
        client.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: 'sgd',
            // The SDK's pinned API version (2026-09-30 on) names payment_method_types so on create.
            allowed_payment_method_types: ['paynow'],
            payment_method_data: { type: 'paynow' },
            confirm: true,
            metadata: {
              [PAYNOW_METADATA.registrationId]: String(req.registrationId),
              [PAYNOW_METADATA.reference]: req.reference,
            },
          },
          { idempotencyKey: String(req.idempotencyKey) },
        ),
      );
      return mapStripeIntent(pi);
    },

    async retrieveIntent(id) {
      stripe();
      const clean = cleanId(id);
      return clean ? retrieve(clean) : null;
    },

    async cancelIntent(id) {
      const client = stripe();
      const clean = cleanId(id);
      if (!clean) throw new PayNowStateError(PAYNOW_MESSAGES.notFound, 'resource_missing');
      try {
        return mapStripeIntent(await client.paymentIntents.cancel(clean));
      } catch (error) {
        const refusal = toPayNowError(error);
        if (!(refusal instanceof PayNowStateError) || refusal.code === 'resource_missing') throw refusal;
        // Stripe refuses to cancel a canceled intent too: that one is answered as it is.
        const now = await retrieve(clean);
        if (now?.status === 'canceled') return now;
        throw new PayNowStateError(PAYNOW_MESSAGES.notCancelable, refusal.code, now ?? undefined);
      }
    },

    async refund(req) {
      const client = stripe();
      const intentId = cleanId(req.intentId);
      if (!intentId) throw new PayNowStateError(PAYNOW_MESSAGES.notFound, 'resource_missing');
      if (!Number.isSafeInteger(req.amountCents) || req.amountCents <= 0) {
        throw new PayNowStateError(PAYNOW_MESSAGES.invalidAmount, 'amount_invalid');
      }
      const refund = await call(() =>
        client.refunds.create(
          {
            payment_intent: intentId,
            amount: req.amountCents,
            metadata: { [PAYNOW_METADATA.refundKey]: String(req.refundKey) },
          },
          { idempotencyKey: String(req.idempotencyKey) },
        ),
      );
      return mapStripeRefund(refund);
    },

    async retrieveRefund(id) {
      const client = stripe();
      const clean = cleanId(id);
      if (!clean) return null;
      const refund = await lookUp(() => client.refunds.retrieve(clean));
      return refund ? mapStripeRefund(refund) : null;
    },

    parseWebhook(rawBody, signature) {
      if (!webhookSecret) throw new PaymentNotConfiguredError();
      if (!signature) throw new PayNowSignatureError();
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        // Forged, signed with another secret, too old, or not an event at all: nothing is read from it.
        throw new PayNowSignatureError();
      }
      return mapStripeEvent(event);
    },
  };
}

/**
 * The adapter as the api and the worker configure it (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and,
 * for the fake of tests and the demo, STRIPE_API_URL); null without the keys: PayNow is not offered.
 */
export function payNowGatewayFromSettings(settings: {
  secretKey?: string;
  webhookSecret?: string;
  apiUrl?: string;
}): PayNowGateway | null {
  if (!settings.secretKey || !settings.webhookSecret) return null;
  return createStripePayNow({
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
    ...(settings.apiUrl ? stripeEndpoint(settings.apiUrl) : {}),
  });
}
