import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimits } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/**
 * Registers @fastify/rate-limit with the global rule; routes pick their own
 * rule from `app.rateLimits` (config.ts holds every number).
 */
export default fp(
  async (app: FastifyInstance, opts: { limits: RateLimits }) => {
    app.decorate('rateLimits', opts.limits);
    if (!opts.limits.enabled) {
      app.log.warn('rate limits are OFF (RATE_LIMITS=off): use only for load tests and benchmarks');
      return;
    }
    await app.register(rateLimit, {
      global: true,
      max: opts.limits.global.max,
      timeWindow: opts.limits.global.timeWindow,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        success: false,
        message: `Too many requests. Please try again in ${ctx.after}.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
