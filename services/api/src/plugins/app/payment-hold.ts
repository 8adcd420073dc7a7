import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { holdSecondsFrom, paymentHoldSeconds } from '../../settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment hold a booking awaiting payment gets now, in seconds (settings.ts). */
    paymentHoldSeconds: () => Promise<number>;
    /** The hold from the setting's value read elsewhere (a booking's pricing statement), in seconds. */
    paymentHoldSecondsFrom: (stored: string | null | undefined) => number;
  }
}

/** Binds the hold setting to its PAYMENT_HOLD_SECONDS default, so routes ask one function. */
export default fp(
  async (app: FastifyInstance, opts: { defaultSeconds: number }) => {
    app.decorate('paymentHoldSeconds', () => paymentHoldSeconds(app.sql, opts.defaultSeconds));
    app.decorate('paymentHoldSecondsFrom', (stored: string | null | undefined) =>
      holdSecondsFrom(stored, opts.defaultSeconds),
    );
  },
  { name: 'payment-hold', dependencies: ['db'] },
);
