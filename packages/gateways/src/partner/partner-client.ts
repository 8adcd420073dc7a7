/**
 * Partner (WhiteCoat): fetch a booking code's patient data, send the confirmation of the booking made
 * with it. One interface, an HTTP adapter (time-out, retries with exponential back-off and jitter),
 * an in-memory fake and a fake HTTP server speaking the same API (tests and the demo).
 *
 * The partner API this adapter speaks (the fake server implements it):
 * - GET  {baseUrl}/bookings/{code}          -> 200 { success: true, data: PartnerPatientData } | 404
 * - POST {baseUrl}/bookings/{code}/confirm  body { referenceNumber, registrationId, paidAmount: "12.34",
 *                                            paidCents } -> 200 { success: true } (idempotent per code
 *                                            and reference; header Idempotency-Key) | 404 | 409
 * - POST {baseUrl}/bookings/{code}/cancel   body { referenceNumber, registrationId } -> 200 { success: true }
 *                                            (idempotent per code and reference; header Idempotency-Key)
 *                                            | 404; the partner refunds what it collected itself
 * Requests carry `x-api-key` when one is configured.
 */
import { PARTNER_CODE_PATTERN, type PartnerPatientData, toMoneyString } from '@hs/domain';
import { fetchJson, HttpCallError, type JsonResponse, withRetries } from '../http';

export interface PartnerConfirmation {
  referenceNumber: string;
  registrationId: string;
  paidCents: number;
}

/** The booking made with a partner code was cancelled (the partner refunds its own payment). */
export interface PartnerCancellation {
  referenceNumber: string;
  registrationId: string;
}

export interface PartnerClient {
  /** The patient data for a booking code; null = unknown code. Throws PartnerUnavailableError when down. */
  getBooking(code: string): Promise<PartnerPatientData | null>;
  /** Tells the partner the booking made with this code is confirmed. */
  confirmBooking(code: string, confirmation: PartnerConfirmation): Promise<void>;
  /** Tells the partner the booking made with this code was cancelled. */
  cancelBooking(code: string, cancellation: PartnerCancellation): Promise<void>;
}

/** The partner is down, timed out, or answered with a server error (after the retries). */
export class PartnerUnavailableError extends Error {
  constructor(message = 'Partner service unavailable') {
    super(message);
    this.name = 'PartnerUnavailableError';
  }
}

/** The partner refused the request (unknown code on confirm, conflict, bad API key...): not retried. */
export class PartnerRejectedError extends Error {
  constructor(
    readonly status: number,
    message = `Partner refused the request (HTTP ${status})`,
  ) {
    super(message);
    this.name = 'PartnerRejectedError';
  }
}

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/** Keeps only the known fields of the partner's answer, each with its expected type. */
export function sanitizePartnerData(input: unknown): PartnerPatientData {
  const d = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const address = d.address && typeof d.address === 'object' ? (d.address as Record<string, unknown>) : null;
  const pkg =
    d.packageInfo && typeof d.packageInfo === 'object' ? (d.packageInfo as Record<string, unknown>) : null;
  const amount = pkg?.amount;
  return {
    name: str(d.name),
    email: str(d.email),
    nric: str(d.nric),
    dateOfBirth: str(d.dateOfBirth),
    contact: str(d.contact),
    address: address
      ? {
          postalCode: str(address.postalCode),
          unitNumber: str(address.unitNumber),
          street: str(address.street),
        }
      : null,
    packageInfo: pkg
      ? {
          amount: typeof amount === 'number' || typeof amount === 'string' ? amount : null,
          isPaid: typeof pkg.isPaid === 'boolean' ? pkg.isPaid : null,
        }
      : null,
  };
}

export interface HttpPartnerClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Per attempt; default 5000 ms. */
  timeoutMs?: number;
  /** Extra attempts on network errors, time-outs, 429 and 5xx; default 2. */
  retries?: number;
  /** First back-off delay (doubles each attempt, full jitter); default 200 ms. */
  backoffMs?: number;
  /** Upper bound of one back-off delay; default 2000 ms. */
  maxBackoffMs?: number;
}

export function createHttpPartnerClient(opts: HttpPartnerClientOptions): PartnerClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 5000;
  const retry = {
    retries: Math.max(0, opts.retries ?? 2),
    baseDelayMs: opts.backoffMs ?? 200,
    maxDelayMs: opts.maxBackoffMs ?? 2000,
  };
  const headers: Record<string, string> = opts.apiKey ? { 'x-api-key': opts.apiKey } : {};

  /** One call with retries; a retryable HTTP status is thrown so withRetries sees it. */
  const call = (
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  ): Promise<JsonResponse> =>
    withRetries(
      async () => {
        const res = await fetchJson(`${base}${path}`, {
          ...init,
          headers: { ...headers, ...init.headers },
          timeoutMs,
        });
        if (res.status === 429 || res.status >= 500) {
          throw new HttpCallError(`HTTP ${res.status}`, 'status', res.status);
        }
        return res;
      },
      (error) => error instanceof HttpCallError && error.retryable,
      retry,
    ).catch((error: unknown) => {
      if (error instanceof HttpCallError) throw new PartnerUnavailableError();
      throw error;
    });

  return {
    async getBooking(code) {
      const value = String(code ?? '').trim();
      if (!PARTNER_CODE_PATTERN.test(value)) return null;
      const res = await call(`/bookings/${encodeURIComponent(value)}`, { method: 'GET' });
      if (res.status === 404) return null;
      if (res.status < 200 || res.status >= 300) throw new PartnerUnavailableError();
      const body = res.body as { success?: unknown; data?: unknown } | null;
      if (!body || typeof body !== 'object') throw new PartnerUnavailableError();
      if (body.success === false) return null;
      const data = 'data' in body ? body.data : body;
      if (!data || typeof data !== 'object') return null;
      return sanitizePartnerData(data);
    },
    async confirmBooking(code, confirmation) {
      const value = String(code ?? '').trim();
      if (!PARTNER_CODE_PATTERN.test(value))
        throw new PartnerRejectedError(400, 'Invalid booking code format');
      const paidCents = Math.max(0, Math.trunc(confirmation.paidCents));
      const res = await call(`/bookings/${encodeURIComponent(value)}/confirm`, {
        method: 'POST',
        headers: { 'idempotency-key': `${value}:${confirmation.referenceNumber}` },
        body: {
          referenceNumber: confirmation.referenceNumber,
          registrationId: confirmation.registrationId,
          paidAmount: toMoneyString(paidCents),
          paidCents,
        },
      });
      if (res.status < 200 || res.status >= 300) throw new PartnerRejectedError(res.status);
    },
    async cancelBooking(code, cancellation) {
      const value = String(code ?? '').trim();
      if (!PARTNER_CODE_PATTERN.test(value))
        throw new PartnerRejectedError(400, 'Invalid booking code format');
      const res = await call(`/bookings/${encodeURIComponent(value)}/cancel`, {
        method: 'POST',
        headers: { 'idempotency-key': `${value}:${cancellation.referenceNumber}:cancel` },
        body: { referenceNumber: cancellation.referenceNumber, registrationId: cancellation.registrationId },
      });
      if (res.status < 200 || res.status >= 300) throw new PartnerRejectedError(res.status);
    },
  };
}
