import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type SecondCheckGuesses, createGuessLimiter, createLookupLimiter } from '../../booking/lookup-limit';
import type { RateLimits } from '../../config';

export interface BookingLookups {
  /** Counts one lookup of `reference` by this visitor; throws 429 over a limit (issue 46). */
  take(request: FastifyRequest, reference: string): Promise<void>;
  /** Wrong second checks per reference (booking/lookup-limit.ts). */
  guesses: SecondCheckGuesses;
}

declare module 'fastify' {
  interface FastifyInstance {
    bookingLookups: BookingLookups;
  }
}

/**
 * Booking lookups rate-limited per visitor and per reference (booking/lookup-limit.ts), for the
 * reference lookup, the manage page's read and the public reschedule. RATE_LIMITS=off lets all through.
 */
export default fp(
  async (app: FastifyInstance, opts: { limits: RateLimits }) => {
    const limiter = createLookupLimiter({
      redis: app.redis,
      limits: opts.limits.bookingLookups,
      onRedisError: (err) =>
        app.log.warn({ err: err.message }, 'lookup limits: Redis unavailable, counting in memory'),
    });
    const { bookingLookups: limits } = opts.limits;
    const guesses = createGuessLimiter({
      redis: app.redis,
      keyPrefix: limits.keyPrefix,
      limit: limits.wrongChecksPerHour,
      windowMs: 3_600_000,
      onRedisError: (err) =>
        app.log.warn({ err: err.message }, 'second-check limits: Redis unavailable, counting in memory'),
    });
    const off: SecondCheckGuesses = { spend: async () => {}, refund: async () => {} };
    app.decorate('bookingLookups', {
      take: async (request, reference) => {
        if (opts.limits.enabled) await limiter.take(request.ip, reference);
      },
      guesses: opts.limits.enabled ? guesses : off,
    });
  },
  { name: 'booking-lookups', dependencies: ['redis'] },
);
