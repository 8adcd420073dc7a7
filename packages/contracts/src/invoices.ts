/** Issue 25: company settings, issued invoices and credit notes, and the GST report. */
import { type Static, Type } from '@sinclair/typebox';
import { DateSchema, DateTimeSchema, Envelope, MoneySchema, Nullable } from './common';

export const CompanySettingsSchema = Type.Object(
  {
    companyName: Type.String({ maxLength: 200 }),
    address: Type.String({ maxLength: 500 }),
    uen: Type.String({ maxLength: 20, description: 'Unique Entity Number, e.g. 201912345K' }),
    gstRegistrationNumber: Type.String({
      maxLength: 20,
      description:
        'e.g. M90000000A; empty: not GST-registered, documents are issued as "Invoice" without GST lines',
    }),
    invoicePrefix: Type.String({ maxLength: 10, description: '1-10 characters [A-Z0-9-], e.g. HS' }),
    contactPhone: Type.Optional(
      Type.String({
        maxLength: 30,
        description:
          "The clinic's contact phone (issue 46): +65 and 8 digits, e.g. +65 6123 4567; empty: none",
      }),
    ),
    contactEmail: Type.Optional(
      Type.String({ maxLength: 254, description: "The clinic's contact email (issue 46); empty: none" }),
    ),
  },
  { additionalProperties: false },
);
export type CompanySettingsInput = Static<typeof CompanySettingsSchema>;

/** The clinic's contact details as the public site and every email show them (issue 46). */
export const CompanyContactSchema = Type.Object({
  name: Type.String({ description: 'The clinic (company) name' }),
  address: Type.String({ description: "The clinic's address; empty when not set" }),
  phone: Type.String({ description: '+65 6123 4567; empty when not set' }),
  email: Type.String({ description: 'Contact email; empty when not set' }),
});
export type CompanyContact = Static<typeof CompanyContactSchema>;
export const CompanyContactResponseSchema = Envelope(CompanyContactSchema);

export const CompanySettingsResponseSchema = Envelope(
  Type.Object({
    ...CompanySettingsSchema.properties,
    gstRegistered: Type.Boolean({ description: 'A GST number is set: documents are tax invoices' }),
  }),
);
export type CompanySettingsView = Static<typeof CompanySettingsResponseSchema>['data'];

export const IssuedDocumentSchema = Type.Object({
  number: Type.String({ description: 'HS-2026-000123 (invoice) or HS-CN-2026-000007 (credit note)' }),
  kind: Type.Union([Type.Literal('invoice'), Type.Literal('credit-note')]),
  title: Type.String({ description: "'Tax Invoice', 'Invoice' or 'Credit Note'" }),
  issuedAt: DateTimeSchema,
  total: MoneySchema,
  gst: MoneySchema,
  originalInvoiceNumber: Nullable(Type.String()),
  refundId: Nullable(Type.String()),
});
export type IssuedDocumentView = Static<typeof IssuedDocumentSchema>;
export const IssuedDocumentListResponseSchema = Envelope(Type.Array(IssuedDocumentSchema));

export const InvoiceNumberParams = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Z0-9-]+$' }),
});

export const GstReportQuerySchema = Type.Object({
  from: Type.String({ description: 'yyyy-MM-dd (Singapore day of issue), inclusive' }),
  to: Type.String({ description: 'yyyy-MM-dd, inclusive' }),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});

const GstFigures = {
  taxableSales: MoneySchema,
  gstCollected: MoneySchema,
  creditNotes: Type.String({ description: 'Credit notes before GST' }),
  creditNoteGst: MoneySchema,
  net: Type.String({ description: 'taxableSales - creditNotes' }),
  netGst: Type.String({ description: 'gstCollected - creditNoteGst' }),
  invoiceCount: Type.Integer(),
  creditNoteCount: Type.Integer(),
};
/** Issue 48: the same figures per payment method group; an invoice counts in how the order was paid when issued. */
const GstByMethod = Type.Array(
  Type.Object({
    method: Type.String({
      description:
        'card, paynow, cash, nets, card_terminal, partner or other (other: not paid when issued, or another method)',
    }),
    label: Type.String({ description: "The method's name, e.g. PayNow" }),
    ...GstFigures,
  }),
  { description: 'The figures split by payment method (groups with documents only)' },
);
export const GstMonthSchema = Type.Object({
  month: Type.String({ description: 'yyyy-MM' }),
  ...GstFigures,
  byMethod: GstByMethod,
});
export const GstReportSchema = Type.Object({
  from: DateSchema,
  to: DateSchema,
  months: Type.Array(GstMonthSchema),
  totals: Type.Object({ ...GstFigures, byMethod: GstByMethod }),
});
export type GstReport = Static<typeof GstReportSchema>;
export const GstReportResponseSchema = Envelope(GstReportSchema);
