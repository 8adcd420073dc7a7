/**
 * Issue 25: company settings (admin), each order's issued invoices and credit notes with their PDFs,
 * and the GST report (admin, finance). Documents are read from the `invoices` register only; a PDF is
 * drawn from the document's snapshot, so it is the same document whenever it is downloaded.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMPANY_SETTINGS_KEY, readCompanySettings } from '@hs/commands';
import {
  CompanySettingsResponseSchema,
  CompanySettingsSchema,
  ErrorResponseSchema,
  GstReportQuerySchema,
  GstReportResponseSchema,
  IdParams,
  InvoiceNumberParams,
  IssuedDocumentListResponseSchema,
  ROLES,
  AlsoAs,
  FileResponse,
} from '@hs/contracts';
import {
  type CompanySettings,
  companySettingsProblems,
  gstRegistered,
  normaliseContactPhone,
  PAYMENT_METHOD_GROUPS,
  paymentMethodGroupLabel,
  toMoneyString,
} from '@hs/domain';
import { invoiceTitle, renderIssuedCreditNotePdf, renderIssuedInvoicePdf } from '@hs/notifications';
import {
  type GstMonth,
  type GstSums,
  type IssuedDocument,
  emptyGstSums,
  gstReport,
  readIssuedDocument,
  readOrderDocuments,
} from '@hs/read-models';
import { badRequest, notFound } from '../../errors';
import { saveSetting } from '../../settings';
import { csvCell } from '../../csv';

const settingsView = (s: CompanySettings) => ({ ...s, gstRegistered: gstRegistered(s) });

/** An issued document as the back office lists it (an order's, a programme's). */
export const documentView = (d: IssuedDocument) =>
  d.kind === 'invoice'
    ? {
        number: d.number,
        kind: d.kind,
        title: invoiceTitle(d.snapshot.supplier),
        issuedAt: d.issuedAt,
        total: toMoneyString(d.snapshot.totalCents),
        gst: toMoneyString(d.snapshot.gstCents),
        originalInvoiceNumber: d.snapshot.supersedes,
        refundId: null,
      }
    : {
        number: d.number,
        kind: d.kind,
        title: 'Credit Note',
        issuedAt: d.issuedAt,
        total: toMoneyString(d.snapshot.totalCents),
        gst: toMoneyString(d.snapshot.gstCents),
        originalInvoiceNumber: d.snapshot.originalInvoiceNumber,
        refundId: d.snapshot.refundId,
      };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day; '0000-00-00' and the like are no Date at all (toISOString would throw: a 500). */
