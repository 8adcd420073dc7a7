/**
 * Member verification (AIA Health Shield): one interface, an HTTP adapter with a 5 s time-out,
 * an in-memory fake and a fake HTTP server speaking the adapter's API (tests and the demo).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_VERIFICATION_TIMEOUT_MS,
  type MembershipVerificationResponse,
  normalizeIdentificationNumber,
} from '@hs/domain';
import { fetchJson, HttpCallError } from '../http';
import { closeServer, listenLocal, readBody, sendJson } from '../local-server';

export interface MemberVerificationInput {
  identificationNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

export interface MemberVerifier {
  verify(input: MemberVerificationInput): Promise<MembershipVerificationResponse>;
}

/**
 * The verification service could not answer (time-out, network, HTTP error, unreadable answer).
 * Its message is safe to show (it goes through `mapMembershipError`): no identification number in it.
 */
export class MemberVerificationError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'unavailable' | 'bad-answer',
  ) {
    super(message);
    this.name = 'MemberVerificationError';
  }
}

export const MEMBER_VERIFICATION_ERROR_MESSAGES = {
  timeout: 'AIA verification timed out',
  unavailable: 'AIA verification service unavailable',
  badAnswer: 'AIA verification returned an unreadable answer',
} as const;

/**
 * Demo AIA Health Shield members (valid NRIC/FIN checksums), known to the fake verifier and the fake
 * verification server. Verification needs both the number and the date of birth.
 */
export const DEMO_MEMBERS: readonly { identificationNumber: string; dateOfBirth: string; name: string }[] =
  Object.freeze([
    { identificationNumber: 'S8012345J', dateOfBirth: '1980-05-14', name: 'Tan Wei Ming' },
    { identificationNumber: 'S7654321F', dateOfBirth: '1976-11-02', name: 'Lim Mei Ling' },
    { identificationNumber: 'T0123456G', dateOfBirth: '2001-03-21', name: 'Nur Aisyah binti Rahman' },
    { identificationNumber: 'G1234567X', dateOfBirth: '1988-08-08', name: 'Rajesh Kumar' },
  ]);

/** The answer for a number and date of birth, against a member list (what the fakes say). */
export function answerForMember(
  members: readonly { identificationNumber: string; dateOfBirth: string }[],
  input: MemberVerificationInput,
): MembershipVerificationResponse {
  const id = normalizeIdentificationNumber(input.identificationNumber);
  const dob = String(input.dateOfBirth ?? '').trim();
  const found = members.some(
    (m) => normalizeIdentificationNumber(m.identificationNumber) === id && m.dateOfBirth === dob,
  );
  if (found) {
    return {
      status: 'success',
      isAiaMember: true,
      message: MEMBERSHIP_MESSAGES.verified,
      benefitProfileData: { succeeded: true, data: [{ isValid: true }] },
    };
  }
  return {
    status: 'success',
    isAiaMember: false,
    message: MEMBERSHIP_MESSAGES.notFound,
    benefitProfileData: { succeeded: true, data: [] },
  };
}

/** In-memory verifier for tests and the demo; default members are DEMO_MEMBERS. */
export function createFakeMemberVerifier(
  members: readonly { identificationNumber: string; dateOfBirth: string }[] = DEMO_MEMBERS,
): MemberVerifier & { readonly calls: number } {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async verify(input) {
      calls++;
      return answerForMember(members, input);
    },
  };
}

/**
 * Keeps only the fields of the verification answer the product uses, with their expected types
 * (benefit entries are reduced to `isValid`: nothing else of a member's policy leaves this adapter).
 */
export function sanitizeVerificationResponse(body: unknown): MembershipVerificationResponse {
  if (!body || typeof body !== 'object') {
    throw new MemberVerificationError(MEMBER_VERIFICATION_ERROR_MESSAGES.badAnswer, 'bad-answer');
  }
  const b = body as Record<string, unknown>;
  const out: MembershipVerificationResponse = {};
  if (typeof b.status === 'string') out.status = b.status;
  if (typeof b.isAiaMember === 'boolean') out.isAiaMember = b.isAiaMember;
  if (typeof b.message === 'string') out.message = b.message;
  const profile = b.benefitProfileData;
  if (profile && typeof profile === 'object') {
    const p = profile as Record<string, unknown>;
    out.benefitProfileData = {
      succeeded: p.succeeded === true,
      data: Array.isArray(p.data)
        ? p.data.map((entry) => ({
            isValid:
              !!entry && typeof entry === 'object' && (entry as { isValid?: unknown }).isValid === true,
          }))
        : [],
    };
  }
  return out;
}

