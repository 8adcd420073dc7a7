import type { MemberVerifier } from '@hs/gateways';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createMemberCheckLimiter } from '../../booking/member-check-limit';
import type { RateLimits } from '../../config';

export interface MemberChecks {
  /** Counts one membership check of this visitor; throws 429 over a limit (issue 46). */
  take(request: FastifyRequest, identificationNumber: string, dateOfBirth: string): Promise<void>;
  /** The insurer behind this request's limits: each check it makes counts first. */
  verifierFor(request: FastifyRequest): MemberVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    memberChecks: MemberChecks;
  }
}

/**
 * The insurer's membership check, rate-limited per visitor and per identification number
 * (booking/member-check-limit.ts). RATE_LIMITS=off lets every check through.
 */
export default fp(
  async (app: FastifyInstance, opts: { limits: RateLimits; hashKey: string }) => {
    const limiter = createMemberCheckLimiter({
      redis: app.redis,
      hashKey: opts.hashKey,
      limits: opts.limits.memberCheck,
      onRedisError: (err) =>
        app.log.warn({ err: err.message }, 'member check limits: Redis unavailable, counting in memory'),
    });
    const take: MemberChecks['take'] = async (request, identificationNumber, dateOfBirth) => {
      if (opts.limits.enabled) await limiter.take(request.ip, identificationNumber, dateOfBirth);
    };
    app.decorate('memberChecks', {
      take,
      verifierFor: (request) => ({
        async verify(input) {
          await take(request, input.identificationNumber, input.dateOfBirth);
          return app.memberVerifier.verify(input);
        },
      }),
    });
  },
  { name: 'member-checks', dependencies: ['redis'] },
);
