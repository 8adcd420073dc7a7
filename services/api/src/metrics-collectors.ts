/**
 * What /metrics reads at scrape time (issue 47): the projections' and reactors' lag from the log (the
 * same query as the admin queue view, getSubscriptionStatus) and the BullMQ queues' depth per state with
 * the age of the oldest waiting job. The api reports them, not the worker: this state is shared, and the
 * api keeps answering (and the lag keeps growing on the graph) when every worker is down.
 */
import { QUEUE_NAMES } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { getSubscriptionStatus } from '@hs/eventstore';
import type { Metrics } from '@hs/metrics';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export function logLagCollector(sql: Sql, metrics: Metrics) {
  const gauges = [
    metrics.subscriptionLagEvents,
    metrics.subscriptionLagSeconds,
    metrics.subscriptionParkedEvents,
  ];
  const clear = () => {
    for (const g of gauges) g.reset();
  };
  return {
    clear,
    collect: async () => {
      const rows = await getSubscriptionStatus(sql);
      clear(); // a subscription that is gone leaves no series behind
      for (const r of rows) {
        const labels = { subscription: r.name };
        metrics.subscriptionLagEvents.set(labels, r.lagEvents);
        metrics.subscriptionLagSeconds.set(labels, r.lagSeconds);
        metrics.subscriptionParkedEvents.set(labels, r.parkedEvents);
      }
    },
  };
}

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

/** `redis` is the api's fail-fast connection: Redis down fails this collector at once, not the scrape. */
export function queueCollector(redis: Redis, prefix: string, metrics: Metrics) {
  let queues: Queue[] | undefined;
  const clear = () => {
    metrics.queueJobs.reset();
    metrics.queueOldestWaitingSeconds.reset();
  };
  return {
    clear,
    collect: async () => {
      if (redis.status !== 'ready') {
        redis.connect().catch(() => {}); // lazy or dropped: try again for the next scrape
        throw new Error('Redis is not reachable');
      }
      queues ??= QUEUE_NAMES.map((name) => {
        const q = new Queue(name, { connection: redis, prefix });
        q.on('error', () => {});
        return q;
      });
      const read = await Promise.all(
        queues.map(async (q) => {
          const [counts, [oldest]] = await Promise.all([
            q.getJobCounts(...STATES),
            q.getJobs(['waiting'], 0, 0, true),
          ]);
          return { name: q.name, counts, oldest };
        }),
      );
      const now = Date.now();
      clear();
      for (const { name, counts, oldest } of read) {
        for (const state of STATES) metrics.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
        metrics.queueOldestWaitingSeconds.set(
          { queue: name },
          oldest ? Math.max(0, (now - oldest.timestamp) / 1000) : 0,
        );
      }
    },
    /** The queues share the api's connection: close() leaves it open. */
    close: async () => {
      await Promise.all((queues ?? []).map((q) => q.close().catch(() => {})));
    },
  };
}
