/**
 * Admin previews and the queue view (issue 9).
 *
 * - `GET /api/test-email` and `GET /api/test-pdf` open in a new browser tab, which cannot send the
 *   bearer header: they accept either the admin bearer token or `?token=` from
 *   `POST /api/admin/previews/token` (signed, purpose `preview`, 5 minutes, role `preview` so it is
 *   refused as a bearer token everywhere else).
 * - `GET /api/admin/queues` and `POST /api/admin/queues/:queue/jobs/:id/retry`: BullMQ counts, failed
 *   jobs with their reason, a retry; plus projection and reactor lag. Redis commands fail fast
 *   (the api's connection has no offline queue): Redis down answers 503 at once.
 *
 * This plugin is registered inside /api/admin; the two preview routes are moved to /api/* by an
 * onRoute hook of their own context (the paths the spec gives them).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, MessageResponseSchema } from '@hs/contracts';
import { getSubscriptionStatus } from '@hs/eventstore';
import {
  EMAIL_TYPES,
  type EmailType,
  type MailAttachment,
  PermanentDeliveryError,
  createMailer,
  renderConfirmationPdf,
  renderEmail,
  renderInvoicePdf,
  renderReceiptPdf,
  sampleDocumentData,
  sampleVariables,
} from '@hs/notifications';
import { TEST_EMAIL_MESSAGE } from '@hs/domain';
import { Type } from '@sinclair/typebox';
import { Queue } from 'bullmq';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, conflict, notFound, unauthorized, unavailable } from '../../errors';

/** The worker's queues (services/worker/src/queues.ts; services never import each other). */
export const QUEUE_NAMES = [
  'confirmation-email',
  'receipt-email',
  'cancellation-email',
  'reminder-email',
  'partner-confirmation',
] as const;

const PDF_TYPES = ['confirmation', 'invoice', 'receipt'] as const;
type PdfType = (typeof PDF_TYPES)[number];
const PREVIEW_LIFETIME_S = 300;
const REDIS_TIMEOUT_MS = 2_000;

interface PreviewToken {
  sub: string;
  username: string;
  role: 'preview';
  purpose: 'preview';
  jti: string;
}

const renderPdf = (type: PdfType): Promise<Uint8Array> => {
  const doc = sampleDocumentData();
  if (type === 'invoice') return renderInvoicePdf(doc);
  if (type === 'receipt') return renderReceiptPdf(doc);
  return renderConfirmationPdf(doc);
};

const pdfFor = (type: EmailType): PdfType | null =>
  (PDF_TYPES as readonly string[]).includes(type) ? (type as PdfType) : null;

async function emailConfigs(sql: FastifyRequest['server']['sql']): Promise<Record<string, string>> {
  const rows = await sql<{ config_key: string; config_value: string }[]>`
    select config_key, config_value from email_configs`;
  return Object.fromEntries(rows.map((r) => [r.config_key, r.config_value]));
}

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
});
const Errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 503: ErrorResponseSchema };

