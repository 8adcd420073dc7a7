/**
 * The back-office previews (issue 9): `GET /api/test-email` and `GET /api/test-pdf` (the paths the
 * spec gives them) open in a new browser tab, which cannot send the bearer header. The back-office
 * first calls `POST /api/admin/previews/session` with its bearer token; that sets a short-lived,
 * httpOnly, SameSite=Strict cookie scoped to the two preview paths, which the new tab then sends.
 * A cookie rather than `?token=` in the URL, which would end up in logs and browser history.
 *
 * `previews` is registered inside /api/admin and moves its two routes to /api/* with an onRoute
 * hook of its own context; `previewSession` is registered in the guarded /api/admin context.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { readCompanySettings } from '@hs/commands';
import { Envelope, ErrorResponseSchema, MessageResponseSchema, FileResponse, AlsoAs } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { TEST_EMAIL_MESSAGE } from '@hs/domain';
import {
  EMAIL_TYPES,
  type EmailType,
  type MailAttachment,
  PermanentDeliveryError,
  createMailer,
  renderConfirmationPdf,
  renderCreditNotePdf,
  renderEmail,
  renderIssuedInvoicePdf,
  renderReceiptPdf,
  sampleCreditNoteData,
  sampleDocumentData,
  sampleInvoiceSnapshot,
  sampleVariables,
} from '@hs/notifications';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { PREVIEW_COOKIE, PREVIEW_LIFETIME_S, PREVIEW_PATHS } from '../../auth/preview';
import { HttpError, badRequest, forbidden, unauthorized } from '../../errors';

const PDF_TYPES = ['confirmation', 'invoice', 'receipt'] as const;
type PdfType = (typeof PDF_TYPES)[number];

interface PreviewCredential {
  sub: string;
  username: string;
  /** Not 'admin': refused as a bearer token everywhere else. */
  role: 'preview';
  purpose: 'preview';
  jti: string;
}

const renderPdf = async (type: PdfType, sql: Sql): Promise<Uint8Array> => {
  const doc = sampleDocumentData();
  if (type === 'invoice') {
    // As the worker issues it (issue 25): a (tax) invoice of the company settings in force.
    const settings = await readCompanySettings(sql);
    const supplier = {
      name: settings.companyName,
      address: settings.address,
      uen: settings.uen,
      gstRegistrationNumber: settings.gstRegistrationNumber,
    };
    return renderIssuedInvoicePdf(sampleInvoiceSnapshot(supplier, settings.invoicePrefix));
  }
  if (type === 'receipt') return renderReceiptPdf(doc);
  return renderConfirmationPdf(doc);
};

const pdfFor = (type: EmailType): PdfType | null =>
  (PDF_TYPES as readonly string[]).includes(type) ? (type as PdfType) : null;

/** The sample PDF a sent test email carries, as the real one does (none for the others). */
async function sampleAttachments(type: EmailType, sql: Sql): Promise<MailAttachment[]> {
  const pdf = (filename: string, content: Uint8Array): MailAttachment => ({
    filename,
    content,
    contentType: 'application/pdf',
  });
  const kind = pdfFor(type);
  if (kind) return [pdf(`sample-${kind}.pdf`, await renderPdf(kind, sql))];
  if (type === 'refund')
    return [pdf('sample-credit-note.pdf', await renderCreditNotePdf(sampleCreditNoteData()))];
  return [];
}

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

