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
  // percentiles): prom-client's default set. Its lag histogram samples every 10 ms by default, which
  // alone cost about 300 ms of CPU a minute at rest (bench/idle-cpu); once a second still sees every
  // stall a scrape every 15 s or more can show.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1_000 });
  const registers = [registry];
  // Labels are typed by their literal names, so a call that misspells one fails to compile.
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });

  return {
    registry,
    httpRequests: counter(
      'http_requests_total',
      'HTTP requests answered, by route template, method and status code',
      ['method', 'route', 'status_code'],
    ),
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'How long HTTP requests took to answer, by route template, method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    bookingsAccepted: counter(
      'hs_bookings_accepted_total',
      'Bookings the api accepted (POST /api/registrations answered 201)',
    ),
    bookingsRefused: counter(
      'hs_bookings_refused_total',
      "Bookings the api refused, by reason: the domain's refusal code, or invalid, conflict, not_found, rate_limited, unavailable, error",
      ['reason'],
    ),
    payments: counter(
      'hs_payments_total',
      'Card charges by outcome (succeeded, declined, invalid, error: the outcome is unknown)',
      ['outcome'],
    ),
    refunds: counter(
      'hs_refunds_total',
      'Refunds and voids sent to the card gateway by outcome (refunded, voided, refused, error)',
      ['outcome'],
    ),
    emailDeliveries: counter(
      'hs_email_deliveries_total',
      'Emails handed to the mail server by outcome (sent, temporary_failure: retried, permanent_failure)',
      ['outcome'],
    ),
    gatewayCallDuration: new Histogram({
      name: 'hs_gateway_call_duration_seconds',
      help: 'Calls to the outside world (card gateway, insurer, partner, SMS, mail server) by gateway, operation and outcome (ok, refused, error)',
      labelNames: ['gateway', 'operation', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    jobs: counter(
      'hs_jobs_total',
      'BullMQ job attempts this worker finished, by queue and outcome (completed; failed: an attempt that failed, retried while attempts remain)',
      ['queue', 'outcome'],
    ),
    subscriptionLagEvents: gauge(
      'hs_subscription_lag_events',
      'Events in the log after the checkpoint of each projection and reactor (counted up to 1,000,000)',
      ['subscription'],
    ),
    subscriptionLagSeconds: gauge(
      'hs_subscription_lag_seconds',
      'Age of the oldest event each projection and reactor has not handled yet (0 when caught up)',
      ['subscription'],
    ),
    subscriptionParkedEvents: gauge(
      'hs_subscription_parked_events',
      'Events each projection and reactor parked (skipped until staff retry them)',
      ['subscription'],
    ),
    queueJobs: gauge(
      'hs_queue_jobs',
      'BullMQ jobs per queue and state (waiting, active, delayed, prioritized, failed, completed)',
      ['queue', 'state'],
    ),
    queueOldestWaitingSeconds: gauge(
      'hs_queue_oldest_waiting_seconds',
      'Age of the oldest job waiting in each queue since it was created (0 when none waits)',
      ['queue'],
    ),
    ready: gauge(
      'hs_ready',
      'What /readyz says at scrape time: 1 when the api can serve (Postgres answers, the schema is at head), else 0',
    ),
    collectorUp: gauge(
      'hs_metrics_collector_up',
      'Whether the last scrape-time read of the log or the queues answered (1) or failed or timed out (0)',
      ['collector'],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
