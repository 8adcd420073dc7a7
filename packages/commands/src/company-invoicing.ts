/**
 * Billing a company for its programme's bookings (issue 51). At the end of each month (and when staff
 * close a programme) the company gets one tax invoice for the company-paid part of that month's
 * bookings, numbered in the same gapless sequence as every invoice (InvoiceIssued on the sequence
 * stream) and appended with CompanyInvoiceIssued on the programme's billing stream at its expected
 * version, so two issuers never bill a booking twice (the register's lines say which it billed). A
 * billed booking cancelled later gets a credit note against that invoice, once (its registration's
 * DocumentIssued marker, as a refund's credit note).
 */
import type { Sql } from '@hs/db';
import {
  type CompanyBookingShare,
  type CompanyInvoiceIssued,
  type CreditNoteSnapshot,
  GST_BASIS_POINTS,
  type InvoiceSnapshot,
  companyBillingStream,
  companyInvoiceAmounts,
  documentNumber,
  gstPartOf,
  gstRegistered,
  invoiceSequenceStream,
  singaporeYear,
} from '@hs/domain';
import { CommandConflictError, type NewEvent, handle, readLatestOfTypes } from '@hs/eventstore';
import { type IssueOptions, issueDocument, readCompanySettings, supplierOf } from './invoicing';

interface Billed {
  companyId: number;
  companyName: string;
  billingAddress: string;
  uen: string;
  gstRegistrationNumber: string | null;
  poReference: string | null;
  programmeName: string;
  code: string;
}

/** The month (yyyy-MM) a time falls in, in Singapore. */
const monthOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);

/** The programme's live company-paid bookings of `period` no invoice has billed yet. */
async function unbilled(sql: Sql, programmeId: number, period: string): Promise<CompanyBookingShare[]> {
  const rows = await sql<(Omit<CompanyBookingShare, 'companyPaidCents'> & { companyPaidCents: string })[]>`
    select o.registration_id::bigint as "registrationId", o.reference_number as "referenceNumber",
           coalesce(o.employee_id, o.email) as employee, o.company_paid_cents::text as "companyPaidCents"
    from orders o
    where o.programme_id = ${programmeId} and o.company_paid_cents > 0
      and o.status in ('confirmed', 'paid', 'completed')
      and to_char(o.created_at at time zone 'Asia/Singapore', 'YYYY-MM') = ${period}
      and not exists (select 1 from company_invoice_lines l where l.registration_id = o.registration_id)
    order by o.created_at, o.registration_id`;
  return rows.map((r) => ({
    ...r,
    registrationId: Number(r.registrationId),
    companyPaidCents: Number(r.companyPaidCents),
  }));
}

/**
 * Issues the company's invoice for the programme's unbilled bookings of `period`; null when there is
 * nothing to bill. Safe to run from any number of processes at once.
 */
export async function issueCompanyInvoice(
  sql: Sql,
  programmeId: number,
  period: string,
  options: IssueOptions,
): Promise<InvoiceSnapshot | null> {
  const at = options.at ?? new Date();
  const [billed] = await sql<Billed[]>`
    select c.id as "companyId", c.name as "companyName", c.billing_address as "billingAddress", c.uen,
           c.gst_registration_number as "gstRegistrationNumber", c.po_reference as "poReference",
           p.name as "programmeName", p.code
    from programmes p join companies c on c.id = p.company_id where p.id = ${programmeId}`;
  if (!billed) return null;
  const settings = await readCompanySettings(sql);
  const year = singaporeYear(at);
  const seq = invoiceSequenceStream(settings.invoicePrefix, 'invoice', year);
  const billing = companyBillingStream(programmeId);
  for (let attempt = 1; ; attempt++) {
    const bookings = await unbilled(sql, programmeId, period);
    if (bookings.length === 0) return null;
    try {
      const { result } = await handle<InvoiceSnapshot>(
        sql,
        [seq.id, billing.id],
        (streams) => {
          const sequence = (streams[seq.id]?.version ?? 0) + 1;
          const invoiceNumber = documentNumber(settings.invoicePrefix, 'invoice', year, sequence);
          const supplier = supplierOf(settings);
          const rate = gstRegistered(supplier) ? GST_BASIS_POINTS : 0;
          const issuedAt = at.toISOString();
          const doc: InvoiceSnapshot = {
            invoiceNumber,
            registrationId: 0,
            referenceNumber: `${billed.code.toUpperCase()} ${period}`,
            sequence,
            issuedAt,
            supplier,
            customer: { name: billed.companyName, address: billed.billingAddress },
            ...companyInvoiceAmounts(bookings, rate),
            gstRateBasisPoints: rate,
            supersedes: null,
            paymentMethod: null,
            billedTo: {
              companyId: billed.companyId,
              programmeId,
              programmeName: billed.programmeName,
              period,
              uen: billed.uen,
              gstRegistrationNumber: billed.gstRegistrationNumber,
              poReference: billed.poReference,
            },
          };
          const marker: CompanyInvoiceIssued = {
            type: 'CompanyInvoiceIssued',
            data: {
              invoiceNumber,
              period,
              registrationIds: bookings.map((b) => b.registrationId),
              totalCents: doc.totalCents,
              at: issuedAt,
            },
          };
          return {
            append: [
              {
                streamId: seq.id,
                streamType: seq.category,
                events: [{ type: 'InvoiceIssued', data: doc } as NewEvent],
              },
              { streamId: billing.id, streamType: billing.category, events: [marker as NewEvent] },
            ],
            alsoWrite: async (tx) => {
              await tx`
                insert into invoices (number, kind, registration_id, sequence_stream, sequence, issued_at,
                  issued_month, taxable_cents, gst_cents, total_cents, original_number, refund_id, payment_method,
                  snapshot)
                values (${invoiceNumber}, 'invoice', 0, ${seq.id}, ${sequence}, ${issuedAt},
                  to_char(${issuedAt}::timestamptz at time zone 'Asia/Singapore', 'YYYY-MM'),
                  ${doc.taxableCents}, ${doc.gstCents}, ${doc.totalCents}, null, null, 'other', ${tx.json(doc as never)})`;
              await tx`
                insert into company_invoices (number, company_id, programme_id, period, issued_at)
                values (${invoiceNumber}, ${billed.companyId}, ${programmeId}, ${period}, ${issuedAt})`;
              // a booking another issuer billed meanwhile fails this insert and the whole append
              await tx`
                insert into company_invoice_lines ${tx(
                  bookings.map((b) => ({
                    registration_id: b.registrationId,
                    invoice_number: invoiceNumber,
                    company_paid_cents: b.companyPaidCents,
                  })),
                )}`;
            },
            result: doc,
          };
        },
        {
          metadata: { actor: options.actor, causationId: options.causationId },
          maxAttempts: 1,
          readers: {
            [seq.id]: (s) => readLatestOfTypes(s, seq.id, []),
            [billing.id]: (s) => readLatestOfTypes(s, billing.id, []),
          },
        },
      );
      return result ?? null;
    } catch (err) {
      const duplicate = (err as { code?: string }).code === '23505';
      if ((!(err instanceof CommandConflictError) && !duplicate) || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));
    }
  }
}

