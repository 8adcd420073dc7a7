/**
 * The back-office previews (issue 9): `GET /api/test-email` and `GET /api/test-pdf` (the paths the
 * spec gives them) open in a new browser tab, which cannot send the bearer header: they accept either
 * the admin bearer token or `?token=` from `POST /api/admin/previews/token` (signed, purpose
 * `preview`, 5 minutes, role `preview` so it is refused as a bearer token everywhere else).
 *
 * `previews` is registered inside /api/admin and moves its two routes to /api/* with an onRoute
 * hook of its own context; `previewToken` is registered in the guarded /api/admin context.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, ErrorResponseSchema, MessageResponseSchema } from '@hs/contracts';
import { TEST_EMAIL_MESSAGE } from '@hs/domain';
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
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, unauthorized } from '../../errors';

const PDF_TYPES = ['confirmation', 'invoice', 'receipt'] as const;
type PdfType = (typeof PDF_TYPES)[number];

const PREVIEW_LIFETIME_S = 300;

interface PreviewCredential {
  sub: string;
  username: string;
  /** Not 'admin': refused as a bearer token everywhere else. */
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

const Errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export interface PreviewsOptions {
  /** Where a test email goes: SMTP_URL, else .eml files in MAIL_OUTBOX_DIR (config). */
  mail: { smtpUrl: string | undefined; outboxDir: string };
}

/** The two new-tab previews: a bearer admin, or a preview token. */
const previews: FastifyPluginAsyncTypebox<PreviewsOptions> = async (app, opts) => {
  const open = app.withTypeProvider<TypeBoxTypeProvider>();
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
    let credential: PreviewCredential;
    try {
      credential = app.jwt.verify<PreviewCredential>(token);
    } catch {
      throw unauthorized('Invalid or expired preview link. Open the preview again from the admin page.');
    }
    if (credential.purpose !== 'preview') throw unauthorized('Not a preview credential');
    request.actor = `admin:${credential.username}`;
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
        ? [{ filename: `sample-${kind}.pdf`, content: await renderPdf(kind), contentType: 'application/pdf' }]
        : [];
      const mailer = createMailer(opts.mail);
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
};

/** `POST /api/admin/previews/token`: a short-lived token for the new-tab previews (?token=). */
export const previewToken: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
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
      const credential: PreviewCredential = {
        sub,
        username,
        role: 'preview',
        purpose: 'preview',
        jti: randomUUID(),
      };
      const token = app.jwt.sign(credential as never, { expiresIn: PREVIEW_LIFETIME_S });
      return { success: true as const, data: { token, expiresIn: PREVIEW_LIFETIME_S } };
    },
  );
};

export default previews;
