/**
 * The event store's spans (issue 47), in one place: the `postgres` driver has no OpenTelemetry
 * instrumentation, so the named statements (append, stream reads, subscription batch reads) are
 * wrapped here, and a subscription's batch gets a span of its own linked to each event's cause.
 * With tracing off (@hs/tracing not started) each helper is one boolean test and a call.
 */
import {
  SpanKind,
  type TraceCarrier,
  activeContextValue,
  jobTelemetryFor,
  linksTo,
  now,
  recordSpan,
  tracingEnabled,
  withContextValue,
  withSpan,
} from '@hs/tracing';
import type { RecordedEvent } from './types';

const DB = { 'db.system.name': 'postgresql' };

/**
 * A statement of the event store, as a client span named `eventstore.<operation>`, only inside a
 * traced operation (a request, a job, a batch).
 */
export function statementSpan<T>(
  operation: string,
  run: () => Promise<T>,
  attributes: Record<string, string | number> = {},
): Promise<T> {
  if (!tracingEnabled()) return run();
  return withSpan(`eventstore.${operation}`, run, {
    kind: SpanKind.CLIENT,
    requireParent: true,
    attributes: { ...DB, 'db.operation.name': operation, ...attributes },
  });
}

/** When a batch read began (0 with tracing off): see batchSpan. */
export const batchReadStarted = now;

/** The events whose batch is being handled, by event id (enqueue reads their trace context). */
const BATCH_CAUSES = Symbol('hs.eventstore.batch-causes');

/**
 * A reactor's or a projection group's handling of a batch: a trace of its own (from the read that
 * began at `readStarted`, when given), linked to the trace each event was appended in, so a booking's
 * trace leads to the batch that projected it. An empty batch (an idle poll) makes no span. While it
 * runs, enqueueOnce/enqueueBulkOnce give each job its cause's trace context (jobTelemetryOf).
 */
export function batchSpan<T>(
  name: string,
  events: readonly RecordedEvent[],
  fn: () => Promise<T>,
  readStarted?: number,
): Promise<T> {
  if (!tracingEnabled() || events.length === 0) return fn();
  const causes = new Map<string, TraceCarrier>();
  for (const e of events) if (e.metadata?.traceparent) causes.set(e.eventId, e.metadata);
  return withSpan(
    name,
    () => {
      if (readStarted !== undefined)
        recordSpan('eventstore.read_batch', readStarted, {
          kind: SpanKind.CLIENT,
          attributes: {
            ...DB,
            'db.operation.name': 'read_batch',
            'db.response.returned_rows': events.length,
          },
        });
      return withContextValue(BATCH_CAUSES, causes, fn);
    },
    {
      root: true,
      ...(readStarted !== undefined ? { startTime: readStarted } : {}),
      links: linksTo(causes.values()),
      attributes: { 'messaging.batch.message_count': events.length },
    },
  );
}

const UUID_LENGTH = 36;

/**
 * A job's `telemetry` option when its id was made by reactionJobId from an event of the batch being
 * handled (the id ends with the event's): its processing then joins the trace that event was appended
 * in, as a child of it.
 */
export function jobTelemetryOf(jobId: string): { metadata: string } | undefined {
  const causes = activeContextValue(BATCH_CAUSES) as Map<string, TraceCarrier> | undefined;
  if (!causes) return undefined;
  return jobTelemetryFor(causes.get(jobId.slice(-UUID_LENGTH)));
}
