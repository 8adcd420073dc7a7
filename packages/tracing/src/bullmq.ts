/**
 * BullMQ's own telemetry (bullmq-otel): passed as `telemetry` to a Queue or Worker, it makes a
 * producer span per add and a consumer span per job processed, the job carrying its producer's trace
 * context in its options. Undefined while tracing is off, so BullMQ runs untraced (no wrapper at all).
 */
import { BullMQOtel } from 'bullmq-otel';
import { type TraceCarrier, tracingEnabled } from './span';

let telemetry: BullMQOtel | undefined;

export function bullmqTelemetry(): BullMQOtel | undefined {
  if (!tracingEnabled()) return undefined;
  telemetry ??= new BullMQOtel({ tracerName: 'bullmq' });
  return telemetry;
}

/**
 * A job's `telemetry` option that makes its processing a child of `cause` (an event's trace context)
 * rather than of the span that added it; bullmq-otel's metadata is the propagation carrier as JSON.
 */
export function jobTelemetryFor(cause: TraceCarrier | undefined): { metadata: string } | undefined {
  if (!tracingEnabled() || !cause?.traceparent) return undefined;
  return {
    metadata: JSON.stringify({
      traceparent: cause.traceparent,
      ...(cause.tracestate ? { tracestate: cause.tracestate } : {}),
    }),
  };
}
