/**
 * The worker's `/metrics` (issue 47): its own small HTTP listener on WORKER_METRICS_PORT, as the worker
 * serves nothing else. The same rule as the api's: only for `Authorization: Bearer $METRICS_TOKEN`.
 * Series: job attempts by queue and outcome, email deliveries, partner and SMS call latency, and
 * prom-client's process set (CPU, memory, event-loop lag). The log's lag and the queues' depth are the
 * api's to report (services/api/src/metrics-collectors.ts).
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { observeCalls } from '@hs/gateways';
import { METRICS_CONTENT_TYPE, type Metrics, bearerMatches, recordOutsideCall } from '@hs/metrics';
import type { Worker } from 'bullmq';

/** `target` (the mailer, the partner or SMS adapter) with each call timed and counted. */
export function observed<T extends object>(metrics: Metrics, target: T, gateway: string): T {
  return observeCalls(target, gateway, recordOutsideCall(metrics));
}

/** Counts each job attempt the BullMQ workers finish. */
export function countJobs(metrics: Metrics, workers: Worker[]): void {
  for (const w of workers) {
    w.on('completed', () => metrics.jobs.inc({ queue: w.name, outcome: 'completed' }));
    w.on('failed', () => metrics.jobs.inc({ queue: w.name, outcome: 'failed' }));
  }
}

export interface MetricsListener {
  url: string;
  close: () => Promise<void>;
}

export async function startMetricsListener(
  metrics: Metrics,
  opts: { port: number; host: string; token: string },
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const answer = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message }));
    };
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return answer(404, 'Not found');
    if (!bearerMatches(req.headers.authorization, opts.token))
      return answer(401, 'A valid metrics token is required');
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
        res.end(text);
      },
      () => answer(500, 'Internal server error'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a scraper's kept-alive connection must not hold the shutdown
      }),
  };
}
