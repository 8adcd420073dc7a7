/**
 * The spans our own code makes, on the OpenTelemetry API alone (no SDK here). Until startTracing has
 * started one, `enabled` is false and every helper returns at once: no span, no context, no carrier,
 * so a process without OTEL_EXPORTER_OTLP_ENDPOINT pays one boolean test per traced call.
 */
import {
  type Attributes,
  type Context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';

let enabled = false;

/** True once startTracing has started the SDK (and until its shutdown). */
export const tracingEnabled = (): boolean => enabled;

/** Set by startTracing only. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

/** A trace context as W3C Trace Context carries it; what an event's metadata keeps of its cause. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

export interface WithSpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
  links?: Link[];
  /** A trace of its own (a batch of a long-running loop), not a child of whatever is active. */
  root?: boolean;
  /** Only inside another span (a request, a job, a batch): otherwise just `fn()`. */
  requireParent?: boolean;
  /** When the span began, if before this call (ms since the epoch, see `now`). */
  startTime?: number;
}

const tracer = () => trace.getTracer('@hs');

/**
 * Runs `fn` in a span named `name` (its child spans nest under it); a failure is recorded on the span
 * and rethrown. With tracing off, just `fn()`, and `span` is undefined.
 */
export function withSpan<T>(
  name: string,
  fn: (span: Span | undefined) => Promise<T>,
  options: WithSpanOptions = {},
): Promise<T> {
  if (!enabled || (options.requireParent && !trace.getActiveSpan())) return fn(undefined);
  const parent = options.root ? ROOT_CONTEXT : context.active();
  const span = tracer().startSpan(name, spanOptions(options), parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

function spanOptions(options: WithSpanOptions) {
  return {
    attributes: options.attributes,
    kind: options.kind ?? SpanKind.INTERNAL,
    links: options.links,
    ...(options.startTime !== undefined ? { startTime: options.startTime } : {}),
  };
}

/** Now, in ms since the epoch with sub-ms precision (a span's start or end time); 0 with tracing off. */
export const now = (): number => (enabled ? performance.timeOrigin + performance.now() : 0);

/**
 * A span for something that already happened (from `startTime` until now), under the active span: a
 * read whose span is worth keeping only once its result shows there was work (a subscription's batch).
 */
export function recordSpan(name: string, startTime: number, options: WithSpanOptions = {}): void {
  if (!enabled) return;
  tracer()
    .startSpan(name, spanOptions({ ...options, startTime }))
    .end();
}

/** The active trace context as a carrier (traceparent, tracestate), or undefined when there is none. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!enabled) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a carrier describes (ROOT_CONTEXT when it has none). */
export function contextOf(carrier: TraceCarrier | undefined): Context {
  return carrier?.traceparent ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** Span links to the distinct, valid contexts among `carriers` (a batch's events' causes). */
export function linksTo(carriers: Iterable<TraceCarrier | undefined>): Link[] {
  if (!enabled) return [];
  const links = new Map<string, Link>();
  for (const carrier of carriers) {
    const spanContext = carrier?.traceparent ? trace.getSpanContext(contextOf(carrier)) : undefined;
    if (spanContext && !links.has(spanContext.spanId))
      links.set(spanContext.spanId, { context: spanContext });
  }
  return [...links.values()];
}

/** Runs `fn` with `key` set to `value` on the active context (tracing off: just `fn()`). */
export function withContextValue<T>(key: symbol, value: unknown, fn: () => T): T {
  if (!enabled) return fn();
  return context.with(context.active().setValue(key, value), fn);
}

/** A value withContextValue put on the active context. */
export function activeContextValue(key: symbol): unknown {
  return enabled ? context.active().getValue(key) : undefined;
}

export { SpanKind };
