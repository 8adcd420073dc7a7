/**
 * `/metrics` (issue 47): the api's series in the Prometheus text format, for a request carrying
 * `Authorization: Bearer $METRICS_TOKEN`; 404 when no METRICS_TOKEN is set. Counts every request by
 * route template, method and status, and the booking route's accepted and refused bookings by reason.
 */
import { ErrorResponseSchema, FileResponse } from '@hs/contracts';
import { CommandRefusedError } from '@hs/eventstore';
import { observeCalls } from '@hs/gateways';
import {
  METRICS_CONTENT_TYPE,
  type Metrics,
  bearerMatches,
  recordOutsideCall,
  renderMetrics,
} from '@hs/metrics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthorized } from '../../errors';
import { logLagCollector, queueCollector } from '../../metrics-collectors';
import { checkReadiness } from '../../routes/health';
import type { OutsideWorld } from './outside-world';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const BOOKING_ROUTE = '/api/registrations';
const refusals = new WeakMap<FastifyRequest, string>();

/** A refused booking's reason: the domain's refusal code, else what its status says. */
function reasonFor(request: FastifyRequest, status: number): string {
  const refusal = refusals.get(request);
  if (refusal) return refusal;
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  return status >= 500 ? 'error' : 'invalid';
}

/** The insurer, the partner and both card gateways, each call timed and counted (recordOutsideCall). */
export function observeWorld(world: OutsideWorld, metrics: Metrics): OutsideWorld {
  const onCall = recordOutsideCall(metrics);
  return {
    memberVerifier: observeCalls(world.memberVerifier, 'insurer', onCall),
    partner: observeCalls(world.partner, 'partner', onCall),
    payments: {
      test: observeCalls(world.payments.test, 'card-test', onCall),
      live: observeCalls(world.payments.live, 'card-live', onCall),
    },
    payNow: world.payNow ? observeCalls(world.payNow, 'paynow', onCall) : null,
    payNowFakeUrl: world.payNowFakeUrl,
    singpass: world.singpass ? observeCalls(world.singpass, 'singpass', onCall) : null,
  };
}

export default fp(
  async (
    app: FastifyInstance,
    opts: { metrics: Metrics; token: string | undefined; bullmqPrefix: string },
  ) => {
    const { metrics, token } = opts;
    app.decorate('metrics', metrics);

    app.addHook('onError', async (request, _reply, err) => {
      if (err instanceof CommandRefusedError) refusals.set(request, err.code);
    });
    app.addHook('onResponse', async (request, reply) => {
      // Unmatched paths share one label: a scanner's URLs must not become series.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const labels = { method: request.method, route, status_code: String(status) };
      metrics.httpRequests.inc(labels);
      metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
      if (request.method === 'POST' && route === BOOKING_ROUTE) {
        if (status === 201) metrics.bookingsAccepted.inc();
        else metrics.bookingsRefused.inc({ reason: reasonFor(request, status) });
      }
    });

    const ready = {
      collect: async () => {
        metrics.ready.set((await checkReadiness(app)).up ? 1 : 0);
      },
      clear: () => metrics.ready.set(0),
    };
    const log = logLagCollector(app.sql, metrics);
    const queues = queueCollector(app.redis, opts.bullmqPrefix, metrics);
    app.addHook('onClose', () => queues.close());

    app.get(
      '/metrics',
      {
        config: { rateLimit: false },
        schema: {
          summary: 'Prometheus metrics (text format) for a bearer METRICS_TOKEN',
          description:
            "The api's series in the Prometheus text exposition format: HTTP requests, bookings, payments, refunds, outside calls, projection and reactor lag, queue depth, process CPU, memory and event-loop lag. Needs `Authorization: Bearer <METRICS_TOKEN>` (the operator's token, not a staff login); without METRICS_TOKEN configured it answers 404. docs/operations.md lists the series and what to alert on.",
          tags: ['system'],
          response: {
            200: FileResponse(METRICS_CONTENT_TYPE, 'Prometheus text exposition format 0.0.4'),
            401: ErrorResponseSchema,
            404: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!token) throw notFound('Not found');
        if (!bearerMatches(request.headers.authorization, token))
          throw unauthorized('A valid metrics token is required');
        const text = await renderMetrics(metrics, { ready, log, queues });
        return reply.type(METRICS_CONTENT_TYPE).send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['db', 'redis'] },
);
