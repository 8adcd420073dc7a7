import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every series the api and the worker expose, defined once. Each process builds its own set on its
 * own registry (`createMetrics`), so a test that runs several apps in one process counts each apart.
 * Names follow Prometheus conventions: base units (`_seconds`, `_bytes`), `_total` on counters, and
 * the application's own series under `hs_`. Labels take only bounded values (route templates, domain
 * error codes, queue and subscription names), never ids or addresses.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process CPU and memory, heap, handles and event-loop lag (nodejs_eventloop_lag_seconds and its
  // percentiles): prom-client's default set.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template, method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'How long HTTP requests took to answer, by route template, method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    bookingsAccepted: new Counter({
      name: 'hs_bookings_accepted_total',
      help: 'Bookings the api accepted (POST /api/registrations answered 201)',
      registers,
    }),
    bookingsRefused: new Counter({
      name: 'hs_bookings_refused_total',
      help: "Bookings the api refused, by reason: the domain's refusal code, or invalid, conflict, not_found, rate_limited, unavailable, error",
      labelNames: ['reason'] as const,
      registers,
    }),
    payments: new Counter({
      name: 'hs_payments_total',
      help: 'Card charges by outcome (succeeded, declined, invalid, error: the outcome is unknown)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    refunds: new Counter({
      name: 'hs_refunds_total',
      help: 'Refunds and voids sent to the card gateway by outcome (refunded, voided, refused, error)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    emailDeliveries: new Counter({
      name: 'hs_email_deliveries_total',
      help: 'Emails handed to the mail server by outcome (sent, temporary_failure: retried, permanent_failure)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    gatewayCallDuration: new Histogram({
      name: 'hs_gateway_call_duration_seconds',
      help: 'Calls to the outside world (card gateway, insurer, partner, SMS, mail server) by gateway, operation and outcome (ok, refused, error)',
      labelNames: ['gateway', 'operation', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    jobs: new Counter({
      name: 'hs_jobs_total',
      help: 'BullMQ job attempts this worker finished, by queue and outcome (completed; failed: an attempt that failed, retried while attempts remain)',
      labelNames: ['queue', 'outcome'] as const,
      registers,
    }),
    subscriptionLagEvents: new Gauge({
      name: 'hs_subscription_lag_events',
      help: 'Events in the log after the checkpoint of each projection and reactor (counted up to 1,000,000)',
      labelNames: ['subscription'] as const,
      registers,
    }),
    subscriptionLagSeconds: new Gauge({
      name: 'hs_subscription_lag_seconds',
      help: 'Age of the oldest event each projection and reactor has not handled yet (0 when caught up)',
      labelNames: ['subscription'] as const,
      registers,
    }),
    subscriptionParkedEvents: new Gauge({
      name: 'hs_subscription_parked_events',
      help: 'Events each projection and reactor parked (skipped until staff retry them)',
      labelNames: ['subscription'] as const,
      registers,
    }),
    queueJobs: new Gauge({
      name: 'hs_queue_jobs',
      help: 'BullMQ jobs per queue and state (waiting, active, delayed, prioritized, failed, completed)',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    queueOldestWaitingSeconds: new Gauge({
      name: 'hs_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job waiting in each queue since it was created (0 when none waits)',
      labelNames: ['queue'] as const,
      registers,
    }),
    ready: new Gauge({
      name: 'hs_ready',
      help: 'What /readyz says at scrape time: 1 when the api can serve (Postgres answers, the schema is at head), else 0',
      registers,
    }),
    collectorUp: new Gauge({
      name: 'hs_metrics_collector_up',
      help: 'Whether the last scrape-time read of the log or the queues answered (1) or failed or timed out (0)',
      labelNames: ['collector'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