const previews: FastifyPluginAsyncTypebox = async (app) => {
  const prefix = process.env.BULLMQ_PREFIX?.trim() || 'hs';

  /** Runs `fn` with the named queues on the api's Redis connection; 503 when Redis does not answer. */
  const withQueues = async <T>(names: readonly string[], fn: (queues: Queue[]) => Promise<T>): Promise<T> => {
    if (app.redis.status !== 'ready') {
      app.redis.connect().catch(() => {}); // lazy or dropped: try again for the next request
      throw unavailable('The job queue is unavailable: Redis is not reachable. Try again shortly.');
    }
    const queues = names.map((name) => new Queue(name, { connection: app.redis, prefix }));
    for (const q of queues) q.on('error', () => {});
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        fn(queues),
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
      await Promise.all(queues.map((q) => q.close().catch(() => {})));
    }
  };

  // --- new-tab previews at /api/test-email and /api/test-pdf -------------------------------------
  await app.register(async (instance) => {
    const open = instance.withTypeProvider<TypeBoxTypeProvider>();
    open.addHook('onRoute', (route) => {
      route.url = route.url.replace(/^\/api\/admin\//, '/api/');
      route.path = route.url;
      route.schema = {
        tags: ['admin'],
        ...route.schema,
        description:
          'Admin bearer token, or `?token=` from POST /api/admin/previews/token (for links opened in a new tab).',
        security: [{ bearerAuth: [] }],
      };
    });
    open.addHook('onRequest', async (request) => {
      const token = (request.query as { token?: unknown } | undefined)?.token;
      if (request.headers.authorization || typeof token !== 'string') return app.requireAdmin(request);
      let payload: PreviewToken;
      try {
        payload = app.jwt.verify<PreviewToken>(token);
      } catch {
        throw unauthorized('Invalid or expired preview link. Open the preview again from the admin page.');
      }
      if (payload.purpose !== 'preview') throw unauthorized('Not a preview token');
      request.actor = `admin:${payload.username}`;
    });

    open.get(
      '/test-email',
      {
        schema: {
          summary: 'Send (or, with render=1, show) a test email rendered with sample data',
          querystring: Type.Object({
            email: Type.Optional(Type.String({ maxLength: 254 })),
            type: Type.Optional(Type.Union(EMAIL_TYPES.map((t) => Type.Literal(t)))),
            render: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true')])),
            token: Type.Optional(Type.String()),
          }),
          response: {
            200: Type.Union([MessageResponseSchema, Type.String({ description: 'text/html when render=1' })]),
            400: ErrorResponseSchema,
            502: ErrorResponseSchema,
            ...Errors,
          },
        },
      },
      async (request, reply) => {
        const { email: to, render } = request.query;
        // Checked here rather than by the schema's format, to answer in the spec's words.
        if (to !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))
          throw badRequest(TEST_EMAIL_MESSAGE, [{ field: 'email', message: TEST_EMAIL_MESSAGE }]);
        const type = request.query.type ?? 'confirmation';
        const vars = sampleVariables();
        if (to) vars.email = to;
        const rendered = renderEmail(type, await emailConfigs(app.sql), vars);
        if (render === '1' || render === 'true') {
          return reply.type('text/html; charset=utf-8').send(rendered.html);
        }
        if (!to)
          throw badRequest('Give an email address to send the test email to', [
            { field: 'email', message: 'Required unless render=1' },
          ]);
        const kind = pdfFor(type);
        const attachments: MailAttachment[] = kind
          ? [
              {
                filename: `sample-${kind}.pdf`,
                content: await renderPdf(kind),
                contentType: 'application/pdf',
              },
            ]
          : [];
        const mailer = createMailer({
          smtpUrl: process.env.SMTP_URL?.trim() || undefined,
          outboxDir: process.env.MAIL_OUTBOX_DIR?.trim() || undefined,
        });
        try {
          const { messageId } = await mailer.send({ to, ...rendered, attachments });
          request.log.info({ type, messageId }, 'test email sent');
        } catch (err) {
          if (err instanceof PermanentDeliveryError)
            throw badRequest(`The mail server refused: ${err.message}`);
          throw new HttpError(502, `The test email could not be sent: ${(err as Error).message}`);
        } finally {
          await mailer.close();
        }
        return { success: true, message: `Test ${type} email sent to ${to}` };
      },
    );

    open.get(
      '/test-pdf',
      {
        schema: {
          summary: 'A sample PDF (confirmation, invoice or receipt)',
          querystring: Type.Object({
            type: Type.Optional(Type.Union(PDF_TYPES.map((t) => Type.Literal(t)))),
            token: Type.Optional(Type.String()),
          }),
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
            ...Errors,
          },
        },
      },
      async (request, reply) => {
        const type = request.query.type ?? 'confirmation';
        const pdf = await renderPdf(type);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="sample-${type}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
      },
    );
  });

  // --- guarded: token for the previews, the queue view -------------------------------------------
  await app.register(async (instance) => {
    const guarded = instance.withTypeProvider<TypeBoxTypeProvider>();
    guarded.addHook('onRequest', guarded.requireAdmin);
    guarded.addHook('onRoute', (route) => {
      route.schema = { tags: ['admin'], ...route.schema, security: [{ bearerAuth: [] }] };
    });

    guarded.post(
      '/previews/token',
      {
        schema: {
          summary: 'A short-lived token for the new-tab previews (?token=)',
          response: {
            200: Envelope(Type.Object({ token: Type.String(), expiresIn: Type.Integer() })),
            ...Errors,
          },
        },
      },
      async (request) => {
        const { sub, username } = request.user;
        const payload: PreviewToken = {
          sub,
          username,
          role: 'preview',
          purpose: 'preview',
          jti: randomUUID(),
        };
        const token = app.jwt.sign(payload as never, { expiresIn: PREVIEW_LIFETIME_S });
        return { success: true as const, data: { token, expiresIn: PREVIEW_LIFETIME_S } };
      },
    );

    guarded.get(
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
        }));
        const queues = await withQueues(QUEUE_NAMES, (qs) =>
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
        return { success: true as const, data: { queues, subscriptions } };
      },
    );

    guarded.post(
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
  });
};

export default previews;
