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
 * Nonces: Braintree's documented test nonces (fake-valid-nonce, fake-valid-visa-nonce,
 * fake-valid-mastercard-nonce, fake-processor-declined-visa-nonce, fake-gateway-rejected-fraud-nonce);
 * anything else is 'Unknown or expired payment_method_nonce.' (91565).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocal, readBody } from '../local-server';

export interface FakeBraintreeRequest {
  method: string;
  path: string;
  /** The JSON body the SDK sent (snake_case keys), if any. */
  body: Record<string, unknown> | null;
  apiVersion: string | undefined;
}

export interface FakeBraintreeServer {
  /** Base URL for `createBraintreeGateway({ baseUrl })`. */
  url: string;
  readonly merchantId: string;
  readonly requests: readonly FakeBraintreeRequest[];
  /** Answer the next `count` requests with this HTTP status and an empty body (e.g. 500, 503). */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

interface StoredTransaction {
  id: string;
  status: string;
  amount: string;
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
    el('type', 'sale'),
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
  params: Record<string, unknown>,
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
    `<params><transaction>${el('type', 'sale')}${el('amount', String(params.amount ?? ''))}</transaction></params>`,
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
  let failures = { count: 0, status: 500 };

  const sale = (res: ServerResponse, body: Record<string, unknown> | null) => {
    const tx = (body?.transaction ?? {}) as Record<string, unknown>;
    const amount =
      typeof tx.amount === 'string' ? tx.amount : tx.amount === undefined ? '' : String(tx.amount);
    const nonce = typeof tx.payment_method_nonce === 'string' ? tx.payment_method_nonce : '';
    const errors: { code: string; attribute: string; message: string }[] = [];
    if (!amount) errors.push({ code: '81502', attribute: 'amount', message: 'Amount is required.' });
    else if (!/^\d{1,8}(\.\d{1,2})?$/.test(amount)) {
      errors.push({ code: '81503', attribute: 'amount', message: 'Amount is an invalid format.' });
    } else if (Number(amount) <= 0) {
      errors.push({ code: '81531', attribute: 'amount', message: 'Amount must be greater than zero.' });
    }
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
    if (errors.length > 0 || !card) return sendXml(res, 422, validationErrorXml(errors, tx));

    const options = (tx.options ?? {}) as Record<string, unknown>;
    const base: StoredTransaction = {
      id: randomBytes(4).toString('hex'),
      status: options.submit_for_settlement === true ? 'submitted_for_settlement' : 'authorized',
      amount: Number(amount).toFixed(2),
      orderId: typeof tx.order_id === 'string' ? tx.order_id : null,
      merchantAccountId: typeof tx.merchant_account_id === 'string' ? tx.merchant_account_id : 'default_sgd',
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      processorResponseType: 'approved',
      gatewayRejectionReason: null,
      card,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    if (nonce === 'fake-processor-declined-visa-nonce') {
      const t = {
        ...base,
        status: 'processor_declined',
        processorResponseCode: '2000',
        processorResponseText: 'Do Not Honor',
        processorResponseType: 'soft_declined',
      };
      transactions.set(t.id, t);
      return sendXml(res, 422, declinedXml(t));
    }
    if (nonce === 'fake-gateway-rejected-fraud-nonce') {
      const t = {
        ...base,
        status: 'gateway_rejected',
        gatewayRejectionReason: 'fraud',
        processorResponseCode: '',
        processorResponseText: '',
        processorResponseType: '',
      };
      transactions.set(t.id, t);
      return sendXml(res, 422, declinedXml(t));
    }
    transactions.set(base.id, base);
    return sendXml(res, 201, transactionXml(base));
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

    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      res.writeHead(failures.status);
      return res.end();
    }
    if (req.headers.authorization !== expectedAuth) {
      res.writeHead(401);
      return res.end();
    }
    const prefix = `/merchants/${merchantId}`;
    if (!path.startsWith(`${prefix}/`)) {
      res.writeHead(404);
      return res.end();
    }
    const rest = path.slice(prefix.length);
    if (req.method === 'POST' && rest === '/client_token') {
      const token = Buffer.from(
        JSON.stringify({ version: 2, authorizationFingerprint: randomBytes(16).toString('hex'), merchantId }),
      ).toString('base64');
      return sendXml(res, 201, `<client-token>${el('value', token)}</client-token>`);
    }
    if (req.method === 'POST' && rest === '/transactions') return sale(res, body);
    const found = /^\/transactions\/([^/]+)$/.exec(rest);
    if (req.method === 'GET' && found) {
      const t = transactions.get(decodeURIComponent(found[1]!));
      if (!t) {
        res.writeHead(404);
        return res.end();
      }
      return sendXml(res, 200, transactionXml(t));
    }
    res.writeHead(404);
    res.end();
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
    failNext(count, status) {
      failures = { count, status };
    },
    close: () => closeServer(server),
  };
}
