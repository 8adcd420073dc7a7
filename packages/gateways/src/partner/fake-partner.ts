/** Fakes of the partner (WhiteCoat): in-memory client and a local HTTP server speaking the same API. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PARTNER_CODE_PATTERN, type PartnerPatientData } from '@hs/domain';
import { closeServer, listenLocal, readBody, sendJson } from '../local-server';
import {
  type PartnerCancellation,
  type PartnerClient,
  PartnerRejectedError,
  PartnerUnavailableError,
  sanitizePartnerData,
} from './partner-client';

/**
 * Demo booking codes (all for the Basic Health Screening, S$128.00 + 9% GST = S$139.52):
 * - 100000000001: fully paid at the partner (S$139.52, isPaid true) -> balance 0, no card step;
 * - 100000000002: partly paid (S$50.00, isPaid true) -> balance = total - 50.00;
 * - 100000000003: not paid (isPaid false) -> the full total is due;
 * - any other 12-16 digit code (e.g. 999999999999) is unknown.
 * NRICs carry valid checksums; none of these patients is a demo AIA member.
 */
export const DEMO_PARTNER_BOOKINGS: Record<string, PartnerPatientData> = {
  '100000000001': {
    name: 'Wong Kai Xiang',
    email: 'kaixiang.wong@example.com',
    nric: 'S9012345I',
    dateOfBirth: '1990-01-15',
    contact: '91234567',
    address: { postalCode: '560123', unitNumber: '#08-123', street: '123 Ang Mo Kio Avenue 3' },
    packageInfo: { amount: '139.52', isPaid: true },
  },
  '100000000002': {
    name: 'Siti Nurhaliza',
    email: 'siti.n@example.com',
    nric: 'T0234567B',
    dateOfBirth: '2002-07-30',
    contact: '82345678',
    address: { postalCode: '460210', unitNumber: '#03-45', street: '210 Bedok North Street 1' },
    packageInfo: { amount: '50.00', isPaid: true },
  },
  '100000000003': {
    name: 'Ong Bee Hoon',
    email: 'beehoon.ong@example.com',
    nric: 'S8812345Z',
    dateOfBirth: '1988-12-05',
    contact: '93456789',
    address: { postalCode: '120456', unitNumber: '#11-02', street: '456 Clementi Avenue 3' },
    packageInfo: { amount: '139.52', isPaid: false },
  },
};

export interface PartnerConfirmationRecord {
  code: string;
  referenceNumber: string;
  registrationId: string;
  paidCents: number;
}

export interface PartnerCancellationRecord extends PartnerCancellation {
  code: string;
}

export interface FakePartnerClient extends PartnerClient {
  /** Confirmations received, one per code and reference number (repeats are idempotent). */
  readonly confirmations: readonly PartnerConfirmationRecord[];
  /** Cancellation notices received, one per code and reference number (repeats are idempotent). */
  readonly cancellations: readonly PartnerCancellationRecord[];
  /** Number of getBooking calls. */
  readonly lookups: number;
  /** While true, every call throws PartnerUnavailableError. */
  setUnavailable(down: boolean): void;
}

const clone = <T>(v: T): T => structuredClone(v);

/** In-memory partner client; default bookings are DEMO_PARTNER_BOOKINGS. */
export function createFakePartnerClient(
  bookings: Record<string, PartnerPatientData> = DEMO_PARTNER_BOOKINGS,
): FakePartnerClient {
  const confirmations: PartnerConfirmationRecord[] = [];
  const cancellations: PartnerCancellationRecord[] = [];
  let lookups = 0;
  let down = false;
  return {
    get confirmations() {
      return confirmations;
    },
    get cancellations() {
      return cancellations;
    },
    get lookups() {
      return lookups;
    },
    setUnavailable(value) {
      down = value;
    },
    async getBooking(code) {
      lookups++;
      if (down) throw new PartnerUnavailableError();
      const value = String(code ?? '').trim();
      const found = Object.hasOwn(bookings, value) ? bookings[value] : undefined;
      return found ? sanitizePartnerData(clone(found)) : null;
    },
    async confirmBooking(code, confirmation) {
      if (down) throw new PartnerUnavailableError();
      const value = String(code ?? '').trim();
      if (!Object.hasOwn(bookings, value)) throw new PartnerRejectedError(404, 'Unknown booking code');
      const outcome = recordConfirmation(confirmations, { code: value, ...confirmation });
      if (outcome === 'conflict') throw new PartnerRejectedError(409, 'Booking code already confirmed');
    },
    async cancelBooking(code, cancellation) {
      if (down) throw new PartnerUnavailableError();
      const value = String(code ?? '').trim();
      if (!Object.hasOwn(bookings, value)) throw new PartnerRejectedError(404, 'Unknown booking code');
      recordCancellation(cancellations, { code: value, ...cancellation });
    },
  };
}

