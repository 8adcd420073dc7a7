import { type Sql, connect } from '@hs/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    sql: Sql;
  }
}

/** The Postgres pool, shared by every route; closed when the app closes. */
export default fp(
  async (app: FastifyInstance, opts: { url: string; max: number; sql?: Sql }) => {
    const owned = !opts.sql;
    const sql = opts.sql ?? connect(opts.url, { max: opts.max, applicationName: 'api' });
    app.decorate('sql', sql);
    if (owned) app.addHook('onClose', async () => sql.end({ timeout: 5 }));
  },
  { name: 'db' },
);
