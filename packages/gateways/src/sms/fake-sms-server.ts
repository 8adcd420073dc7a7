/**
 * A local HTTP server speaking the Twilio Messages API shape the SMS adapter uses (sms-gateway.ts):
 * it checks basic auth and the form fields and stores what it received. Tests and the demo use it.
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { closeServer, listenLocal, readBody, sendJson } from '../local-server';

export interface ReceivedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
  at: string;
}

export interface FakeSmsServer {
  /** The base URL for SMS_PROVIDER_URL. */
  url: string;
  readonly messages: readonly ReceivedSms[];
  /** Requests received, failures included. */
  readonly requests: number;
  /** Answer the next `count` requests with this status (default 500). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startFakeSmsServer(
  opts: {
    port?: number;
    accountSid?: string;
    authToken?: string;
    /** Called with each message accepted (the demo logs them). */
    onMessage?: (message: ReceivedSms) => void;
  } = {},
): Promise<FakeSmsServer> {
  const messages: ReceivedSms[] = [];
  let requests = 0;
  let failures = { count: 0, status: 500 };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    requests++;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      return sendJson(res, failures.status, {
        code: 20500,
        message: 'Internal Server Error',
        status: failures.status,
      });
    }
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec((req.url ?? '/').split('?')[0]!);
    if (!m || req.method !== 'POST')
      return sendJson(res, 404, { code: 20404, message: 'Not found', status: 404 });
    const account = decodeURIComponent(m[1]!);
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    const authOk =
      user === account &&
      (!opts.accountSid || user === opts.accountSid) &&
      (!opts.authToken || pass === opts.authToken);
    if (!authOk) return sendJson(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(raw);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!E164.test(to)) {
      return sendJson(res, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    }
    if (!from || !body)
      return sendJson(res, 400, { code: 21602, message: 'From and Body are required', status: 400 });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const received = { sid, accountSid: account, to, from, body, at: new Date().toISOString() };
    messages.push(received);
    opts.onMessage?.(received);
    return sendJson(res, 201, { sid, status: 'queued', to, from, body, account_sid: account });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => sendJson(res, 500, { code: 20500, message: 'fake failed', status: 500 }));
  });
  const port = await listenLocal(server, opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    get messages() {
      return messages;
    },
    get requests() {
      return requests;
    },
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () => closeServer(server),
  };
}
