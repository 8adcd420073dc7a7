import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import booking from './booking';
import registrationChecks from './registration-checks';
import registrationManage from './registration-manage';

/**
 * The visitor's calls on an order, by resource: before booking, the member check, code check and quote
 * (registration-checks.ts); booking (booking.ts); after it, the lookup and cancelling
 * (registration-manage.ts). Registered in this order, which is the OpenAPI document's. Without the
 * rate-limit plugin (RATE_LIMITS=off) the routes' `rateLimit` config is simply unused.
 */
const registrations: FastifyPluginAsyncTypebox<{
  refundCutoffHours: number;
  manageLinkSecret: string;
}> = async (app, opts) => {
  await app.register(registrationChecks);
  await app.register(booking);
  await app.register(registrationManage, {
    refundCutoffHours: opts.refundCutoffHours,
    manageLinkSecret: opts.manageLinkSecret,
  });
};

export default registrations;
