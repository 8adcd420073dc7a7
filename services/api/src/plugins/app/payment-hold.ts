import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentHoldSeconds } from '../../settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment hold a booking awaiting payment gets now, in seconds (settings.ts). */
    paymentHoldSeconds: () => Promise<number>;
  }
}

/** Binds the hold setting to its PAYMENT_HOLD_SECONDS default, so routes ask one function. */
export default fp(
  async (app: FastifyInstance, opts: { defaultSeconds: number }) => {
    app.decorate('paymentHoldSeconds', () => paymentHoldSeconds(app.sql, opts.defaultSeconds));
  },
  { name: 'payment-hold', dependencies: ['db'] },
);
