/**
 * The queue view (issue 9): `GET /api/admin/queues` and `POST /api/admin/queues/:queue/jobs/:id/retry`.
 * BullMQ counts, failed jobs with their reason, a retry; plus projection and reactor lag. Redis
 * commands fail fast (the api's connection has no offline queue): Redis down answers 503 at once.
 * Registered inside the guarded /api/admin context (bearer admin token).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, MessageResponseSchema, QUEUE_NAMES } from '@hs/contracts';
import { getSubscriptionStatus } from '@hs/eventstore';
import { Type } from '@sinclair/typebox';
import { Queue } from 'bullmq';
import { HttpError, conflict, notFound, unavailable } from '../../errors';

const REDIS_TIMEOUT_MS = 2_000;

const JobSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  failedReason: Type.Union([Type.String(), Type.Null()]),
  attemptsMade: Type.Integer(),
  timestamp: Type.Number(),
  finishedOn: Type.Union([Type.Number(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown()),
});
const QueueSchema = Type.Object({
  name: Type.String(),
  counts: Type.Object({
    waiting: Type.Integer(),
    active: Type.Integer(),
    delayed: Type.Integer(),
    failed: Type.Integer(),
    completed: Type.Integer(),
  }),
  failedJobs: Type.Array(JobSchema),
});
const SubscriptionSchema = Type.Object({
  name: Type.String(),
  checkpoint: Type.String(),
  lagEvents: Type.Number(),
  lagSeconds: Type.Number(),
  holder: Type.Union([Type.String(), Type.Null()]),
  leaseActive: Type.Boolean(),
  parkedEvents: Type.Integer({
    description: 'Events it parked (issue 43); see /api/admin/system/parked-events',
  }),
  stalled: Type.Boolean(),
});
const Errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 503: ErrorResponseSchema };

export interface QueuesOptions {
  /** Key prefix of the worker's queues (config BULLMQ_PREFIX; the same as the worker's). */
  bullmqPrefix: string;
}

const queues: FastifyPluginAsyncTypebox<QueuesOptions> = async (app, opts) => {
  /** Runs `fn` with the named queues on the api's Redis connection; 503 when Redis does not answer. */
  const withQueues = async <T>(names: readonly string[], fn: (queues: Queue[]) => Promise<T>): Promise<T> => {
    if (app.redis.status !== 'ready') {
      app.redis.connect().catch(() => {}); // lazy or dropped: try again for the next request
      throw unavailable('The job queue is unavailable: Redis is not reachable. Try again shortly.');
    }
    const opened = names.map((name) => new Queue(name, { connection: app.redis, prefix: opts.bullmqPrefix }));
    for (const q of opened) q.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        fn(opened),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(unavailable('The job queue did not answer in time: Redis may be down.')),
            REDIS_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      app.log.warn({ err: (err as Error).message }, 'queue view failed');
      throw unavailable('The job queue is unavailable: Redis is not reachable. Try again shortly.');
    } finally {
      clearTimeout(timer);
      // a shared connection: close() leaves it open
      await Promise.all(opened.map((q) => q.close().catch(() => {})));
    }
  };

  app.get(
    '/queues',
    {
      schema: {
        summary: 'Job counts per queue, failed jobs with their reason, projection and reactor lag',
        response: {
          200: Envelope(
            Type.Object({ queues: Type.Array(QueueSchema), subscriptions: Type.Array(SubscriptionSchema) }),
          ),
          ...Errors,
        },
      },
    },
    async () => {
      const subscriptions = (await getSubscriptionStatus(app.sql)).map((s) => ({
        name: s.name,
        checkpoint: s.checkpoint,
        lagEvents: s.lagEvents,
        lagSeconds: s.lagSeconds,
        holder: s.holder,
        leaseActive: s.leaseActive,
        parkedEvents: s.parkedEvents,
        stalled: s.stalled,
      }));
      const data = await withQueues(QUEUE_NAMES, (qs) =>
        Promise.all(
          qs.map(async (q) => {
            const c = await q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
            const failed = await q.getFailed(0, 49);
            return {
              name: q.name,
              counts: {
                waiting: c.waiting ?? 0,
                active: c.active ?? 0,
                delayed: c.delayed ?? 0,
                failed: c.failed ?? 0,
                completed: c.completed ?? 0,
              },
              failedJobs: failed.map((j) => ({
                id: String(j.id),
                name: j.name,
                failedReason: j.failedReason ?? null,
                attemptsMade: j.attemptsMade,
                timestamp: j.timestamp,
                finishedOn: j.finishedOn ?? null,
                data: (j.data ?? {}) as Record<string, unknown>,
              })),
            };
          }),
        ),
      );
      return { success: true as const, data: { queues: data, subscriptions } };
    },
  );

  app.post(
    '/queues/:queue/jobs/:id/retry',
    {
      schema: {
        summary: 'Retry a failed job (it keeps its id and payload)',
        params: Type.Object({
          queue: Type.Union(QUEUE_NAMES.map((q) => Type.Literal(q))),
          id: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          200: MessageResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          ...Errors,
        },
      },
    },
    async (request) => {
      const { queue, id } = request.params;
      await withQueues([queue], async ([q]) => {
        const job = await q!.getJob(id);
        if (!job) throw notFound('Job not found');
        if (!(await job.isFailed())) throw conflict('Only failed jobs can be retried');
        await job.retry('failed');
      });
      request.log.info({ queue, jobId: id, actor: request.actor }, 'failed job retried');
      return { success: true, message: `Job ${id} of ${queue} queued again` };
    },
  );
};

export default queues;