/** The two new-tab previews: a bearer admin, or the preview cookie. */
const previews: FastifyPluginAsyncTypebox<PreviewsOptions> = async (app, opts) => {
  const open = app.withTypeProvider<TypeBoxTypeProvider>();
  open.addHook('onRoute', (route) => {
    route.url = route.url.replace(/^\/api\/admin\//, '/api/');
    route.path = route.url;
    const auth =
      'Admin bearer token, or the short-lived preview cookie set by POST /api/admin/previews/session (for a new tab).';
    route.schema = {
      tags: ['admin'],
      ...route.schema,
      description: route.schema?.description ? `${route.schema.description}\n\n${auth}` : auth,
      security: [{ bearerAuth: [] }, { previewCookie: [] }],
      // admin only (requireAdmin without config.roles), declared like the guarded routes' so the
      // role matrix test tries these two as well
      ...{ 'x-roles': ['admin'] },
    };
  });
  open.addHook('onRequest', async (request) => {
    const cookie = request.cookies[PREVIEW_COOKIE];
    if (request.headers.authorization || !cookie) return app.requireAdmin(request);
    let credential: PreviewCredential;
    try {
      credential = app.jwt.verify<PreviewCredential>(cookie);
    } catch {
      throw unauthorized('The preview has expired. Open it again from the admin page.');
    }
    if (credential.purpose !== 'preview') throw unauthorized('Not a preview credential');
    // Like the bearer guard, read the user row: a deactivated, deleted or demoted admin's cookie
    // stops at once rather than when it expires (issue 23).
    const id = Number(credential.sub);
    const [user] = Number.isSafeInteger(id)
      ? await app.sql<{ role: string; active: boolean }[]>`select role, active from users where id = ${id}`
      : [];
    if (!user) throw unauthorized('User no longer exists');
    if (!user.active) throw unauthorized('This account has been deactivated');
    if (user.role !== 'admin') throw forbidden(`The ${user.role} role does not allow this`);
    request.actor = `admin:${credential.username}`;
  });

  open.get(
    '/test-email',
    {
      schema: {
        summary: 'Preview (render=1, no recipient needed) or send a test email of any type, with sample data',
        description: [
          `\`type\` is any email the product sends (${EMAIL_TYPES.join(', ')}; default confirmation), rendered`,
          'from the stored templates with sample data.',
          'With `render=1` the answer is the email as HTML (text/html) and nothing is sent: `email` is optional.',
          'Without it the email goes to `email` (required) with the sample PDF the real one carries',
          '(confirmation, invoice, receipt; a credit note for refund), and the answer is `{ success, message }`.',
        ].join(' '),
        querystring: Type.Object({
          email: Type.Optional(
            Type.String({
              maxLength: 254,
              description: 'Where to send the test email; required unless render=1',
            }),
          ),
          type: Type.Optional(
            Type.Union(
              EMAIL_TYPES.map((t) => Type.Literal(t)),
              { description: 'The email type (default confirmation)' },
            ),
          ),
          render: Type.Optional(
            Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true')], {
              description:
                '1 or true: answer with the rendered HTML instead of sending (no recipient needed)',
            }),
          ),
        }),
        response: {
          200: AlsoAs(MessageResponseSchema, 'text/html'),
          400: ErrorResponseSchema,
          502: ErrorResponseSchema,
          ...Errors,
        },
      },
    },
    async (request, reply) => {
      const { render } = request.query;
      // An empty `email=` (a preview form's blank field) is no address at all.
      const to = request.query.email === '' ? undefined : request.query.email;
      // Checked here rather than by the schema's format, to answer in the spec's words.
      if (to !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))
        throw badRequest(TEST_EMAIL_MESSAGE, [{ field: 'email', message: TEST_EMAIL_MESSAGE }]);
      const type = request.query.type ?? 'confirmation';
      const vars = sampleVariables(type);
      if (to) vars.email = to;
      const rendered = renderEmail(type, await emailConfigs(app.sql), vars);
      if (render === '1' || render === 'true') {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(rendered.html as never);
      }
      if (!to)
        throw badRequest('Give an email address to send the test email to', [
          { field: 'email', message: 'Required unless render=1' },
        ]);
      const attachments = await sampleAttachments(type, app.sql);
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
        }),
        response: {
          200: FileResponse<Buffer>('application/pdf', 'The sample PDF', true),
          ...Errors,
        },
      },
    },
    async (request, reply) => {
      const type = request.query.type ?? 'confirmation';
      const pdf = await renderPdf(type, app.sql);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="sample-${type}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
};

/** `POST /api/admin/previews/session`: sets the preview cookie for the admin calling it (bearer). */
export const previewSession: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/previews/session',
    {
      schema: {
        summary: `Sets the preview cookie (httpOnly, ${PREVIEW_LIFETIME_S} s, sent only to ${PREVIEW_PATHS.join(' and ')}) for a preview opened in a new tab`,
        response: {
          200: Envelope(Type.Object({ expiresIn: Type.Integer({ description: 'seconds' }) })),
          ...Errors,
        },
      },
    },
    async (request, reply) => {
      const { sub, username } = request.user;
      const credential: PreviewCredential = {
        sub,
        username,
        role: 'preview',
        purpose: 'preview',
        jti: randomUUID(),
      };
      const value = app.jwt.sign(credential as never, { expiresIn: PREVIEW_LIFETIME_S });
      for (const path of PREVIEW_PATHS) {
        reply.setCookie(PREVIEW_COOKIE, value, {
          path,
          httpOnly: true,
          sameSite: 'strict',
          // Over TLS (directly or behind a proxy that says so, TRUST_PROXY) the cookie never goes out in clear.
          secure: request.protocol === 'https',
          maxAge: PREVIEW_LIFETIME_S,
        });
      }
      return { success: true as const, data: { expiresIn: PREVIEW_LIFETIME_S } };
    },
  );
};

export default previews;
