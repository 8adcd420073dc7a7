/**
 * A local HTTP server speaking the part of Braintree's gateway XML API the live adapter uses, so the
 * real `braintree` SDK can be tested end to end without the network (point it here with
 * `createBraintreeGateway({ ..., baseUrl: server.url })`).
 *
 * The SDK sends JSON with snake_case keys (`{"transaction":{"amount":"123.45","payment_method_nonce":...,
 * "options":{"submit_for_settlement":true},"type":"sale"}}`, Basic auth public:private key, header
 * X-ApiVersion 6) and reads XML answers, as Braintree's gateway does:
 * - POST /merchants/{id}/client_token -> 201 <client-token><value>...</value></client-token>
 * - POST /merchants/{id}/transactions -> 201 <transaction> on success; 422 <api-error-response> with
 *   a <transaction> (status processor_declined, processor response 2000 'Do Not Honor', or
 *   gateway_rejected) when declined; 422 <api-error-response> with nested <errors> (code, attribute,
 *   message) and no transaction for validation errors.
 * - GET /merchants/{id}/transactions/{txid} -> 200 <transaction> or 404.
 * - PUT /merchants/{id}/transactions/{txid}/void -> 200 <transaction> (status voided) while authorized or
 *   submitted_for_settlement, else 422 (91504); 404 when unknown.
 * - POST /merchants/{id}/transactions/{txid}/refund `{"transaction":{"amount":"12.34"}}` (no amount: what
 *   is left) -> 201 the new <transaction> of type credit (refunded-transaction-id), once the sale is
 *   settling or settled; else 422: 91506 not settled, 91512 already completely refunded, 91521 more than
 *   is left, 81503/81531 bad amount (refund-rules.ts holds these rules).
 * Sales stay submitted_for_settlement until a test calls `settle(id)`.
 * Nonces: Braintree's documented test nonces (fake-valid-nonce, fake-valid-visa-nonce,
 * fake-valid-mastercard-nonce, fake-processor-declined-visa-nonce, fake-gateway-rejected-fraud-nonce);
 * anything else is 'Unknown or expired payment_method_nonce.' (91565).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseMoney, toMoneyString } from '@hs/domain';
import { closeServer, listenLocal, readBody } from '../local-server';
import { BRAINTREE_REFUND_ERRORS, refundRefusal, voidRefusal } from './refund-rules';

export interface FakeBraintreeRequest {
  method: string;
  path: string;
  /** The JSON body the SDK sent (snake_case keys), if any. */
  body: Record<string, unknown> | null;
  apiVersion: string | undefined;
}

/** The gateway calls the fake tells apart, for failures and hooks aimed at one of them. */
export type FakeBraintreeOperation = 'client_token' | 'sale' | 'find' | 'void' | 'refund';

export interface FakeBraintreeServer {
  /** Base URL for `createBraintreeGateway({ baseUrl })`. */
  url: string;
  readonly merchantId: string;
  readonly requests: readonly FakeBraintreeRequest[];
  /**
   * Answer the next `count` requests (of operation `on` only, when given) with this HTTP status and an
   * empty body (e.g. 500, 503), or with 'drop' close the connection without an answer. Nothing changes.
   */
  failNext(count: number, status: number | 'drop', on?: FakeBraintreeOperation): void;
  /** Settles a sale, as Braintree's settlement batch would: it can then be refunded, no longer voided. */
  settle(transactionId: string): void;
  /** Runs `fn` just before the next request of this operation is handled (to stage a race). */
  onNext(operation: FakeBraintreeOperation, fn: () => void): void;
  close(): Promise<void>;
}

interface StoredTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amount: string;
  /** A credit: the sale it refunds. */
  refundedTransactionId: string | null;
  /** A sale: its credits, and what they add up to. */
  refundIds: string[];
  refundedCents: number;
  orderId: string | null;
  merchantAccountId: string;
  processorResponseCode: string;
  processorResponseText: string;
  processorResponseType: string;
  gatewayRejectionReason: string | null;
  card: { bin: string; last4: string; cardType: string };
  createdAt: string;
}

