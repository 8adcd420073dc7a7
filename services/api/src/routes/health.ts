import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { findMigrationsDir, listMigrations } from '@hs/db';
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
const MigrationsCheck = Type.Object(
  {
    ok: Type.Boolean(),
    error: Type.Optional(Type.String()),
    pending: Type.Array(Type.String(), {
      description: 'Migrations of this release the database has not applied',
    }),
  },
  { description: 'The database schema: ok when every migration this release ships is applied (issue 47)' },
);
const Readiness = Type.Object({
  status: Type.String(),
  postgres: Check,
  migrations: MigrationsCheck,
  redis: Check,
  log: LogCheck,
});

/** The migrations this release ships (MIGRATIONS_DIR, or migrations/ above the working directory). */
let shipped: string[] | Error | undefined;
function shippedMigrations(): string[] | Error {
  if (shipped === undefined) {
    try {
      shipped = listMigrations(findMigrationsDir());
    } catch (err) {
      shipped = err as Error;
    }
  }
  return shipped;
}

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
 * What /readyz answers, and whether the api can serve (`up`: Postgres answers and the schema is at this
 * release's head); the metrics' hs_ready reads it too.
 */
export async function checkReadiness(app: FastifyInstance) {
  const shipped = shippedMigrations();
  let readiness = { parked: {}, stalled: [] as string[] };
  let pending: string[] = [];
  const [postgres, migrationsRead, redis, logRead] = await Promise.all([
    timed(() => app.sql`select 1`),
    timed(async () => {
      if (shipped instanceof Error) return; // a bundle deployed without its migrations: not checked
      const applied = new Set(
        (await app.sql<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name),
      );
      pending = shipped.filter((name) => !applied.has(name));
    }),
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
  // A schema behind this release's code: requests would fail on missing tables or columns.
  const migrations = { ...migrationsRead, ok: migrationsRead.ok && pending.length === 0, pending };
  const up = postgres.ok && migrations.ok;
  const status = up ? (redis.ok && log.ok ? 'ready' : 'degraded') : 'unavailable';
  return { up, status, postgres, migrations, redis, log };
}

/**
 * /healthz: the process is alive. /readyz: Postgres and Redis answer (booking needs only Postgres), the
 * schema is at this release's head (issue 47), and in `log` whether a projection or reactor has parked
 * events or stopped advancing while events wait (issue 43). Postgres and the migrations decide the HTTP
 * status (503 until both are right): the rest makes it "degraded", still 200.
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  const shipped = shippedMigrations();
  if (shipped instanceof Error)
    app.log.warn({ err: shipped.message }, 'readiness cannot check the migrations: no migrations folder');
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
      const { up, ...answer } = await checkReadiness(app);
      return reply.status(up ? 200 : 503).send(answer);
    },
  );
};

export default health;
