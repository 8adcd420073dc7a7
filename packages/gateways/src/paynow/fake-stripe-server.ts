/**
 * A local HTTP server speaking the part of Stripe's REST API the PayNow adapter uses, so the official
 * `stripe` SDK can be tested end to end without the network (point it here with
 * `createStripePayNow({ ..., host, port, protocol: 'http' })`), and the demo can take PayNow.
 *
 * Stripe's API as the SDK meets it: form-encoded bodies (`metadata[key]`, `payment_method_types[0]`),
 * `Authorization: Bearer <secret key>` (401 without a test key), JSON answers, errors as
 * `{ error: { type, code, message, param } }`, 404 resource_missing, and Idempotency-Key on POSTs (the
 * same key and body answer the first result again with Idempotent-Replayed: true; the same key with
 * another body is refused 400 idempotency_error).
 * - POST /v1/payment_intents (sgd, amount ≥ 1, allowed_payment_method_types [paynow] (payment_method_types
 *   in API versions before 2026-09-30); confirm=true with
 *   payment_method_data[type]=paynow -> requires_action and next_action.paynow_display_qr_code whose
 *   `data` is an EMVCo PayNow payload with the amount and metadata[reference])
 * - GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel (400 once succeeded or canceled)
 * - POST /v1/refunds (payment_intent, amount, metadata) -> pending; it settles (succeeded, or failed
 *   after failNextRefund) refundSettleMs later; never more than the charge in total (400)
 * - GET /v1/refunds/:id
 * Webhooks (fake-stripe-webhooks.ts): payment_intent.succeeded / .payment_failed / .canceled,
 * refund.updated and charge.refund.updated, signed with the webhook secret, retried on failure.
 *
 * Test controls, not Stripe's (no key needed), also methods on the returned handle:
 *   POST /__fake/payment_intents/:id/pay    the customer scanned and paid
 *   POST /__fake/payment_intents/:id/fail   the payment failed
 *   POST /__fake/refunds/fail_next          {"reason":"declined"}: the next refund fails
 *   POST /__fake/webhooks/drop              {"count":1}: the next webhooks are lost
 *   POST /__fake/webhooks/replay_last       the latest event is delivered again
 *   GET  /__fake/payment_intents | /__fake/refunds | /__fake/webhooks
 *   GET  /__fake/qr/:id(.svg|.png)          the intent's QR (next_action's image and instructions URLs)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import { closeServer, listenLocal, readBody, sendJson } from '../local-server';
import { FakeStripeFailure, type FakeStripeIntent, type FakeStripeRefund } from './fake-stripe-objects';
import { createFakeStripeState } from './fake-stripe-state';
import { createWebhookSender, type FakeWebhookDelivery } from './fake-stripe-webhooks';
import { qrSvg } from './qr-svg';

export type { FakeStripeIntent, FakeStripeRefund } from './fake-stripe-objects';
export type { FakeStripeEvent, FakeWebhookDelivery } from './fake-stripe-webhooks';

export interface FakeStripeOptions {
  /** Signs the webhooks (STRIPE_WEBHOOK_SECRET, 'whsec_...'). */
  webhookSecret: string;
  /** Where webhooks go; without it they are recorded, not sent (setWebhookUrl later). */
  webhookUrl?: string;
  /** The only secret key accepted; by default any test key ('sk_test_...' or 'rk_test_...'). */
  secretKey?: string;
  /** The merchant's UEN and name in the QR payload. */
  uen?: string;
  merchantName?: string;
  port?: number;
  /** How long a refund stays pending (default 150 ms). */
  refundSettleMs?: number;
  /** Waits between webhook delivery attempts (default 100, 400, 1600 ms: four attempts in all). */
  webhookRetryDelaysMs?: number[];
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form parameters sent, decoded. */
  params: Record<string, string>;
}