/**
 * HTTP adapter: `POST {url}` with JSON `{ identificationNumber, dateOfBirth }` (number uppercased),
 * `x-api-key` when given; answers a MembershipVerificationResponse. No retries: the wizard waits on it
 * and a failure falls back to standard pricing. Throws MemberVerificationError on time-out (default 5 s),
 * network failure, HTTP error or an unreadable answer.
 */
export function createHttpMemberVerifier(opts: {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}): MemberVerifier {
  const timeoutMs = opts.timeoutMs ?? MEMBERSHIP_VERIFICATION_TIMEOUT_MS;
  return {
    async verify(input) {
      let res: Awaited<ReturnType<typeof fetchJson>>;
      try {
        res = await fetchJson(opts.url, {
          method: 'POST',
          timeoutMs,
          headers: opts.apiKey ? { 'x-api-key': opts.apiKey } : {},
          body: {
            identificationNumber: normalizeIdentificationNumber(input.identificationNumber),
            dateOfBirth: String(input.dateOfBirth ?? '').trim(),
          },
        });
      } catch (error) {
        if (error instanceof HttpCallError && error.kind === 'timeout') {
          throw new MemberVerificationError(MEMBER_VERIFICATION_ERROR_MESSAGES.timeout, 'timeout');
        }
        if (error instanceof HttpCallError && error.kind === 'body') {
          throw new MemberVerificationError(MEMBER_VERIFICATION_ERROR_MESSAGES.badAnswer, 'bad-answer');
        }
        throw new MemberVerificationError(MEMBER_VERIFICATION_ERROR_MESSAGES.unavailable, 'unavailable');
      }
      if (res.status < 200 || res.status >= 300) {
        throw new MemberVerificationError(MEMBER_VERIFICATION_ERROR_MESSAGES.unavailable, 'unavailable');
      }
      return sanitizeVerificationResponse(res.body);
    },
  };
}

export interface FakeMemberVerifierServer {
  /** The URL to give createHttpMemberVerifier. */
  url: string;
  /** Requests received (numbers masked are not kept: only the count). */
  readonly requests: number;
  /** Delay every answer (to test time-outs). */
  setDelay(ms: number): void;
  /** Answer the next `count` requests with this HTTP status. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking the verifier's API (127.0.0.1, random port unless given), for
 * integration tests and the demo. Checks `x-api-key` when `apiKey` is set (401 otherwise).
 */
export async function startFakeMemberVerifierServer(
  opts: {
    port?: number;
    apiKey?: string;
    members?: readonly { identificationNumber: string; dateOfBirth: string }[];
  } = {},
): Promise<FakeMemberVerifierServer> {
  const members = opts.members ?? DEMO_MEMBERS;
  let requests = 0;
  let delayMs = 0;
  let failures: { count: number; status: number } = { count: 0, status: 503 };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    requests++;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      return sendJson(res, failures.status, { status: 'error', message: 'Service unavailable' });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { status: 'error', message: 'Method not allowed' });
    if (opts.apiKey && req.headers['x-api-key'] !== opts.apiKey) {
      return sendJson(res, 401, { status: 'error', message: 'Unauthorized' });
    }
    let input: Partial<MemberVerificationInput>;
    try {
      input = JSON.parse(body || '{}');
    } catch {
      return sendJson(res, 400, { status: 'error', message: 'Invalid JSON' });
    }
    if (typeof input.identificationNumber !== 'string' || typeof input.dateOfBirth !== 'string') {
      return sendJson(res, 400, {
        status: 'error',
        message: 'identificationNumber and dateOfBirth are required',
      });
    }
    sendJson(res, 200, answerForMember(members, input as MemberVerificationInput));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { status: 'error', message: 'Internal error' });
    });
  });
  const port = await listenLocal(server, opts.port);
  return {
    url: `http://127.0.0.1:${port}/verify-aia-healthshield`,
    get requests() {
      return requests;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    failNext(count, status = 503) {
      failures = { count, status };
    },
    close: () => closeServer(server),
  };
}
