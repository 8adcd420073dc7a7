// One small HTTP client for the whole crowd: node:http over a keep-alive agent with a fixed number of
// sockets, so 2,000 visitors cost 50 connections and no per-visitor handshake (the machine has two
// cores, shared with nginx, the api, the worker and Postgres).
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  /** X-Cache-Status from nginx ('' straight from the api, or for what nginx does not cache). */
  cache: string;
  etag: string | undefined;
  /** Milliseconds from sending to the last byte, including any wait for a free socket. */
  ms: number;
  body: string;
}

export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/**
 * One request. `keepBody` false drains the body without decoding it (the load's reads), true returns
 * it as text (setup, bookings).
 */
export function send(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; keepBody?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent, method: options.method ?? 'GET', headers: options.headers, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (options.keepBody) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: String(res.headers['x-cache-status'] ?? ''),
            etag: res.headers.etag,
            ms: performance.now() - started,
            body: options.keepBody ? Buffer.concat(chunks).toString('utf8') : '',
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** GET and parse JSON, failing on anything but 200 (for reading the seeded data before the load). */
export async function getJson<T>(agent: Agent, url: string): Promise<T> {
  const a = await send(agent, url, { keepBody: true });
  if (a.status !== 200) throw new Error(`GET ${url}: ${a.status} ${a.body.slice(0, 500)}`);
  return JSON.parse(a.body) as T;
}