const CARDS = {
  visa: { bin: '411111', last4: '1111', cardType: 'Visa' },
  mastercard: { bin: '555555', last4: '4444', cardType: 'MasterCard' },
} as const;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const el = (name: string, value: string | null) =>
  value === null ? `<${name} nil="true"/>` : `<${name}>${escapeXml(value)}</${name}>`;

function transactionXml(t: StoredTransaction): string {
  return [
    '<transaction>',
    el('id', t.id),
    el('status', t.status),
    el('type', t.type),
    el('currency-iso-code', 'SGD'),
    el('amount', t.amount),
    el('merchant-account-id', t.merchantAccountId),
    el('order-id', t.orderId),
    `<created-at type="datetime">${t.createdAt}</created-at>`,
    `<updated-at type="datetime">${t.createdAt}</updated-at>`,
    el('processor-response-code', t.processorResponseCode),
    el('processor-response-text', t.processorResponseText),
    el('processor-response-type', t.processorResponseType),
    el('gateway-rejection-reason', t.gatewayRejectionReason),
    el('refunded-transaction-id', t.refundedTransactionId),
    `<refund-ids type="array">${t.refundIds.map((id) => el('item', id)).join('')}</refund-ids>`,
    el('payment-instrument-type', 'credit_card'),
    '<credit-card>',
    el('token', null),
    el('bin', t.card.bin),
    el('last-4', t.card.last4),
    el('card-type', t.card.cardType),
    el('expiration-month', '12'),
    el('expiration-year', '2030'),
    el('cardholder-name', null),
    el('customer-location', 'International'),
    el('masked-number', `${t.card.bin}******${t.card.last4}`),
    '</credit-card>',
    '<status-history type="array">',
    '<status-event>',
    `<timestamp type="datetime">${t.createdAt}</timestamp>`,
    el('status', t.status),
    el('amount', t.amount),
    el('transaction-source', 'api'),
    '</status-event>',
    '</status-history>',
    '</transaction>',
  ].join('');
}

function validationErrorXml(
  errors: { code: string; attribute: string; message: string }[],
  params: { type?: string; amount?: string },
): string {
  const list = errors
    .map(
      (e) =>
        `<error>${el('code', e.code)}<attribute type="symbol">${escapeXml(e.attribute)}</attribute>${el('message', e.message)}</error>`,
    )
    .join('');
  return [
    '<api-error-response>',
    '<errors><errors type="array"/>',
    `<transaction><errors type="array">${list}</errors></transaction>`,
    '</errors>',
    `<params><transaction>${params.type ? el('type', params.type) : ''}${params.amount === undefined ? '' : el('amount', params.amount)}</transaction></params>`,
    el('message', errors.map((e) => e.message).join('\n')),
    '</api-error-response>',
  ].join('');
}

function declinedXml(t: StoredTransaction): string {
  const message = t.status === 'processor_declined' ? t.processorResponseText : 'Gateway Rejected: fraud';
  return [
    '<api-error-response>',
    '<errors><errors type="array"/></errors>',
    `<params><transaction>${el('type', 'sale')}${el('amount', t.amount)}</transaction></params>`,
    el('message', message),
    transactionXml(t),
    '</api-error-response>',
  ].join('');
}

/** Now, as Braintree's XML datetimes (whole seconds, UTC). */
const xmlNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Braintree's checks of a requested amount string (present, format, positive). */
function amountErrors(amount: string): { code: string; attribute: string; message: string }[] {
  if (!amount) return [{ code: '81502', attribute: 'amount', message: 'Amount is required.' }];
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(amount)) {
    return [{ attribute: 'amount', ...BRAINTREE_REFUND_ERRORS.amountInvalidFormat }];
  }
  if (Number(amount) <= 0) {
    return [{ attribute: 'amount', ...BRAINTREE_REFUND_ERRORS.amountMustBeGreaterThanZero }];
  }
  return [];
}

type Route =
  | { operation: 'client_token' }
  | { operation: 'sale' }
  | { operation: 'find' | 'void' | 'refund'; transactionId: string };

