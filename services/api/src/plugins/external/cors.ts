import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin access is closed unless CORS_ORIGINS names origins: the web app is served from the
 * api's own origin, so a browser needs no CORS at all. Named origins get reads and writes, without
 * cookies (the admin token travels in a header).
 */
export default fp(
  async (app: FastifyInstance, opts: { origins: string[] }) => {
    if (opts.origins.length === 0) return;
    await app.register(cors, {
      origin: opts.origins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['content-type', 'authorization', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'retry-after'],
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
