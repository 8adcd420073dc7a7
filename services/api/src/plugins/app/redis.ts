import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

/**
 * Redis for the api. The api must keep taking bookings while Redis is down
 * (the event log is the outbox), so commands here fail fast instead of
 * queueing: no offline queue, one retry.
 */
export default fp(
  async (app: FastifyInstance, opts: { url: string }) => {
    const redis = new Redis(opts.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    redis.on('error', (err) => app.log.debug({ err: err.message }, 'redis error'));
    // Wait briefly so a healthy start is ready at once, but never block start-up on Redis.
    await Promise.race([
      redis.connect().catch((err) => app.log.warn({ err: err.message }, 'redis not reachable at start')),
      new Promise((resolve) => setTimeout(resolve, 1500).unref()),
    ]);
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
