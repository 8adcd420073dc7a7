/** @hs/tracing: nothing at all while off; spans, carriers and links once started (issue 47). */
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import {
  bullmqTelemetry,
  currentTraceCarrier,
  jobTelemetryFor,
  linksTo,
  startTracing,
  tracingEnabled,
  withSpan,
} from '../src';

describe('tracing', () => {
  it('stays off without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK, no span, no carrier', async () => {
    expect(await startTracing('test', { env: {} })).toBeNull();
    expect(tracingEnabled()).toBe(false);
    expect(await withSpan('x', async (span) => span)).toBeUndefined();
    expect(currentTraceCarrier()).toBeUndefined();
    expect(bullmqTelemetry()).toBeUndefined();
    expect(jobTelemetryFor({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' })).toBe(
      undefined,
    );
    // The global API is still the no-op one.
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  it('once started: nested spans, the active context as a carrier, links and job metadata', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = await startTracing('test', { exporter });
    try {
      expect(tracingEnabled()).toBe(true);
      const carrier = await withSpan('outer', () =>
        withSpan('inner', async () => currentTraceCarrier(), { requireParent: true }),
      );
      const [inner, outer] = exporter.getFinishedSpans();
      expect([inner!.name, outer!.name]).toEqual(['inner', 'outer']);
      expect(inner!.parentSpanContext?.spanId).toBe(outer!.spanContext().spanId);
      const { traceId, spanId } = inner!.spanContext();
      expect(carrier).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });

      // requireParent: no span outside one; root: a trace of its own, linked to the given contexts.
      exporter.reset();
      await withSpan('orphan', async () => {}, { requireParent: true });
      await withSpan('outer', () =>
        withSpan('batch', async () => {}, { root: true, links: linksTo([carrier, carrier, undefined]) }),
      );
      const batch = exporter.getFinishedSpans().find((s) => s.name === 'batch')!;
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['batch', 'outer']);
      expect(batch.parentSpanContext).toBeUndefined();
      expect(batch.spanContext().traceId).not.toBe(traceId);
      expect(batch.links.map((l) => l.context.spanId)).toEqual([spanId]);

      // A failure is recorded on its span and rethrown.
      await expect(
        withSpan('fails', async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const failed = exporter.getFinishedSpans().find((s) => s.name === 'fails')!;
      expect(failed.status).toMatchObject({ code: 2, message: 'boom' });

      // BullMQ's housekeeping at rest is no trace; what runs inside it is not recorded either.
      exporter.reset();
      await withSpan('moveStalledJobsToWait confirmation-email', () => withSpan('evalsha', async () => {}), {
        root: true,
      });
      expect(exporter.getFinishedSpans()).toEqual([]);

      expect(bullmqTelemetry()).toBeDefined();
      expect(JSON.parse(jobTelemetryFor(carrier)!.metadata)).toEqual(carrier);
    } finally {
      await tracing!.shutdown();
    }
    expect(tracingEnabled()).toBe(false);
    expect(await withSpan('after', async (span) => span)).toBeUndefined();
  });
});
