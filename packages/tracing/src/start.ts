/**
 * Starting the OpenTelemetry SDK for one process (api or worker). Without OTEL_EXPORTER_OTLP_ENDPOINT
 * (and no exporter given) nothing is loaded or started: the API stays on its no-op tracer and our
 * helpers (span.ts) return at once. The SDK's modules are imported only here, on demand.
 */
import { createRequire } from 'node:module';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TextMapPropagator } from '@opentelemetry/api';
import { setTracingEnabled } from './span';

export interface TracingOptions {
  /**
   * Where spans go instead of OTLP over HTTP, each as it ends (tests: an InMemorySpanExporter).
   * Without it, OTEL_EXPORTER_OTLP_ENDPOINT must be set, or tracing stays off.
   */
  exporter?: SpanExporter;
  /** Defaults to process.env; the OTLP exporter reads the OTEL_EXPORTER_OTLP_* variables itself. */
  env?: Record<string, string | undefined>;
}

export interface Tracing {
  /** Exports what has ended and is still buffered. */
  flush(): Promise<void>;
  /**
   * Flushes, stops the SDK and puts the no-op tracer back. Waits at most SHUTDOWN_MS for the export:
   * a collector that is down must not hold a process's exit (its exporter would wait 10 s).
   */
  shutdown(): Promise<void>;
}

const SHUTDOWN_MS = 2_000;

/** Health probes are polled every few seconds: a trace each would drown the ones that matter. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/** BullMQ's housekeeping, every 30 s per queue at rest: not a trace of its own (its spans are dropped). */
const HOUSEKEEPING = /^(moveStalledJobsToWait|startStalledCheckTimer)\b/;

/**
 * Starts tracing for `serviceName`, first thing in a process's main (before Fastify, Redis or BullMQ
 * are set up): spans of HTTP requests (@fastify/otel, on every Fastify instance created after this),
 * of Redis commands made inside a traced operation (ioredis), of BullMQ (bullmqTelemetry) and our own
 * (withSpan); W3C Trace Context for propagation. Returns null when tracing stays off.
 */
export async function startTracing(
  serviceName: string,
  options: TracingOptions = {},
): Promise<Tracing | null> {
  const env = options.env ?? process.env;
  if (!options.exporter && !env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [
    { NodeTracerProvider },
    { BatchSpanProcessor, ParentBasedSampler, SamplingDecision, SimpleSpanProcessor },
    { resourceFromAttributes },
    { W3CTraceContextPropagator },
    { registerInstrumentations },
    { IORedisInstrumentation },
    { FastifyOtelInstrumentation },
    api,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@fastify/otel'),
    import('@opentelemetry/api'),
  ]);
  const exporter =
    options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new ParentBasedSampler({
      root: {
        shouldSample: (_context, _traceId, name) => ({
          decision: HOUSEKEEPING.test(name)
            ? SamplingDecision.NOT_RECORD
            : SamplingDecision.RECORD_AND_SAMPLED,
        }),
        toString: () => 'NoHousekeeping',
      },
    }),
    // A test's exporter sees each span as it ends; OTLP gets them in batches, off the request path.
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // A request's own trace headers are not followed: the public does not pick our trace ids or sampling
  // (and what they send would land in the log's metadata). Our carriers (an event's metadata, a job's
  // options) are plain { traceparent } objects; an HTTP request's headers always carry `host`.
  const w3c = new W3CTraceContextPropagator();
  const ownTraceContext: TextMapPropagator = {
    inject: (context, carrier, setter) => w3c.inject(context, carrier, setter),
    extract: (context, carrier, getter) =>
      carrier !== null && typeof carrier === 'object' && 'host' in carrier
        ? context
        : w3c.extract(context, carrier, getter),
    fields: () => w3c.fields(),
  };
  provider.register({ propagator: ownTraceContext });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Only commands inside a traced operation: BullMQ's idle polling would otherwise be a trace each.
      new IORedisInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route: { url?: string }) => UNTRACED_ROUTES.has(route.url ?? ''),
        // Named by the route template, never the path (ids, query strings): `POST /api/registrations`.
        requestHook: (span, request) => {
          const route = request.routeOptions.url;
          span.updateName(route ? `${request.method} ${route}` : request.method);
          // The plugin records the raw path, which can hold tokens (staff invites, waiting-list and
          // opt-out links), references and postal codes: the template only.
          span.setAttribute('url.path', route ?? 'unmatched');
        },
      }),
    ],
  });
  // ioredis was imported (statically, by the main module) before this ran; requiring it again lets
  // the instrumentation's require hook patch its prototype, which every client shares.
  try {
    createRequire(import.meta.url)('ioredis');
  } catch {
    // a process without ioredis has nothing to patch
  }
  setTracingEnabled(true);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setTracingEnabled(false);
      unregister();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_MS);
      });
      await Promise.race([provider.shutdown().catch(() => {}), late]);
      clearTimeout(timer);
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
