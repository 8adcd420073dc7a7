/**
 * Typed HTTP client for the product API (spec section 7, generic rules):
 * - a request with a body sends it as JSON with a JSON content type;
 * - GET params are appended as a query string, skipping null and undefined;
 * - paths containing `/api/admin/` carry `Authorization: Bearer <auth_token from localStorage>`;
 * - every request sends cookies (`credentials: 'include'`);
 * - any non-OK response throws an {@link ApiError} whose message is exactly `'{status}: {body}'`.
 */

export const AUTH_TOKEN_KEY = 'auth_token';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Appended to the URL as a query string; null/undefined entries are skipped. */
  params?: QueryParams;
  /** Serialised as JSON (FormData, Blob and URLSearchParams are sent as they are). */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** How to read a successful body; `auto` parses JSON when the response says it is JSON, else text. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
}

/** The common `{ success, data, message }` envelope of the API. */
export interface ApiEnvelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code. */
  readonly status: number;
  /** Response body: parsed JSON when it is JSON, else the raw text. */
  readonly body: unknown;
  /** Raw response text. */
  readonly bodyText: string;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseMaybeJson(bodyText);
  }

  /** The server's `message` field (`{ success: false, message }`), when there is one. */
  get serverMessage(): string | undefined {
    const body = this.body;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a user: the server's message if it sent one, else the error's own. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function parseMaybeJson(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function serialiseValue(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Paths that carry the admin's bearer token: everything under /api/admin/ (spec section 6), and the
 * two admin previews the spec places at /api/test-email and /api/test-pdf.
 */
export function needsAdminToken(path: string): boolean {
  return path.includes('/api/admin/') || /^\/api\/test-(email|pdf)(\?|$)/.test(path);
}

/** Builds `path?query`, skipping null/undefined values; arrays become repeated keys. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === null || value === undefined) continue;
      search.append(key, serialiseValue(value));
    }
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

export async function request<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { params, body, signal, responseType = 'auto' } = options;
  const headers = new Headers(options.headers);
  headers.set('Accept', headers.get('Accept') ?? 'application/json');

  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }

  if (needsAdminToken(path) && !headers.has('Authorization')) {
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (payload !== undefined) init.body = payload;
  if (signal) init.signal = signal;

  const response = await fetch(buildUrl(path, params), init);

  if (!response.ok) {
    throw new ApiError(response.status, await response.text());
  }

  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (responseType === 'text') return text as T;
  if (response.status === 204 || text === '') return undefined as T;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (responseType === 'json' || contentType.includes('json')) return JSON.parse(text) as T;
  return text as T;
}

type NoBodyOptions = Omit<RequestOptions, 'params' | 'body'>;
type BodyOptions = Omit<RequestOptions, 'body'>;

export const api = {
  request,
  get: <T = unknown>(path: string, params?: QueryParams, options?: NoBodyOptions) =>
    request<T>('GET', path, { ...options, params }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: BodyOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options),
};

/**
 * SWR key: a path, or a `[path, params]` tuple, e.g.
 * `useSWR(['/api/auto-timeslots/postal-code', { postalCode, eventId }])`.
 * A null key (SWR's "don't fetch") never reaches the fetcher.
 */
export type SwrKey = string | readonly [path: string, params?: QueryParams];

/** The default SWR fetcher: GET the key and resolve with the parsed body. */
export function fetcher<T = unknown>(key: SwrKey): Promise<T> {
  if (typeof key === 'string') return api.get<T>(key);
  const [path, params] = key;
  return api.get<T>(path, params);
}
