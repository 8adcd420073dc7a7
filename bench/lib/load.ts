// autocannon in-process, with per-request bodies and a per-response hook, and a baseline process.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, root, stopChild, waitReady } from './stack';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  /** Paths to cycle through (GET), or one path (POST). */
  paths: string[];
  /** Per-request JSON body; called once per request sent. */
  body?: () => unknown;
  connections: number;
  seconds?: number;
  amount?: number;
  timeoutSeconds?: number;
  /** Requests per second from all connections together (default: as fast as answered). */
  overallRate?: number;
  onResponse?: (status: number, body: string) => void;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    ...(o.amount ? { amount: o.amount } : { duration: o.seconds ?? 5 }),
    timeout: o.timeoutSeconds ?? 10,
    ...(o.overallRate ? { overallRate: o.overallRate } : {}),
    requests: o.paths.map((path) => ({
      method: o.method ?? 'GET',
      path,
      ...(o.body
        ? {
            headers: { 'content-type': 'application/json' },
            setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(o.body!()) }),
          }
        : {}),
      onResponse: (status: number, body: string) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        o.onResponse?.(status, body);
      },
    })),
  });
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    requests,
    perSecond: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export interface Baseline {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** bench/lib/baseline-server.ts in a process of its own (see there for the routes). */
export async function startBaseline(env: Record<string, string>): Promise<Baseline> {
  const port = await freePort();
  let output = '';
  const child = spawn('node', ['--import', 'tsx', join(root, 'bench/lib/baseline-server.ts')], {
    cwd: root,
    env: { ...(process.env as Record<string, string>), PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/healthz`, 'the baseline', () => output);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, child, stop: () => stopChild(child) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export function machine(): string {
  const [one, five] = loadavg();
  return `load average ${fmt(one!, 2)} (1 min) ${fmt(five!, 2)} (5 min)`;
}

/** Mean of two results (ABBA order): throughput averaged, latency percentiles averaged. */
export function mean(a: LoadResult, b: LoadResult): LoadResult {
  const statuses: Record<string, number> = { ...a.statuses };
  for (const [k, v] of Object.entries(b.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    requests: a.requests + b.requests,
    perSecond: (a.perSecond + b.perSecond) / 2,
    p50: (a.p50 + b.p50) / 2,
    p99: (a.p99 + b.p99) / 2,
    max: Math.max(a.max, b.max),
    statuses,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
  };
}

export const statusLine = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