function recordCancellation(list: PartnerCancellationRecord[], c: PartnerCancellationRecord): void {
  if (list.some((x) => x.code === c.code && x.referenceNumber === c.referenceNumber)) return;
  list.push({ code: c.code, referenceNumber: c.referenceNumber, registrationId: c.registrationId });
}

function recordConfirmation(
  list: PartnerConfirmationRecord[],
  c: PartnerConfirmationRecord,
): 'new' | 'repeat' | 'conflict' {
  const same = list.find((x) => x.code === c.code);
  if (same) return same.referenceNumber === c.referenceNumber ? 'repeat' : 'conflict';
  list.push({
    code: c.code,
    referenceNumber: c.referenceNumber,
    registrationId: c.registrationId,
    paidCents: c.paidCents,
  });
  return 'new';
}

export interface FakePartnerServer {
  /** The base URL for createHttpPartnerClient / PARTNER_API_URL. */
  url: string;
  readonly confirmations: readonly PartnerConfirmationRecord[];
  readonly cancellations: readonly PartnerCancellationRecord[];
  /** Requests received (all routes, failures included). */
  readonly requests: number;
  /** Answer the next `count` requests with this status (default 503) and no data. */
  failNext(count: number, status?: number): void;
  /** Delay every answer (to test time-outs). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/**
 * A real local HTTP server (127.0.0.1, random port unless given) speaking the partner API the HTTP
 * client uses (see partner-client.ts). When `apiKey` is set, requests without it get 401.
 * A code is confirmed at most once: the same reference again is idempotent (200), another is 409.
 * A cancellation notice is recorded once per code and reference (repeats answer 200).
 */
export async function startFakePartnerServer(
  opts: { port?: number; bookings?: Record<string, PartnerPatientData>; apiKey?: string } = {},
): Promise<FakePartnerServer> {
  const bookings = opts.bookings ?? DEMO_PARTNER_BOOKINGS;
  const confirmations: PartnerConfirmationRecord[] = [];
  const cancellations: PartnerCancellationRecord[] = [];
  let requests = 0;
  let delayMs = 0;
  let failures = { count: 0, status: 503 };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    requests++;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      return sendJson(res, failures.status, { success: false, message: 'Service unavailable' });
    }
    if (opts.apiKey && req.headers['x-api-key'] !== opts.apiKey) {
      return sendJson(res, 401, { success: false, message: 'Unauthorized' });
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const m = /^\/bookings\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    if (!m) return sendJson(res, 404, { success: false, message: 'Not found' });
    const code = decodeURIComponent(m[1]!);
    if (!PARTNER_CODE_PATTERN.test(code)) {
      return sendJson(res, 400, { success: false, message: 'Invalid booking code format' });
    }
    const booking = Object.hasOwn(bookings, code) ? bookings[code] : undefined;
    if (!booking) return sendJson(res, 404, { success: false, message: 'Booking not found' });

    if (!m[2] && req.method === 'GET') return sendJson(res, 200, { success: true, data: booking });
    if (m[2] && req.method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return sendJson(res, 400, { success: false, message: 'Invalid JSON' });
      }
      if (typeof body.referenceNumber !== 'string' || !body.referenceNumber) {
        return sendJson(res, 400, { success: false, message: 'referenceNumber is required' });
      }
      if (m[2] === '/cancel') {
        recordCancellation(cancellations, {
          code,
          referenceNumber: body.referenceNumber,
          registrationId: String(body.registrationId ?? ''),
        });
        return sendJson(res, 200, { success: true });
      }
      const outcome = recordConfirmation(confirmations, {
        code,
        referenceNumber: body.referenceNumber,
        registrationId: String(body.registrationId ?? ''),
        paidCents: typeof body.paidCents === 'number' ? body.paidCents : 0,
      });
      if (outcome === 'conflict') {
        return sendJson(res, 409, { success: false, message: 'Booking code already confirmed' });
      }
      return sendJson(res, 200, { success: true });
    }
    return sendJson(res, 405, { success: false, message: 'Method not allowed' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { success: false, message: 'Internal error' });
    });
  });
  const port = await listenLocal(server, opts.port);
  return {
    url: `http://127.0.0.1:${port}`,
    get confirmations() {
      return confirmations;
    },
    get cancellations() {
      return cancellations;
    },
    get requests() {
      return requests;
    },
    failNext(count, status = 503) {
      failures = { count, status };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () => closeServer(server),
  };
}
