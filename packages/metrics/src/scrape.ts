import { timingSafeEqual } from 'node:crypto';
import { ConfigError, type Env, optionalStr } from '@hs/config';
import type { Metrics } from './series';

/** What the Prometheus text format's content type is, as prom-client writes it. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The one rule for both processes: `/metrics` answers only a request carrying
 * `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN there are no metrics: the api answers
 * 404 and the worker opens no metrics port.
 */
export function readMetricsToken(env: Env): string | undefined {
  const token = optionalStr(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  return token;
}

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Collector = () => Promise<void>;

/**
 * The registry's text after the scrape-time collectors ran, each bounded by `timeoutMs`: a collector
 * that fails or does not answer marks itself down in hs_metrics_collector_up and clears its series
 * (a stale lag is worse than none), and the rest of the scrape still answers.
 */
export async function renderMetrics(
  metrics: Metrics,
  collectors: Record<string, { collect: Collector; clear: () => void }>,
  timeoutMs = 2_000,
): Promise<string> {
  await Promise.all(
    Object.entries(collectors).map(async ([name, c]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          c.collect(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
          }),
        ]);
        metrics.collectorUp.set({ collector: name }, 1);
      } catch {
        c.clear();
        metrics.collectorUp.set({ collector: name }, 0);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return metrics.registry.metrics();
}