const isDay = (s: string) => {
  const t = DAY.test(s) ? Date.parse(`${s}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(t) && s >= '0001' && new Date(t).toISOString().slice(0, 10) === s;
};

function figures(m: GstSums) {
  return {
    taxableSales: toMoneyString(m.taxableSalesCents),
    gstCollected: toMoneyString(m.gstCollectedCents),
    creditNotes: toMoneyString(m.creditNotesCents),
    creditNoteGst: toMoneyString(m.creditNoteGstCents),
    net: toMoneyString(m.taxableSalesCents - m.creditNotesCents),
    netGst: toMoneyString(m.gstCollectedCents - m.creditNoteGstCents),
    invoiceCount: m.invoiceCount,
    creditNoteCount: m.creditNoteCount,
  };
}

const GST_CSV_COLUMNS = [
  'month',
  'taxableSales',
  'gstCollected',
  'creditNotes',
  'creditNoteGst',
  'net',
  'netGst',
  'invoiceCount',
  'creditNoteCount',
] as const;

/** Each month's figures with their split by payment method (issue 48), labelled. */
function withMethods(sums: GstSums, byMethod: GstMonth['byMethod']) {
  return {
    ...figures(sums),
    byMethod: byMethod.map((b) => ({
      method: b.method,
      label: paymentMethodGroupLabel(b.method),
      ...figures(b),
    })),
  };
}

/** Sums of several months (or methods): field by field. */
const addSums = (a: GstSums, b: GstSums): GstSums => ({
  taxableSalesCents: a.taxableSalesCents + b.taxableSalesCents,
  gstCollectedCents: a.gstCollectedCents + b.gstCollectedCents,
  creditNotesCents: a.creditNotesCents + b.creditNotesCents,
  creditNoteGstCents: a.creditNoteGstCents + b.creditNoteGstCents,
  invoiceCount: a.invoiceCount + b.invoiceCount,
  creditNoteCount: a.creditNoteCount + b.creditNoteCount,
});

/**
 * The CSV's split (issue 48): after the columns above (which keep their places), each method group's
 * net sales and net GST, in PAYMENT_METHOD_GROUPS order, so every file has the same columns.
 */
const GST_CSV_METHOD_COLUMNS = PAYMENT_METHOD_GROUPS.flatMap((g) => [`${g}Net`, `${g}NetGst`]);
const methodCells = (byMethod: { method: string; net: string; netGst: string }[]) =>
  PAYMENT_METHOD_GROUPS.flatMap((g) => {
    const b = byMethod.find((m) => m.method === g);
    return [b?.net ?? '0.00', b?.netGst ?? '0.00'];
  });

const invoices: FastifyPluginAsyncTypebox = async (app) => {
  const { sql } = app;

  app.get(
    '/company-settings',
    {
      schema: {
        summary: 'The supplier printed on invoices and credit notes, and the invoice number prefix',
        response: { 200: CompanySettingsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: settingsView(await readCompanySettings(sql)) }),
  );

  app.put(
    '/company-settings',
    {
      schema: {
        summary:
          'Set the company settings (audited); documents issued from now on carry them, issued ones never change',
        body: CompanySettingsSchema,
        response: { 200: CompanySettingsResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      const input: CompanySettings = {
        companyName: request.body.companyName.trim(),
        address: request.body.address.trim(),
        uen: request.body.uen.trim().toUpperCase(),
        gstRegistrationNumber: request.body.gstRegistrationNumber.trim().toUpperCase(),
        invoicePrefix: request.body.invoicePrefix.trim().toUpperCase(),
        contactPhone: (request.body.contactPhone ?? '').trim(),
        contactEmail: (request.body.contactEmail ?? '').trim().toLowerCase(),
      };
      const problems = Object.entries(companySettingsProblems(input)).map(([field, message]) => ({
        field,
        message,
      }));
      if (problems.length) throw badRequest(problems[0]!.message, problems);
      input.contactPhone = input.contactPhone && normaliseContactPhone(input.contactPhone)!;
      await sql.begin(async (tx) => {
        const before = await readCompanySettings(tx);
        await saveSetting(tx, {
          key: COMPANY_SETTINGS_KEY,
          value: JSON.stringify(input),
          description: 'The supplier on invoices and credit notes (issue 25)',
          actor: request.actor,
          before,
          after: input,
        });
      });
      return { success: true as const, data: settingsView(input) };
    },
  );

  app.get(
    '/registrations/:id/invoices',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary: "The order's issued invoices and credit notes, oldest first",
        params: IdParams,
        response: { 200: IssuedDocumentListResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await readOrderDocuments(sql, request.params.id)).map(documentView),
    }),
  );

  app.get(
    '/invoices/:number/pdf',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary: 'The PDF of an issued invoice or credit note (drawn from its issued snapshot)',
        params: InvoiceNumberParams,
        response: {
          200: FileResponse<Buffer>('application/pdf', 'The tax invoice or credit note as a PDF', true),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const doc = await readIssuedDocument(sql, request.params.number);
      if (!doc) throw notFound('Invoice not found');
      const pdf =
        doc.kind === 'invoice'
          ? await renderIssuedInvoicePdf(doc.snapshot)
          : await renderIssuedCreditNotePdf(doc.snapshot);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${doc.number}.pdf"`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  app.get(
    '/reports/gst',
    {
      config: { roles: ROLES.orderDesk },
      schema: {
        summary:
          'GST per month of issue (Singapore) from the issued invoices and credit notes; format=csv for the same as CSV',
        querystring: GstReportQuerySchema,
        response: { 200: AlsoAs(GstReportResponseSchema, 'text/csv'), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (!isDay(from))
        throw badRequest('from must be a date yyyy-MM-dd', [{ field: 'from', message: 'Invalid date' }]);
      if (!isDay(to))
        throw badRequest('to must be a date yyyy-MM-dd', [{ field: 'to', message: 'Invalid date' }]);
      if (from > to) throw badRequest('from must not be after to');
      const months = await gstReport(sql, from, to);
      const totalByMethod = PAYMENT_METHOD_GROUPS.flatMap((method) => {
        const of = months.flatMap((m) => m.byMethod.filter((b) => b.method === method));
        return of.length ? [{ method, ...of.reduce(addSums, emptyGstSums()) }] : [];
      });
      const report = {
        from,
        to,
        months: months.map((m) => ({ month: m.month, ...withMethods(m, m.byMethod) })),
        totals: withMethods(months.reduce(addSums, emptyGstSums()), totalByMethod),
      };
      if (format === 'csv') {
        const rows = [...report.months, { month: 'Total', ...report.totals }].map((r) =>
          [...GST_CSV_COLUMNS.map((c) => r[c]), ...methodCells(r.byMethod)].map(csvCell).join(','),
        );
        const header = [...GST_CSV_COLUMNS, ...GST_CSV_METHOD_COLUMNS].join(',');
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="gst-report-${from}-${to}.csv"`)
            // a string is sent as is: the JSON schema does not serialise it
            .send(`${[header, ...rows].join('\r\n')}\r\n` as never)
        );
      }
      return { success: true as const, data: report };
    },
  );
};

export default invoices;