/**
 * What is due now: each programme's months that ended with bookings still unbilled, and those of a
 * closed programme whatever the month. Issued one by one; each issue is a no-op if another won.
 */
export async function issueDueCompanyInvoices(
  sql: Sql,
  now: Date,
  options: IssueOptions & { programmeId?: number },
): Promise<InvoiceSnapshot[]> {
  const current = monthOf(now);
  const due = await sql<{ programmeId: number; period: string }[]>`
    select distinct o.programme_id as "programmeId",
           to_char(o.created_at at time zone 'Asia/Singapore', 'YYYY-MM') as period
    from orders o join programmes p on p.id = o.programme_id
    where o.programme_id is not null and o.company_paid_cents > 0 and o.status in ('confirmed', 'paid', 'completed')
      and not exists (select 1 from company_invoice_lines l where l.registration_id = o.registration_id)
      and (p.closed_at is not null or to_char(o.created_at at time zone 'Asia/Singapore', 'YYYY-MM') < ${current})
      and ${options.programmeId === undefined ? sql`true` : sql`o.programme_id = ${options.programmeId}`}
    order by 1, 2`;
  const issued: InvoiceSnapshot[] = [];
  for (const { programmeId, period } of due) {
    const doc = await issueCompanyInvoice(sql, programmeId, period, { ...options, at: now });
    if (doc) issued.push(doc);
  }
  return issued;
}

/** Credit notes for billed bookings cancelled since (once each): the company's share, against its invoice. */
export async function issueDueCompanyCreditNotes(
  sql: Sql,
  options: IssueOptions,
): Promise<CreditNoteSnapshot[]> {
  const due = await sql<
    {
      registrationId: string;
      referenceNumber: string;
      invoiceNumber: string;
      cents: string;
      snapshot: InvoiceSnapshot;
    }[]
  >`
    select l.registration_id::text as "registrationId", o.reference_number as "referenceNumber",
           l.invoice_number as "invoiceNumber", l.company_paid_cents::text as cents, i.snapshot
    from company_invoice_lines l
      join orders o on o.registration_id = l.registration_id
      join invoices i on i.number = l.invoice_number
    where o.status in ('cancelled', 'expired')
      and not exists (select 1 from invoices c where c.refund_id = 'company:' || l.invoice_number || ':' || l.registration_id)`;
  const notes: CreditNoteSnapshot[] = [];
  for (const row of due) {
    const registrationId = Number(row.registrationId);
    const refundId = `company:${row.invoiceNumber}:${registrationId}`;
    const totalCents = Number(row.cents);
    const invoice = row.snapshot;
    notes.push(
      await issueDocument<CreditNoteSnapshot>(
        sql,
        registrationId,
        {
          kind: 'credit-note',
          event: 'CreditNoteIssued',
          existing: (issued) =>
            issued.find((d) => d.kind === 'credit-note' && d.refundId === refundId)?.number,
          build: (creditNoteNumber, sequence, supplier) => {
            const gstCents = gstPartOf(totalCents, invoice.gstRateBasisPoints);
            return {
              creditNoteNumber,
              registrationId,
              referenceNumber: row.referenceNumber,
              sequence,
              issuedAt: (options.at ?? new Date()).toISOString(),
              originalInvoiceNumber: row.invoiceNumber,
              refundId,
              reason: `Booking ${row.referenceNumber} cancelled: the company's share credited`,
              supplier,
              customer: invoice.customer,
              totalCents,
              gstCents,
              taxableCents: totalCents - gstCents,
              gstRateBasisPoints: invoice.gstRateBasisPoints,
              paymentMethod: 'other',
            };
          },
          row: (d) => ({
            taxable: d.taxableCents,
            gst: d.gstCents,
            total: d.totalCents,
            original: d.originalInvoiceNumber,
            refundId: d.refundId,
            method: 'other',
          }),
        },
        options,
      ),
    );
  }
  return notes;
}

export { monthOf as singaporeMonthOf };
