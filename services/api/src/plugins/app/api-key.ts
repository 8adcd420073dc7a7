import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashApiKey } from '../../auth/api-keys';
import { unauthorized } from '../../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for partner routes: an active key in `x-api-key`. Sets request.actor to `partner:<key id>`. */
    requireApiKey: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const given = request.headers['x-api-key'];
      if (typeof given !== 'string' || given.length === 0) throw unauthorized('API key required');
      const [key] = await app.sql<{ id: number; isActive: boolean }[]>`
        select id, is_active as "isActive" from api_keys where key_hash = ${hashApiKey(given)}`;
      if (!key?.isActive) throw unauthorized('Invalid or inactive API key');
      // At most one write a minute per key: lastUsed is for humans, not an access log.
      await app.sql`
        update api_keys set last_used = now()
        where id = ${key.id} and (last_used is null or last_used < now() - interval '1 minute')`;
      request.actor = `partner:${key.id}`;
    });
  },
  { name: 'api-key', dependencies: ['db', 'auth'] },
);
