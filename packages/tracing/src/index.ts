export { type Tracing, type TracingOptions, startTracing } from './start';
export {
  SpanKind,
  type TraceCarrier,
  type WithSpanOptions,
  activeContextValue,
  contextOf,
  currentTraceCarrier,
  linksTo,
  now,
  recordSpan,
  tracingEnabled,
  withContextValue,
  withSpan,
} from './span';
export { bullmqTelemetry, jobTelemetryFor } from './bullmq';
