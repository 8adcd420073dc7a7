/**
 * The fake Stripe's objects as Stripe's JSON shows them (the fields the adapter and the tests read, and
 * a few more for realism), its error bodies, and the reading of Stripe's form-encoded parameters.
 */
import { randomBytes } from 'node:crypto';

export interface FakeStripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  created: number;
  livemode: false;
  client_secret: string;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  next_action: null | {
    type: 'paynow_display_qr_code';
    paynow_display_qr_code: {
      data: string;
      image_url_png: string;
      image_url_svg: string;
      hosted_instructions_url: string;
    };
  };
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: null | { type: string; code: string; message: string };
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
  balance_transaction: null;
}

export interface FakeCharge {
  id: string;
  amount: number;
  paymentIntent: string;
  /** Pending and succeeded refunds: what may no longer be refunded. */
  amountRefunded: number;
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
}

/** A request Stripe refuses: its HTTP status and `{ error }` body. */
export class FakeStripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'FakeStripeFailure';
  }
}

export const invalid = (message: string, code?: string, param?: string, status = 400) =>
  new FakeStripeFailure(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

export const missing = (kind: string, id: string, param: string) =>
  invalid(`No such ${kind}: '${id}'`, 'resource_missing', param, 404);

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form-encoded parameters: `metadata[key]`, and arrays as `name[]` or `name[0]`. */
export function metadataOf(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) out[m[1]!] = value;
  }
  return out;
}

export function listOf(params: URLSearchParams, name: string): string[] {
  const prefix = `${name}[`;
  return [...params].filter(([key]) => key.startsWith(prefix) && key.endsWith(']')).map(([, v]) => v);
}

/** A positive integer parameter, or the Stripe refusal for it. */
export function positiveInteger(params: URLSearchParams, name: string): number {
  const raw = params.get(name);
  if (raw === null || raw === '')
    throw invalid(`Missing required param: ${name}.`, 'parameter_missing', name);
  if (!/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, 'parameter_invalid_integer', name);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw invalid('Amount must be at least 1 cent.', 'amount_too_small', name);
  }
  return value;
}
