import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers. The CSP admits only our origin and the card provider's drop-in. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
          frameSrc: ["'self'", 'https://assets.braintreegateway.com', 'https://*.braintreegateway.com'],
          connectSrc: ["'self'", 'https://*.braintreegateway.com', 'https://*.braintree-api.com'],
          imgSrc: ["'self'", 'data:', 'https://assets.braintreegateway.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only means something behind TLS; the proxy in front decides.
      hsts: false,
    });
  },
  { name: 'helmet' },
);
