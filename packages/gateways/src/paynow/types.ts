/**
 * PayNow through Stripe: the one small interface the api and the worker use (issue 48). The real
 * adapter (stripe-paynow.ts) and the local fake Stripe server (fake-stripe-server.ts) stand behind it.
 * Amounts are integer cents of SGD.
 */

import { PaymentGatewayError } from '../payments/types';

export type PayNowIntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PayNowIntent {
  id: string;
  amountCents: number;
  status: PayNowIntentStatus;
  /** EMVCo PayNow payload (what the QR encodes), '' once the intent is no longer payable. */
  qrData: string;
  /** Our registration id and reference, from the intent's metadata (0 and '' on an intent we did not make). */
  registrationId: number;
  reference: string;
  /** ISO 8601. */
  createdAt: string;
  /** The charge id once paid (refunds cite it), else undefined. */
  chargeId?: string;
}

export type PayNowRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface PayNowRefund {
  id: string;
  intentId: string;
  amountCents: number;
  status: PayNowRefundStatus;
  /** Stripe's failure_reason once failed (e.g. 'declined', 'insufficient_funds'). */
  failureReason?: string;
  /** Our refund id, from the refund's metadata ('' for a refund made elsewhere, e.g. in Stripe's Dashboard). */
  refundKey: string;
}

export type PayNowWebhook =
  /** payment_intent.succeeded / .payment_failed / .canceled / .processing / .requires_action / .created */
  | { kind: 'intent'; eventId: string; type: string; intent: PayNowIntent }
  /** refund.created / refund.updated / refund.failed / charge.refund.updated */
  | { kind: 'refund'; eventId: string; type: string; refund: PayNowRefund }
  /** Any other event, and intent events for intents we did not make (no registration id in metadata). */
  | { kind: 'ignored'; eventId: string; type: string };

export interface CreatePayNowIntentRequest {
  /** The server's balance due, integer cents (never a client amount). */
  amountCents: number;
  registrationId: number;
  /** The booking reference: in the intent's metadata and in the QR's bill number (≤ 25 characters). */
  reference: string;
  /** Sent as Stripe's Idempotency-Key: the same key and request answer the first intent. */
  idempotencyKey: string;
}

export interface PayNowRefundRequest {
  intentId: string;
  /** The whole payment or a part of it, integer cents. */
  amountCents: number;
  /** Our refund id, kept in the refund's metadata. */
  refundKey: string;
  /** Sent as Stripe's Idempotency-Key. */
  idempotencyKey: string;
}

export interface PayNowGateway {
  readonly mode: 'test' | 'live';
  /**
   * Creates and confirms an SGD PaymentIntent for PayNow only (allowed_payment_method_types ['paynow'],
   * as the SDK's API version names payment_method_types; Stripe returns the QR in next_action). The
   * idempotency key goes to Stripe's Idempotency-Key header.
   */
  createIntent(req: CreatePayNowIntentRequest): Promise<PayNowIntent>;
  /** null when Stripe does not know it (404 resource_missing). */
  retrieveIntent(id: string): Promise<PayNowIntent | null>;
  /** An already canceled intent is answered as is; a succeeded (or unknown) one throws PayNowStateError. */
  cancelIntent(id: string): Promise<PayNowIntent>;
  /** Asks for a refund: it starts 'pending' (PayNow refunds are asynchronous); its webhook or retrieveRefund tells the end. */
  refund(req: PayNowRefundRequest): Promise<PayNowRefund>;
  /** null when Stripe does not know it. */
  retrieveRefund(id: string): Promise<PayNowRefund | null>;
  /**
   * Verifies Stripe-Signature over the RAW body with stripe.webhooks.constructEvent (tolerance 300 s)
   * and maps the event; throws PayNowSignatureError when unsigned, forged or stale.
   */
  parseWebhook(rawBody: string | Buffer, signature: string | undefined): PayNowWebhook;
}

export const PAYNOW_MESSAGES = {
  unreachable: 'Unable to connect to payment server.',
  invalidAmount: 'Invalid payment amount',
  invalidReference: 'Invalid payment reference',
  badSignature: 'Invalid webhook signature',
  notCancelable: 'This PayNow payment can no longer be cancelled.',
  notFound: 'PayNow payment not found',
} as const;

/**
 * Stripe could not be reached, answered 5xx or 429, refused our key, or answered something we cannot
 * read: the outcome is unknown and nothing may be recorded. The message is safe to show; `causeType`
 * is the SDK's error type (StripeConnectionError, StripeAPIError, ...) or our own cause. A payment
 * gateway's error like the card one's, so code that handles any gateway's outage handles this too.
 */
export class PayNowGatewayError extends PaymentGatewayError {
  override readonly name = 'PayNowGatewayError';
}

/** A webhook without a valid Stripe-Signature (missing, forged, other secret, or older than 300 s): answer 400. */
export class PayNowSignatureError extends Error {
  constructor(message: string = PAYNOW_MESSAGES.badSignature) {
    super(message);
    this.name = 'PayNowSignatureError';
  }
}

/**
 * Stripe refused the request (its 400/404 invalid_request_error or idempotency_error): nothing
 * happened. E.g. cancelling a succeeded intent, refunding more than is left, an unknown id.
 */
export class PayNowStateError extends Error {
  constructor(
    message: string,
    /** Stripe's error code (payment_intent_unexpected_state, amount_too_large, resource_missing, idempotency_error, ...). */
    readonly code?: string,
    /** The intent as it is now, when the refusal was about its state (cancelIntent). */
    readonly intent?: PayNowIntent,
  ) {
    super(message);
    this.name = 'PayNowStateError';
  }
}
