/**
 * Issue 47: the metrics helpers on their own: the bearer rule, a scrape-time collector that fails or
 * hangs, and the outside-call wrapper with the payments, refunds and email outcomes it counts.
 */
import { observeCalls } from '@hs/gateways';
import {
  bearerMatches,
  createMetrics,
  readMetricsToken,
  recordOutsideCall,
  renderMetrics,
} from '@hs/metrics';
import { describe, expect, it } from 'vitest';
import { parseScrape, sampleValue } from './metrics-scrape';

describe('metrics helpers (issue 47)', () => {
  it('the bearer rule: the exact token after "Bearer", nothing else; a short METRICS_TOKEN is refused', () => {
    const token = 'a-token-of-twenty-chars';
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    for (const header of [
      undefined,
      '',
      token,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      'Bearer ',
    ])
      expect(bearerMatches(header, token), String(header)).toBe(false);
    expect(readMetricsToken({})).toBeUndefined();
    expect(() => readMetricsToken({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('a collector that fails or does not answer is marked down and its series dropped; the scrape still answers', async () => {
    const metrics = createMetrics();
    metrics.queueJobs.set({ queue: 'q', state: 'waiting' }, 3);
    const text = await renderMetrics(
      metrics,
      {
        good: { collect: async () => metrics.ready.set(1), clear: () => {} },
        failing: {
          collect: () => Promise.reject(new Error('Redis down')),
          clear: () => metrics.queueJobs.reset(),
        },
        hanging: { collect: () => new Promise(() => {}), clear: () => {} },
      },
      50,
    );
    const scrape = parseScrape(text);
    expect(sampleValue(scrape, 'hs_metrics_collector_up', { collector: 'good' })).toBe(1);
    expect(sampleValue(scrape, 'hs_metrics_collector_up', { collector: 'failing' })).toBe(0);
    expect(sampleValue(scrape, 'hs_metrics_collector_up', { collector: 'hanging' })).toBe(0);
    expect(sampleValue(scrape, 'hs_ready')).toBe(1);
    expect(scrape.get('hs_queue_jobs')?.metrics ?? []).toEqual([]);
  });

  it('observeCalls times each call and tells ok, refused ({ ok: false }) and error apart; payments, refunds and emails count by outcome', async () => {
    const metrics = createMetrics();
    const onCall = recordOutsideCall(metrics);
    const card = observeCalls(
      {
        mode: 'test' as const,
        sale: async (n: number) =>
          n === 1 ? { ok: true } : n === 2 ? { ok: false, declined: true } : { ok: false, declined: false },
        refund: async (kind: string) => (kind === 'no' ? { ok: false } : { ok: true, kind }),
        void: async () => {
          throw new Error('gateway unreachable');
        },
      },
      'card-test',
      onCall,
    );
    const smtp = observeCalls(
      {
        send: async (to: string) => {
          if (to === 'ok') return { messageId: '1' };
          const err = new Error('refused');
          err.name = to === 'gone' ? 'PermanentDeliveryError' : 'TransientDeliveryError';
          throw err;
        },
        close: async () => {},
      },
      'smtp',
      onCall,
    );
    expect(card.mode).toBe('test');
    await card.sale(1);
    await card.sale(2);
    await card.sale(3);
    await card.refund('refund');
    await card.refund('void');
    await card.refund('no');
    await expect(card.void()).rejects.toThrow('gateway unreachable');
    await smtp.send('ok');
    await expect(smtp.send('gone')).rejects.toThrow('refused');
    await expect(smtp.send('later')).rejects.toThrow('refused');
    await smtp.close();

    const scrape = parseScrape(await metrics.registry.metrics());
    const value = (name: string, outcome: string) => sampleValue(scrape, name, { outcome });
    expect(['succeeded', 'declined', 'invalid', 'error'].map((o) => value('hs_payments_total', o))).toEqual([
      1, 1, 1, 0,
    ]);
    expect(['refunded', 'voided', 'refused', 'error'].map((o) => value('hs_refunds_total', o))).toEqual([
      1, 1, 1, 1,
    ]);
    expect(
      ['sent', 'temporary_failure', 'permanent_failure'].map((o) => value('hs_email_deliveries_total', o)),
    ).toEqual([1, 1, 1]);
    // every call timed, by gateway, operation and outcome (close is no call out)
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'hs_gateway_call_duration_seconds_count{gateway="card-test",operation="sale",outcome="refused"} 2',
    );
    expect(text).toContain(
      'hs_gateway_call_duration_seconds_count{gateway="smtp",operation="send",outcome="error"} 2',
    );
    expect(text).not.toContain('operation="close"');
  });
});