/** The gateway call a request (path below /merchants/{id}) is, or null. */
function route(method: string, path: string): Route | null {
  if (method === 'POST' && path === '/client_token') return { operation: 'client_token' };
  if (method === 'POST' && path === '/transactions') return { operation: 'sale' };
  const m = /^\/transactions\/([^/]+)(\/void|\/refund)?$/.exec(path);
  if (!m) return null;
  const transactionId = decodeURIComponent(m[1]!);
  if (method === 'GET' && !m[2]) return { operation: 'find', transactionId };
  if (method === 'PUT' && m[2] === '/void') return { operation: 'void', transactionId };
  if (method === 'POST' && m[2] === '/refund') return { operation: 'refund', transactionId };
  return null;
}

function sendXml(res: ServerResponse, status: number, xml: string) {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
  res.writeHead(status, {
    'content-type': 'application/xml; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startFakeBraintreeServer(
  opts: { port?: number; merchantId?: string; publicKey?: string; privateKey?: string } = {},
): Promise<FakeBraintreeServer> {
  const merchantId = opts.merchantId ?? 'test_merchant';
  const expectedAuth = `Basic ${Buffer.from(`${opts.publicKey ?? 'test_public'}:${opts.privateKey ?? 'test_private'}`).toString('base64')}`;
  const requests: FakeBraintreeRequest[] = [];
  const transactions = new Map<string, StoredTransaction>();
  let failures: { count: number; status: number | 'drop'; on?: FakeBraintreeOperation } = {
    count: 0,
    status: 500,
  };
  const hooks = new Map<FakeBraintreeOperation, () => void>();

  const sale = (res: ServerResponse, body: Record<string, unknown> | null) => {
    const tx = (body?.transaction ?? {}) as Record<string, unknown>;
    const amount =
      typeof tx.amount === 'string' ? tx.amount : tx.amount === undefined ? '' : String(tx.amount);
    const nonce = typeof tx.payment_method_nonce === 'string' ? tx.payment_method_nonce : '';
    const errors: { code: string; attribute: string; message: string }[] = amountErrors(amount);
    const card =
      nonce === 'fake-valid-mastercard-nonce'
        ? CARDS.mastercard
        : ['fake-valid-nonce', 'fake-valid-visa-nonce', 'fake-processor-declined-visa-nonce'].includes(
              nonce,
            ) || nonce === 'fake-gateway-rejected-fraud-nonce'
          ? CARDS.visa
          : null;
    if (!card) {
      errors.push({
        code: '91565',
        attribute: 'payment_method_nonce',
        message: 'Unknown or expired payment_method_nonce.',
      });
    }
    if (errors.length > 0 || !card)
      return sendXml(res, 422, validationErrorXml(errors, { type: 'sale', amount }));

    const options = (tx.options ?? {}) as Record<string, unknown>;
    const base: StoredTransaction = {
      id: randomBytes(4).toString('hex'),
      type: 'sale',
      refundedTransactionId: null,
      refundIds: [],
      refundedCents: 0,
      status: options.submit_for_settlement === true ? 'submitted_for_settlement' : 'authorized',
      amount: Number(amount).toFixed(2),
      orderId: typeof tx.order_id === 'string' ? tx.order_id : null,
      merchantAccountId: typeof tx.merchant_account_id === 'string' ? tx.merchant_account_id : 'default_sgd',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      processorResponseType: 'approved',
      gatewayRejectionReason: null,
      card,
      createdAt: xmlNow(),
    };
    /** The sale refused (422): stored as declined, so a later find shows it. */
    const decline = (outcome: Partial<StoredTransaction>) => {
      const t = { ...base, ...outcome };
      transactions.set(t.id, t);
      return sendXml(res, 422, declinedXml(t));
    };
    if (nonce === 'fake-processor-declined-visa-nonce') {
      return decline({
        status: 'processor_declined',
        processorResponseCode: '2000',
        processorResponseText: 'Do Not Honor',
        processorResponseType: 'soft_declined',
      });
    }
    if (nonce === 'fake-gateway-rejected-fraud-nonce') {
      return decline({
        status: 'gateway_rejected',
        gatewayRejectionReason: 'fraud',
        processorResponseCode: '',
        processorResponseText: '',
        processorResponseType: '',
      });
    }
    transactions.set(base.id, base);
    return sendXml(res, 201, transactionXml(base));
  };

  const voidSale = (res: ServerResponse, t: StoredTransaction) => {
    const refusal = voidRefusal(t.status);
    if (refusal) return sendXml(res, 422, validationErrorXml([{ attribute: 'base', ...refusal }], {}));
    t.status = 'voided';
    return sendXml(res, 200, transactionXml(t));
  };

  const refund = (res: ServerResponse, t: StoredTransaction, body: Record<string, unknown> | null) => {
    const tx = (body?.transaction ?? {}) as Record<string, unknown>;
    const saleCents = parseMoney(t.amount)!;
    const given = tx.amount === undefined || tx.amount === null ? null : String(tx.amount);
    const errors = given === null ? [] : amountErrors(given);
    if (errors.length > 0) return sendXml(res, 422, validationErrorXml(errors, { amount: given ?? '' }));
    // Without an amount Braintree refunds what is left of the sale.
    const cents = given === null ? saleCents - t.refundedCents : parseMoney(given)!;
    const amount = toMoneyString(Math.max(cents, 0));
    const refusal = refundRefusal(
      { status: t.status, amountCents: saleCents, refundedCents: t.refundedCents },
      cents,
    );
    if (refusal) {
      return sendXml(res, 422, validationErrorXml([{ attribute: 'base', ...refusal }], { amount }));
    }
    const credit: StoredTransaction = {
      ...t,
      id: randomBytes(4).toString('hex'),
      type: 'credit',
      status: 'submitted_for_settlement',
      amount,
      refundedTransactionId: t.id,
      refundIds: [],
      refundedCents: 0,
      createdAt: xmlNow(),
    };
    transactions.set(credit.id, credit);
    t.refundIds.push(credit.id);
    t.refundedCents += cents;
    return sendXml(res, 201, transactionXml(credit));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const apiVersion = req.headers['x-apiversion'] as string | undefined;
    requests.push({ method: req.method ?? 'GET', path, body, apiVersion });

    const prefix = `/merchants/${merchantId}`;
    const call = path.startsWith(`${prefix}/`) ? route(req.method ?? 'GET', path.slice(prefix.length)) : null;
    if (failures.count > 0 && (!failures.on || failures.on === call?.operation)) {
      failures = { ...failures, count: failures.count - 1 };
      if (failures.status === 'drop') return req.socket.destroy();
      res.writeHead(failures.status);
      return res.end();
    }
    if (req.headers.authorization !== expectedAuth) {
      res.writeHead(401);
      return res.end();
    }
    if (!call) {
      res.writeHead(404);
      return res.end();
    }
    const hook = hooks.get(call.operation);
    if (hook) {
      hooks.delete(call.operation);
      hook();
    }
    if (call.operation === 'client_token') {
      const token = Buffer.from(
        JSON.stringify({ version: 2, authorizationFingerprint: randomBytes(16).toString('hex'), merchantId }),
      ).toString('base64');
      return sendXml(res, 201, `<client-token>${el('value', token)}</client-token>`);
    }
    if (call.operation === 'sale') return sale(res, body);
    const t = transactions.get(call.transactionId);
    if (!t) {
      res.writeHead(404);
      return res.end();
    }
    if (call.operation === 'void') return voidSale(res, t);
    if (call.operation === 'refund') return refund(res, t, body);
    return sendXml(res, 200, transactionXml(t));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const port = await listenLocal(server, opts.port);
  return {
    url: `http://127.0.0.1:${port}`,
    merchantId,
    get requests() {
      return requests;
    },
    failNext(count, status, on) {
      failures = { count, status, on };
    },
    settle(transactionId) {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`No fake Braintree transaction ${transactionId}`);
      if (t.status === 'submitted_for_settlement' || t.status === 'settling') t.status = 'settled';
    },
    onNext(operation, fn) {
      hooks.set(operation, fn);
    },
    close: () => closeServer(server),
  };
}