export interface FakeStripeServer {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  setWebhookUrl(url: string | undefined): void;
  /** The customer paid: succeeded, a charge made, payment_intent.succeeded sent. Throws unless the QR is showing. */
  pay(intentId: string): FakeStripeIntent;
  /** The payment failed: requires_payment_method, payment_intent.payment_failed sent. */
  fail(intentId: string, message?: string): FakeStripeIntent;
  /** The next refund fails when it settles, with this failure_reason (default 'declined'). */
  failNextRefund(reason?: string): void;
  /** The next `count` webhooks are never sent (the lost webhook). */
  dropWebhooks(count: number): void;
  /** Delivers the latest event again (same id and body); null when there was none. */
  replayLastWebhook(): Promise<FakeWebhookDelivery | null>;
  /** Answers the next `count` API requests (not controls) with this status and Stripe's api_error, or closes the connection ('drop'). */
  failNext(count: number, status: number | 'drop'): void;
  intents(): FakeStripeIntent[];
  refunds(): FakeStripeRefund[];
  webhooksSent(): FakeWebhookDelivery[];
  /** Resolves once no webhook delivery is under way. */
  webhooksSettled(): Promise<void>;
  /** The API requests received, oldest first. */
  requests(): FakeStripeRequest[];
  close(): Promise<void>;
}

