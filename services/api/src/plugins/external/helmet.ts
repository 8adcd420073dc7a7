import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers: the CSP admits only our origin and the card provider's drop-in. helmet's headers
 * are worked out once. Our policy has no per-request parts (no nonces), and
 * @fastify/helmet rebuilt the whole helmet middleware on every request (a few per cent of the api's
 * CPU on the public reads), so the headers are captured once from helmet itself and set as they are.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet({
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
  })({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export default fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // HSTS over plain HTTP is ignored by browsers and would break a local http:// setup if a proxy
    // ever forwarded it; behind a TLS-terminating proxy (TRUST_PROXY=true) X-Forwarded-Proto says https.
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'helmet' },
);
