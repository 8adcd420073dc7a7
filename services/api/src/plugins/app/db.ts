import { type Sql, connect } from '@hs/db';
import { disableGroupCommit, enableGroupCommit } from '@hs/eventstore';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    sql: Sql;
  }
}

/**
 * The Postgres pool, shared by every route; closed when the app closes. Commands on it append
 * through group commit (issue 27) unless `groupCommit` is false.
 */
export default fp(
  async (app: FastifyInstance, opts: { url: string; max: number; sql?: Sql; groupCommit: boolean }) => {
    const owned = !opts.sql;
    const sql = opts.sql ?? connect(opts.url, { max: opts.max, applicationName: 'api' });
    app.decorate('sql', sql);
    if (opts.groupCommit) enableGroupCommit(sql);
    app.addHook('onClose', async () => {
      // What is queued is written before the pool closes.
      if (opts.groupCommit) await disableGroupCommit(sql);
      if (owned) await sql.end({ timeout: 5 });
    });
  },
  { name: 'db' },
);
