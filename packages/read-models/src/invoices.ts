/**
 * The `invoices` register's readers (issue 25): an issued invoice or credit note by number, an order's
 * documents, and the GST report's monthly sums. The register is written only by the issuing commands
 * (`issueInvoice`, `issueCreditNote` in packages/commands), in the transaction that numbers a document.
 */
import type { Sql } from '@hs/db';
import {
  type CreditNoteSnapshot,
  type DocumentKind,
  type InvoiceSnapshot,
  PAYMENT_METHOD_GROUPS,
  type PaymentMethodGroup,
} from '@hs/domain';

export type IssuedDocument =
  | { kind: 'invoice'; number: string; issuedAt: string; snapshot: InvoiceSnapshot }
  | { kind: 'credit-note'; number: string; issuedAt: string; snapshot: CreditNoteSnapshot };

/** One issued document by its number. */
export async function readDocument(
  sql: Sql,
  number: string,
): Promise<IssuedDocument['snapshot'] | undefined> {
  const [row] = await sql<{ snapshot: IssuedDocument['snapshot'] }[]>`
    select snapshot from invoices where number = ${number}`;
  return row?.snapshot;
}

/** One issued document with its kind, by number. */
export async function readIssuedDocument(sql: Sql, number: string): Promise<IssuedDocument | undefined> {
  const [row] = await sql<IssuedDocument[]>`
    select kind, number, issued_at as "issuedAt", snapshot from invoices where number = ${number}`;
  return row ? { ...row, issuedAt: new Date(row.issuedAt).toISOString() } : undefined;
}

/** The order's issued documents, oldest first. */
export async function readOrderDocuments(sql: Sql, registrationId: number): Promise<IssuedDocument[]> {
  const rows = await sql<IssuedDocument[]>`
    select kind, number, issued_at as "issuedAt", snapshot from invoices
    where registration_id = ${registrationId} order by issued_at, number`;
  return rows.map((r) => ({ ...r, issuedAt: new Date(r.issuedAt).toISOString() }));
}

/**
 * A corporate programme's company invoices and the credit notes against them (issue 51), oldest first.
 */
export async function readProgrammeDocuments(sql: Sql, programmeId: number): Promise<IssuedDocument[]> {
  const rows = await sql<IssuedDocument[]>`
    select i.kind, i.number, i.issued_at as "issuedAt", i.snapshot from invoices i
    where i.number in (select number from company_invoices where programme_id = ${programmeId})
       or i.original_number in (select number from company_invoices where programme_id = ${programmeId})
          and i.refund_id like 'company:%'
    order by i.issued_at, i.number`;
  return rows.map((r) => ({ ...r, issuedAt: new Date(r.issuedAt).toISOString() }));
}

/** A month's (or a range's) sums of issued documents. */
export interface GstSums {
  taxableSalesCents: number;
  gstCollectedCents: number;
  creditNotesCents: number;
  creditNoteGstCents: number;
  invoiceCount: number;
  creditNoteCount: number;
}

export interface GstMonth extends GstSums {
  month: string;
  /** The same sums per payment method group (issue 48), groups with documents only, in PAYMENT_METHOD_GROUPS order. */
  byMethod: (GstSums & { method: PaymentMethodGroup })[];
}

export const emptyGstSums = (): GstSums => ({
  taxableSalesCents: 0,
  gstCollectedCents: 0,
  creditNotesCents: 0,
  creditNoteGstCents: 0,
  invoiceCount: 0,
  creditNoteCount: 0,
});

/** Adds `row`'s sums of one kind of document to `into`. */
function addDocuments(
  into: GstSums,
  kind: DocumentKind,
  row: { taxable: string; gst: string; count: string },
) {
  if (kind === 'invoice') {
    into.taxableSalesCents += Number(row.taxable);
    into.gstCollectedCents += Number(row.gst);
    into.invoiceCount += Number(row.count);
  } else {
    into.creditNotesCents += Number(row.taxable);
    into.creditNoteGstCents += Number(row.gst);
    into.creditNoteCount += Number(row.count);
  }
}

/** Per Singapore month of issue (from..to inclusive, yyyy-MM-dd), the sums of the issued documents. */
export async function gstReport(sql: Sql, from: string, to: string): Promise<GstMonth[]> {
  const rows = await sql<
    {
      month: string;
      kind: DocumentKind;
      method: PaymentMethodGroup;
      taxable: string;
      gst: string;
      count: string;
    }[]
  >`
    select issued_month as month, kind, payment_method as method, sum(taxable_cents)::text as taxable,
           sum(gst_cents)::text as gst, count(*)::text as count
    from invoices
    where (issued_at at time zone 'Asia/Singapore')::date between ${from}::date and ${to}::date
    group by issued_month, kind, payment_method order by issued_month`;
  const months = new Map<string, GstMonth>();
  for (const r of rows) {
    let m = months.get(r.month);
    if (!m) {
      m = { month: r.month, ...emptyGstSums(), byMethod: [] };
      months.set(r.month, m);
    }
    addDocuments(m, r.kind, r);
    let byMethod = m.byMethod.find((b) => b.method === r.method);
    if (!byMethod) {
      byMethod = { method: r.method, ...emptyGstSums() };
      m.byMethod.push(byMethod);
    }
    addDocuments(byMethod, r.kind, r);
  }
  for (const m of months.values()) {
    m.byMethod.sort(
      (a, b) => PAYMENT_METHOD_GROUPS.indexOf(a.method) - PAYMENT_METHOD_GROUPS.indexOf(b.method),
    );
  }
  return [...months.values()];
}
