import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorResponseSchema,
  FileResponse,
  IdParams,
  IssuedDocumentListResponseSchema,
  ProgrammeBookingSchema,
  ProgrammeReportSchema,
  ROLES,
  ReportLinkRequestSchema,
  RosterEmployeeSchema,
  RosterImportBodySchema,
  RosterPreviewSchema,
} from '@hs/contracts';
import { issueDueCompanyInvoices } from '@hs/commands';
import { normalizeWorkEmail, toMoneyString } from '@hs/domain';
import type { MailerOptions } from '@hs/notifications';
import { Type } from '@sinclair/typebox';
import { audit } from '../../audit';
import { sendReportLinkMail } from '../../corporate/mail';
import { type ProgrammeTerms, programmeById } from '../../corporate/programme-read';
import { programmeReportCsv, readProgrammeReport } from '../../corporate/report';
import { createReportLink } from '../../corporate/report-links';
import { currentRoster, previewRoster, replaceRoster } from '../../corporate/roster-import';
import { HttpError, badRequest, conflict, notFound } from '../../errors';
import { ignoreEmptyBody } from '../../no-body';
import { documentView } from './invoices';
import { readProgrammeDocuments } from '@hs/read-models';

const config = { roles: ROLES.corporate };
const ERRORS = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };

/** A programme's roster, bookings, report and closing (issue 51), beside its catalogue routes. */
const programmeDetails: FastifyPluginAsyncTypebox<{ mail: MailerOptions; publicBaseUrl: string }> = async (
  app,
  opts,
) => {
  const { sql } = app;
  const find = async (id: number): Promise<ProgrammeTerms> => {
    const p = await programmeById(sql, id);
    if (!p) throw notFound('Programme not found');
    return p;
  };

  app.get(
    '/programmes/:id/roster',
    {
      config,
      schema: {
        summary: "A programme's roster",
        params: IdParams,
        response: { 200: Envelope(Type.Array(RosterEmployeeSchema)), ...ERRORS },
      },
    },
    async (request) => {
      await find(request.params.id);
      return { success: true as const, data: await currentRoster(sql, request.params.id) };
    },
  );

  app.post(
    '/programmes/:id/roster/preview',
    {
      config,
      schema: {
        summary: 'Checks a roster CSV row by row and says what importing it would change; saves nothing',
        params: IdParams,
        body: RosterImportBodySchema,
        response: { 200: Envelope(RosterPreviewSchema), ...ERRORS },
      },
    },
    async (request) => {
      await find(request.params.id);
      const { preview } = await previewRoster(sql, request.params.id, request.body.csv);
      return { success: true as const, data: preview };
    },
  );

  app.post(
    '/programmes/:id/roster',
    {
      config,
      schema: {
        summary:
          'Imports a roster CSV, all or nothing: it replaces the roster (employees absent from the file are removed); 400 listing every row error as "row N field"',
        params: IdParams,
        body: RosterImportBodySchema,
        response: { 200: Envelope(RosterPreviewSchema), ...ERRORS },
      },
    },
    async (request) => {
      const id = request.params.id;
      await find(id);
      const preview = await sql.begin(async (tx) => {
        // one import of a programme at a time: the second waits and sees the first's roster
        await tx`select id from programmes where id = ${id} for update`;
        const checked = await previewRoster(tx, id, request.body.csv);
        if (!checked.preview.valid)
          throw badRequest(
            `The roster has ${checked.preview.errors.length} error${checked.preview.errors.length === 1 ? '' : 's'}; nothing was imported`,
            checked.preview.errors.map((e) => ({ field: `row ${e.row} ${e.field}`, message: e.message })),
          );
        await replaceRoster(tx, id, checked.employees);
        const { errors: _none, ...counts } = checked.preview;
        await audit(tx, {
          actor: request.actor,
          action: 'update',
          entity: 'programme_roster',
          entityId: id,
          after: counts,
        });
        return checked.preview;
      });
      return { success: true as const, data: preview };
    },
  );

  app.get(
    '/programmes/:id/bookings',
    {
      config,
      schema: {
        summary: "A programme's bookings, newest first",
        params: IdParams,
        response: { 200: Envelope(Type.Array(ProgrammeBookingSchema)), ...ERRORS },
      },
    },
    async (request) => {
      await find(request.params.id);
      const rows = await sql<
        {
          registrationId: string;
          referenceNumber: string;
          employeeId: string | null;
          email: string;
          name: string;
          status: string;
          appointmentDate: string | null;
          checkedIn: boolean;
          noShow: boolean;
          companyPaidCents: string;
          balanceDueCents: string;
          bookedAt: Date;
        }[]
      >`
        select registration_id::text as "registrationId", reference_number as "referenceNumber",
               employee_id as "employeeId", email, trim(first_name || ' ' || last_name) as name, status,
               to_char(timeslot_date, 'YYYY-MM-DD') as "appointmentDate", check_ins <> '{}'::jsonb as "checkedIn",
               jsonb_array_length(no_shows) > 0 as "noShow", company_paid_cents::text as "companyPaidCents",
               balance_due_cents::text as "balanceDueCents", created_at as "bookedAt"
        from orders where programme_id = ${request.params.id}
        order by created_at desc, registration_id desc`;
      return {
        success: true as const,
        data: rows.map((r) => ({
          registrationId: Number(r.registrationId),
          referenceNumber: r.referenceNumber,
          employeeId: r.employeeId ?? r.email,
          name: r.name,
          status: r.status === 'cancelled' ? 'canceled' : r.status,
          appointmentDate: r.appointmentDate,
          checkedIn: r.checkedIn,
          noShow: r.noShow,
          companyPays: toMoneyString(Number(r.companyPaidCents)),
          employeePays: toMoneyString(Number(r.balanceDueCents)),
          bookedAt: r.bookedAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/programmes/:id/invoices',
    {
      config,
      schema: {
        summary:
          "The company's tax invoices for the programme (one per month of bookings, and at its close) and the credit notes of billed bookings cancelled since, oldest first; each PDF at /api/admin/invoices/{number}/pdf",
        params: IdParams,
        response: { 200: IssuedDocumentListResponseSchema, ...ERRORS },
      },
    },
    async (request) => {
      await find(request.params.id);
      return {
        success: true as const,
        data: (await readProgrammeDocuments(sql, request.params.id)).map(documentView),
      };
    },
  );

  app.get(
    '/programmes/:id/report',
    {
      config,
      schema: {
        summary:
          "The programme's report as HR sees it: counts by department and site, names only where allowed; never health",
        params: IdParams,
        response: { 200: Envelope(ProgrammeReportSchema), ...ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readProgrammeReport(sql, await find(request.params.id)),
    }),
  );

  app.get(
    '/programmes/:id/report.csv',
    {
      config,
      schema: {
        summary: 'The same report as CSV',
        params: IdParams,
        response: { 200: FileResponse('text/csv', 'The programme report'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const p = await find(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${p.code}-report.csv"`)
        .send(programmeReportCsv(await readProgrammeReport(sql, p)) as never);
    },
  );

  app.post(
    '/programmes/:id/report-link',
    {
      config,
      schema: {
        summary:
          "Emails a company contact a read-only link to the programme's report, expiring after `days` (default 14)",
        params: IdParams,
        body: ReportLinkRequestSchema,
        response: {
          200: Envelope(Type.Object({ message: Type.String(), expiresAt: Type.String() })),
          ...ERRORS,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const p = await find(request.params.id);
      const email = normalizeWorkEmail(request.body.email);
      if (!email)
        throw badRequest('Please enter a valid email address', [
          { field: 'email', message: 'Please enter a valid email address' },
        ]);
      const { token, expiresAt } = await createReportLink(sql, p.id, email, request.body.days ?? 14);
      await audit(sql, {
        actor: request.actor,
        action: 'create',
        entity: 'programme_report_link',
        entityId: p.id,
        after: { email, expiresAt },
      });
      try {
        await sendReportLinkMail(sql, opts.mail, email, {
          url: `${opts.publicBaseUrl.replace(/\/$/, '')}/programme-report/${token}`,
          expiresAt,
          programme: p.name,
          company: p.companyName,
        });
      } catch (err) {
        request.log.error({ err }, 'programme report link email failed');
        throw new HttpError(503, 'The email could not be sent. Please try again.');
      }
      return {
        success: true as const,
        data: { message: `Report link sent to ${email}`, expiresAt: expiresAt.toISOString() },
      };
    },
  );

  app.post(
    '/programmes/:id/close',
    {
      config,
      onRequest: ignoreEmptyBody,
      schema: {
        summary: 'Closes a programme: it takes no more bookings (409 when already closed)',
        params: IdParams,
        response: {
          200: Envelope(Type.Object({ id: Type.Integer(), closedAt: Type.String() })),
          ...ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await find(id);
      const [row] = await sql<{ closedAt: Date }[]>`
        update programmes set closed_at = now(), updated_at = now() where id = ${id} and closed_at is null
        returning closed_at as "closedAt"`;
      if (!row) throw conflict('This programme is already closed');
      await audit(sql, {
        actor: request.actor,
        action: 'update',
        entity: 'programme',
        entityId: id,
        after: { closedAt: row.closedAt },
      });
      // the company's invoice for what it owes so far, now: the worker emails it at its next sweep
      try {
        await issueDueCompanyInvoices(sql, new Date(), { actor: request.actor, programmeId: id });
      } catch (err) {
        // closed all the same: the worker's billing sweep issues it
        request.log.error(
          { err, programmeId: id },
          'company invoice at close failed; the sweep will issue it',
        );
      }
      return { success: true as const, data: { id, closedAt: row.closedAt.toISOString() } };
    },
  );
};

export default programmeDetails;
