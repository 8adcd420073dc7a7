import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

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
      // Set below, and only on answers to requests that arrived over TLS.
      hsts: false,
    });
    // HSTS over plain HTTP is ignored by browsers and would break a local http:// setup if a proxy
    // ever forwarded it; behind a TLS-terminating proxy (TRUST_PROXY=true) X-Forwarded-Proto says https.
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'helmet' },
);
