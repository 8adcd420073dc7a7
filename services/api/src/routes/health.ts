import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLogReadiness, STALLED_AFTER_SECONDS } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';

const Check = Type.Object({ ok: Type.Boolean(), error: Type.Optional(Type.String()) });
const LogCheck = Type.Object(
  {
    ok: Type.Boolean(),
    error: Type.Optional(Type.String()),
    parked: Type.Record(Type.String(), Type.Integer(), {
      description: 'Projections and reactors with parked events, with how many (issue 43)',
    }),
    stalled: Type.Array(Type.String(), {
      description: `Projections and reactors whose oldest unhandled event has waited over ${STALLED_AFTER_SECONDS} s`,
    }),
  },
  { description: 'The read models and reactions: ok when none has parked events or is stalled' },
);
const Readiness = Type.Object({ status: Type.String(), postgres: Check, redis: Check, log: LogCheck });

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

/**
 * /healthz: the process is alive. /readyz: Postgres and Redis answer (booking needs only Postgres), and
 * in `log` whether a projection or reactor has parked events or stopped advancing while events wait
 * (issue 43). Only Postgres decides the HTTP status: the rest makes it "degraded", still 200.
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Liveness: the process answers',
        tags: ['system'],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Readiness: database, Redis, worker and event log',
        tags: ['system'],
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_req, reply) => {
      let readiness = { parked: {}, stalled: [] as string[] };
      const [postgres, redis, logRead] = await Promise.all([
        timed(() => app.sql`select 1`),
        timed(() => app.redis.ping()),
        timed(async () => {
          readiness = await getLogReadiness(app.sql);
        }),
      ]);
      const log = {
        ...logRead,
        ok: logRead.ok && Object.keys(readiness.parked).length === 0 && readiness.stalled.length === 0,
        ...readiness,
      };
      // Redis down degrades follow-up work (emails are delayed) but bookings still commit: still ready.
      // So does a parked event or a stalled read model: the log keeps every booking, the reads lag.
      const status = postgres.ok ? (redis.ok && log.ok ? 'ready' : 'degraded') : 'unavailable';
      return reply.status(postgres.ok ? 200 : 503).send({ status, postgres, redis, log });
    },
  );
};

export default health;
