import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiConfig } from '../../config';

/**
 * Liveness, readiness and the metrics keep answering under load: a restart, a replica taken out of
 * rotation (turning a spike into an outage) or a blind operator would not help.
 */
const SPARED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Load shedding (issue 47): past the event-loop delay or heap thresholds (ApiConfig.overload) every
 * other request is answered at once with 503, Retry-After and the api's error envelope, rather than
 * queued until it times out. @fastify/under-pressure samples both once a second.
 */
export default fp(
  async (app: FastifyInstance, opts: ApiConfig['overload']) => {
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      maxHeapUsedBytes: opts.maxHeapUsedBytes,
      retryAfter: opts.retryAfterSeconds,
      pressureHandler: (request, reply) => {
        if (SPARED.has(request.routeOptions.url ?? '')) return; // served as usual
        // Sent here, the request goes no further (the plugin's documented way).
        reply
          .status(503)
          .header('retry-after', String(opts.retryAfterSeconds))
          .send({ success: false, message: 'The service is overloaded. Please try again shortly.' });
      },
    });
  },
  { name: 'under-pressure' },
);
