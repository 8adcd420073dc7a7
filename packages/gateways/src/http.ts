/** Small helpers shared by the HTTP adapters: fetch with a time-out, retries with backoff and jitter. */

/** A fetch that gave up: network failure, time-out or an answer that is not JSON. */
export class HttpCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'status' | 'body',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpCallError';
  }

  /** Worth another attempt: the request may not have reached the server, or the server is struggling. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network') return true;
    return this.kind === 'status' && (this.status === 429 || (this.status ?? 0) >= 500);
  }
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * POST/GET JSON with `AbortSignal.timeout`. Resolves with any HTTP status (the caller decides what a
 * 404 means); rejects with HttpCallError on time-out, network failure or an unreadable body.
 * Error messages never carry the request body or URL query (no personal data in logs).
 */
export async function fetchJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new HttpCallError(`timed out after ${init.timeoutMs} ms`, 'timeout');
    }
    throw new HttpCallError('network error', 'network');
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new HttpCallError(`timed out after ${init.timeoutMs} ms`, 'timeout');
    }
    throw new HttpCallError('network error while reading the answer', 'network');
  }
  if (!text.trim()) return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    if (!response.ok) return { status: response.status, body: null };
    throw new HttpCallError(`answer is not JSON (HTTP ${response.status})`, 'body', response.status);
  }
}

export interface RetryOptions {
  /** Extra attempts after the first. */
  retries: number;
  /** First back-off delay; doubles each attempt. */
  baseDelayMs: number;
  /** Upper bound of one delay. */
  maxDelayMs: number;
  /** Random source in [0, 1), for tests. */
  random?: () => number;
  /** Waiting, for tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** "Full jitter" exponential back-off: a random delay in [0, min(max, base * 2^attempt)]. */
export function backoffDelay(
  attempt: number,
  opts: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
) {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** attempt);
  return Math.floor((opts.random ?? Math.random)() * ceiling);
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, retrying while `shouldRetry(error)` says so, at most `retries` more times. */
export async function withRetries<T>(
  fn: (attempt: number) => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  opts: RetryOptions,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= opts.retries || !shouldRetry(error)) throw error;
      await (opts.sleep ?? sleepMs)(backoffDelay(attempt, opts));
    }
  }
}
