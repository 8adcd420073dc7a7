import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const Check = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });

async function timed(check: () => Promise<unknown>, ms = 2000): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** /healthz: the process is alive. /readyz: Postgres and Redis answer (booking needs only Postgres). */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: { tags: ['system'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: Type.Object({ status: Type.String(), postgres: Check, redis: Check }),
          503: Type.Object({ status: Type.String(), postgres: Check, redis: Check }),
        },
      },
    },
    async (_req, reply) => {
      const [postgres, redis] = await Promise.all([
        timed(() => app.sql`select 1`),
        timed(() => app.redis.ping()),
      ]);
      // Redis down degrades follow-up work (emails are delayed) but bookings still commit: still ready.
      const status = postgres.ok ? (redis.ok ? 'ready' : 'degraded') : 'unavailable';
      return reply.status(postgres.ok ? 200 : 503).send({ status, postgres, redis });
    },
  );
};

export default health;
