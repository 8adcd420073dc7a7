// Reading a scrape in the metrics tests: the text parsed by parse-prometheus-text-format (a parser
// independent of prom-client, which writes the text), then one sample's value by name and labels.
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';

export type Scrape = Map<string, PromFamily>;

export function parseScrape(text: string): Scrape {
  return new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
}

/**
 * The value of the sample of `name` whose labels include `labels` (a histogram's `_count`), summed
 * over every such sample; 0 when there is none (a counter not yet incremented has no sample).
 */
export function sampleValue(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = scrape.get(name);
  if (!family) return 0;
  let total = 0;
  for (const m of family.metrics) {
    if (!Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)) continue;
    total += Number(family.type === 'HISTOGRAM' ? m.count : m.value);
  }
  return total;
}
