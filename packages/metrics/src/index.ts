/**
 * @hs/metrics: the Prometheus series of the api and the worker (prom-client), defined once, with the
 * scrape rule (a bearer METRICS_TOKEN) and the scrape-time collection. docs/operations.md's
 * Monitoring section says what to alert on.
 */
export { createMetrics, type Metrics } from './series';
export {
  bearerMatches,
  type Collector,
  METRICS_CONTENT_TYPE,
  readMetricsToken,
  renderMetrics,
} from './scrape';
export { type OutsideCall, recordOutsideCall } from './outside-calls';
