import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  FileResponse,
  ProgrammeCodeRequestSchema,
  ProgrammePassSchema,
  ProgrammeReportSchema,
  ProgrammeVerifyRequestSchema,
  PublicProgrammeSchema,
} from '@hs/contracts';
import { PROGRAMME_MESSAGES, normalizeWorkEmail, domainAllowed } from '@hs/domain';
import type { MailerOptions } from '@hs/notifications';
import { Type } from '@sinclair/typebox';
import { bookingsLeft, createProgrammeAccess } from '../../corporate/access';
import { sendProgrammeCodeMail } from '../../corporate/mail';
import {
  type ProgrammeTerms,
  programmeByCode,
  programmeOffer,
  programmeOpen,
} from '../../corporate/programme-read';
import { programmeReportCsv, readProgrammeReport } from '../../corporate/report';
import { reportLinkProgramme } from '../../corporate/report-links';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../errors';

const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });
const TokenParams = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
const Message = Envelope(Type.Object({ message: Type.String() }));

/** The employee's side of a corporate programme (issue 51): `/c/{code}`, its code by email, and HR's report link. */
const programmes: FastifyPluginAsyncTypebox<{ mail: MailerOptions; secret: string }> = async (app, opts) => {
  const { sql, rateLimits } = app;
  const access = createProgrammeAccess(sql, opts.secret);

  const find = async (code: string): Promise<ProgrammeTerms> => {
    const p = await programmeByCode(sql, code);
    if (!p) throw notFound(PROGRAMME_MESSAGES.notFound);
    return p;
  };
  const workEmail = (input: string) => {
    const email = normalizeWorkEmail(input);
    if (!email)
      throw badRequest('Please enter a valid email address', [
        { field: 'email', message: 'Please enter a valid email address' },
      ]);
    return email;
  };

  app.get(
    '/api/programmes/:code',
    {
      schema: {
        tags: ['public'],
        summary:
          'A corporate programme as its employees see it at /c/{code}: the company, what is covered, until when',
        params: CodeParams,
        response: { 200: Envelope(PublicProgrammeSchema), 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const p = await find(request.params.code);
      const offer = await programmeOffer(sql, p);
      return {
        success: true as const,
        data: {
          code: p.code,
          name: p.name,
          companyName: p.companyName,
          startsOn: p.startsOn,
          endsOn: p.endsOn,
          open: programmeOpen(p),
          entitlement: p.entitlement,
          paymentRule: p.paymentRule,
          hrSeesNames: p.hrSeesNames,
          ...offer,
        },
      };
    },
  );

  app.post(
    '/api/programmes/:code/codes',
    {
      config: { rateLimit: rateLimits.cancel },
      schema: {
        tags: ['public'],
        summary:
          "Emails a 6-digit one-time code (valid 10 minutes) to a work address that may book. Under a roster every address gets the same 202 and an email (the code, or a polite word that the programme is not open to it), so the answer tells nobody who is on the roster; a programme open by email domain alone answers 403 'This programme is not open to your email address.' to another domain. 3 codes per address per 15 minutes (429)",
        params: CodeParams,
        body: ProgrammeCodeRequestSchema,
        response: {
          202: Message,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const p = await find(request.params.code);
      if (!programmeOpen(p)) throw conflict(PROGRAMME_MESSAGES.notOpen);
      const email = workEmail(request.body.email);
      // The domains are no secret: without a roster another domain is told at once.
      if (!p.useRoster && !domainAllowed(email, p.emailDomains))
        throw forbidden(PROGRAMME_MESSAGES.notEligible);
      const { code } = await access.issueCode(p, email);
      try {
        await sendProgrammeCodeMail(sql, opts.mail, email, request.body.language ?? 'en', p, code);
      } catch (err) {
        request.log.error({ err }, 'programme code email failed');
        throw new HttpError(503, 'We could not send the email just now. Please try again in a minute.');
      }
      return reply
        .status(202)
        .send({ success: true as const, data: { message: PROGRAMME_MESSAGES.codeSent } });
    },
  );

  app.post(
    '/api/programmes/:code/verify',
    {
      config: { rateLimit: rateLimits.cancel },
      schema: {
        tags: ['public'],
        summary:
          "Checks the emailed code: right, it gives the pass a booking carries as `programmePass` (2 hours); wrong, 400 with the attempts left; after 5 wrong tries or 10 minutes, 410 'This code has expired. Please ask for a new one.'",
        params: CodeParams,
        body: ProgrammeVerifyRequestSchema,
        response: {
          200: Envelope(ProgrammePassSchema),
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const p = await find(request.params.code);
      if (!programmeOpen(p)) throw conflict(PROGRAMME_MESSAGES.notOpen);
      const email = workEmail(request.body.email);
      const { pass, expiresAt, eligibility } = await access.verifyCode(p, email, request.body.code);
      const left = eligibility.eligible ? await bookingsLeft(sql, p, eligibility.employeeKey) : 0;
      return {
        success: true as const,
        data: { pass, expiresAt: expiresAt.toISOString(), email, bookingsLeft: left },
      };
    },
  );

  const report = async (token: string) => {
    const p = await reportLinkProgramme(sql, token);
    return readProgrammeReport(sql, p);
  };

  app.get(
    '/api/programme-reports/:token',
    {
      schema: {
        tags: ['public'],
        summary: "A programme's report for the company contact it was emailed to: read-only, expiring (410)",
        params: TokenParams,
        response: {
          200: Envelope(ProgrammeReportSchema),
          400: ErrorResponseSchema,
          410: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: await report(request.params.token) }),
  );

  app.get(
    '/api/programme-reports/:token/csv',
    {
      schema: {
        tags: ['public'],
        summary: 'The same report as CSV',
        params: TokenParams,
        response: {
          200: FileResponse('text/csv', 'The programme report'),
          400: ErrorResponseSchema,
          410: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="programme-report.csv"')
        .send(programmeReportCsv(await report(request.params.token)) as never),
  );
};

export default programmes;
