import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiConfig } from '../../config';

/**
 * Liveness, readiness and the metrics keep answering under load: a restart, a replica taken out of
 * rotation (turning a spike into an outage) or a blind operator would not help.
 */
const SPARED = new Set(['/healthz', '/readyz', '/metrics']);

/** How often the event loop and the heap are sampled. */
export const SAMPLE_MS = 1000;

/**
 * Load shedding (issue 47): past the event-loop delay or heap thresholds (ApiConfig.overload) every
 * other request is answered at once with 503, Retry-After and the api's error envelope, rather than
 * queued until it times out.
 *
 * Why not @fastify/under-pressure, which does the same: it always runs
 * `monitorEventLoopDelay({ resolution: 10 })`, a timer waking the process 100 times a second. That
 * cost about 300 ms of CPU a minute at rest, the whole of issue 47's idle budget for every process
 * together (docs/performance.md, idle). Here one timer a second samples both: the event-loop delay is
 * how late that timer fires (toobusy-js's measure), which is what a queued request waits too.
 */
export default fp(
  async (app: FastifyInstance, opts: ApiConfig['overload']) => {
    let delayMs = 0;
    let heapUsed = 0;
    let due = performance.now() + SAMPLE_MS;
    const sample = () => {
      const now = performance.now();
      delayMs = Math.max(0, now - due);
      heapUsed = process.memoryUsage().heapUsed;
      due = now + SAMPLE_MS;
      timer.refresh();
    };
    const timer = setTimeout(sample, SAMPLE_MS);
    timer.unref();
    app.addHook('onClose', async () => clearTimeout(timer));

    const overloaded = () =>
      (opts.maxEventLoopDelayMs > 0 && delayMs > opts.maxEventLoopDelayMs) ||
      (opts.maxHeapUsedBytes > 0 && heapUsed > opts.maxHeapUsedBytes);

    app.addHook('onRequest', async (request, reply) => {
      if (!overloaded() || SPARED.has(request.routeOptions.url ?? '')) return;
      return reply
        .status(503)
        .header('retry-after', String(opts.retryAfterSeconds))
        .send({ success: false, message: 'The service is overloaded. Please try again shortly.' });
    });
  },
  { name: 'overload' },
);