interface StoredResult {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Idempotency keys and logged requests kept (a long demo run stays bounded). */
const MAX_REMEMBERED = 10_000;

const authMessage = {
  missing:
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  invalid: (key: string) => `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
};

/** A control body: JSON, or form-encoded. */
function controlParams(raw: string): Record<string, unknown> {
  if (!raw.trim()) return {};
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(raw));
  }
}

export async function startFakeStripe(opts: FakeStripeOptions): Promise<FakeStripeServer> {
  const webhooks = createWebhookSender({
    secret: opts.webhookSecret,
    url: opts.webhookUrl,
    retryDelaysMs: opts.webhookRetryDelaysMs,
  });
  let url = '';
  const state = createFakeStripeState({
    uen: opts.uen ?? '201912345K',
    merchantName: opts.merchantName ?? 'Health Screening Demo',
    baseUrl: () => url,
    webhooks,
    refundSettleMs: opts.refundSettleMs ?? 150,
  });
  const idempotent = new Map<string, StoredResult>();
  const requests: FakeStripeRequest[] = [];
  let failures: { count: number; status: number | 'drop' } = { count: 0, status: 500 };

  const keyAccepted = (key: string) =>
    opts.secretKey ? key === opts.secretKey : /^(sk|rk)_test_[A-Za-z0-9_]+$/.test(key);

  /** Stripe's API: the answer's status and body. Refusals are thrown as FakeStripeFailure. */
  const api = (method: string, path: string, params: URLSearchParams): [number, unknown] => {
    const intent = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return [200, state.createIntent(params)];
    if (intent && method === 'GET' && !intent[2])
      return [200, state.getIntent(decodeURIComponent(intent[1]!))];
    if (intent && method === 'POST' && intent[2]) {
      return [200, state.cancelIntent(decodeURIComponent(intent[1]!), params)];
    }
    if (method === 'POST' && path === '/v1/refunds') return [200, state.createRefund(params)];
    if (refund && method === 'GET') return [200, state.getRefund(decodeURIComponent(refund[1]!))];
    throw new FakeStripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  };

  const control = async (method: string, path: string, raw: string, res: ServerResponse) => {
    const body = controlParams(raw);
    const intent = /^\/__fake\/payment_intents\/([^/]+)\/(pay|fail)$/.exec(path);
    const qr = /^\/__fake\/qr\/([^/.]+)(\.svg|\.png)?$/.exec(path);
    if (method === 'POST' && intent) {
      const id = decodeURIComponent(intent[1]!);
      const message = typeof body.message === 'string' ? body.message : undefined;
      return sendJson(res, 200, intent[2] === 'pay' ? state.pay(id) : state.fail(id, message));
    }
    if (method === 'POST' && path === '/__fake/refunds/fail_next') {
      state.failNextRefund(typeof body.reason === 'string' ? body.reason : undefined);
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__fake/webhooks/drop') {
      webhooks.dropNext(Number(body.count ?? 1));
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__fake/webhooks/replay_last') {
      return sendJson(res, 200, await webhooks.replayLast());
    }
    if (method === 'GET' && path === '/__fake/payment_intents') return sendJson(res, 200, state.intents());
    if (method === 'GET' && path === '/__fake/refunds') return sendJson(res, 200, state.refunds());
    if (method === 'GET' && path === '/__fake/webhooks') return sendJson(res, 200, webhooks.deliveries());
    if (method === 'GET' && qr) {
      const data = state.getIntent(decodeURIComponent(qr[1]!)).next_action?.paynow_display_qr_code.data;
      if (!data) return sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'No QR' } });
      if (qr[2] === '.png') {
        const png = await QRCode.toBuffer(data, { type: 'png', errorCorrectionLevel: 'M', margin: 4 });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        return res.end(png);
      }
      const svg = await qrSvg(data);
      const text = qr[2] ? svg : `<!doctype html><title>PayNow</title><body>${svg}</body>`;
      res.writeHead(200, { 'content-type': qr[2] ? 'image/svg+xml' : 'text/html; charset=utf-8' });
      return res.end(text);
    }
    return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `No control ${path}` } });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/__fake/')) return control(method, path, raw, res);

    const params = new URLSearchParams(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path, idempotencyKey, params: Object.fromEntries(params) });
    if (requests.length > MAX_REMEMBERED) requests.shift();
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      if (failures.status === 'drop') return req.socket.destroy();
      return sendJson(res, failures.status, {
        error: { type: 'api_error', message: 'An unknown error occurred (fake Stripe).' },
      });
    }
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!keyAccepted(key)) {
      const message = key ? authMessage.invalid(key) : authMessage.missing;
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message } });
    }
    const stored =
      method === 'POST' && idempotencyKey ? idempotent.get(`${key} ${idempotencyKey}`) : undefined;
    const fingerprint = `${method} ${path} ${[...params].sort().join('&')}`;
    if (stored && stored.fingerprint !== fingerprint) {
      return sendJson(res, 400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    if (stored) {
      res.setHeader('idempotent-replayed', 'true');
      return sendJson(res, stored.status, stored.body);
    }
    let status: number;
    let body: unknown;
    try {
      [status, body] = api(method, path, params);
      body = structuredClone(body);
    } catch (error) {
      if (!(error instanceof FakeStripeFailure)) throw error;
      // As Stripe: a request refused by its parameters is not saved; the same key may try again.
      return sendJson(res, error.status, { error: error.body });
    }
    if (method === 'POST' && idempotencyKey) {
      idempotent.set(`${key} ${idempotencyKey}`, { fingerprint, status, body });
      // Stripe keeps keys for 24 hours; the fake keeps the latest ones (Maps iterate oldest first).
      if (idempotent.size > MAX_REMEMBERED) idempotent.delete(idempotent.keys().next().value!);
    }
    res.setHeader('request-id', `req_${Math.random().toString(36).slice(2, 16)}`);
    return sendJson(res, status, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof FakeStripeFailure) return sendJson(res, error.status, { error: error.body });
      sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  const port = await listenLocal(server, opts.port);
  url = `http://127.0.0.1:${port}`;
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    url,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    setWebhookUrl: (next) => webhooks.setUrl(next),
    pay: (intentId) => copy(state.pay(intentId)),
    fail: (intentId, message) => copy(state.fail(intentId, message)),
    failNextRefund: (reason) => state.failNextRefund(reason),
    dropWebhooks: (count) => webhooks.dropNext(count),
    replayLastWebhook: () => webhooks.replayLast(),
    failNext(count, status) {
      failures = { count, status };
    },
    intents: () => state.intents(),
    refunds: () => state.refunds(),
    webhooksSent: () => webhooks.deliveries(),
    webhooksSettled: () => webhooks.settled(),
    requests: () => requests.map((r) => ({ ...r })),
    async close() {
      state.close();
      webhooks.close();
      await closeServer(server);
    },
  };
}
