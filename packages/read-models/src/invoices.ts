/**
 * The `invoices` register's readers (issue 25): an issued invoice or credit note by number, an order's
 * documents, and the GST report's monthly sums. The register is written only by the issuing commands
 * (`issueInvoice`, `issueCreditNote` in packages/commands), in the transaction that numbers a document.
 */
import type { Sql } from '@hs/db';
import type { CreditNoteSnapshot, DocumentKind, InvoiceSnapshot } from '@hs/domain';

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

export interface GstMonth {
  month: string;
  taxableSalesCents: number;
  gstCollectedCents: number;
  creditNotesCents: number;
  creditNoteGstCents: number;
  invoiceCount: number;
  creditNoteCount: number;
}

/** Per Singapore month of issue (from..to inclusive, yyyy-MM-dd), the sums of the issued documents. */
export async function gstReport(sql: Sql, from: string, to: string): Promise<GstMonth[]> {
  const rows = await sql<
    { month: string; kind: DocumentKind; taxable: string; gst: string; count: string }[]
  >`
    select issued_month as month, kind, sum(taxable_cents)::text as taxable, sum(gst_cents)::text as gst,
           count(*)::text as count
    from invoices
    where (issued_at at time zone 'Asia/Singapore')::date between ${from}::date and ${to}::date
    group by issued_month, kind order by issued_month`;
  const months = new Map<string, GstMonth>();
  for (const r of rows) {
    const m = months.get(r.month) ?? {
      month: r.month,
      taxableSalesCents: 0,
      gstCollectedCents: 0,
      creditNotesCents: 0,
      creditNoteGstCents: 0,
      invoiceCount: 0,
      creditNoteCount: 0,
    };
    if (r.kind === 'invoice') {
      m.taxableSalesCents += Number(r.taxable);
      m.gstCollectedCents += Number(r.gst);
      m.invoiceCount += Number(r.count);
    } else {
      m.creditNotesCents += Number(r.taxable);
      m.creditNoteGstCents += Number(r.gst);
      m.creditNoteCount += Number(r.count);
    }
    months.set(r.month, m);
  }
  return [...months.values()];
}
