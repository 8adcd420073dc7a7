/**
 * Issuing tax invoices and credit notes (issue 25), gapless per prefix, kind and year.
 *
 * A document is issued by one append: its snapshot (InvoiceIssued / CreditNoteIssued) on the sequence
 * stream at the expected version n - 1, so its number is n, together with DocumentIssued on the
 * registration stream at its expected version. A number is therefore never used twice (the
 * sequence's version moves once per number) nor skipped (a number exists only as a committed event);
 * and an order gets its invoice once (the registration's version guards a second issuer). The
 * `invoices` register row is written in the same transaction.
 *
 * Under contention (many payments at once, api and worker processes) the losers retry with fresh
 * reads: more attempts than a usual command, with a small jittered delay that grows linearly and is
 * capped, since every attempt reads only the sequence's version (no events) and the loser of one
 * round is likely to win a later one.
 */
import type { Sql, TransactionSql } from '@hs/db';
import {
  type CompanySettings,
  type CreditNoteSnapshot,
  DEFAULT_COMPANY_SETTINGS,
  type DocumentIssued,
  type DocumentKind,
  GST_BASIS_POINTS,
  type InvoiceLine,
  type InvoiceSnapshot,
  type PaymentGatewayKind,
  type PaymentMethodGroup,
  type SupplierSnapshot,
  documentNumber,
  gstPartOf,
  gstRegistered,
  invoiceSequenceStream,
  paymentMethodGroup,
  registrationStream,
  singaporeYear,
} from '@hs/domain';
import { CommandConflictError, type NewEvent, handle, readLatestOfTypes } from '@hs/eventstore';
import { type OrderRow, readDocument } from '@hs/read-models';
import {
  customerOf,
  customerParticipantIdOf,
  invoiceLinesOf,
  supplementaryLines,
  withoutCompanyShare,
} from './invoice-lines';

export const COMPANY_SETTINGS_KEY = 'company_settings';

/** The company settings as an admin saved them (system_settings), else the defaults. */
export async function readCompanySettings(sql: Sql | TransactionSql): Promise<CompanySettings> {
  const [row] = await sql<{ value: string }[]>`
    select setting_value as value from system_settings where setting_key = ${COMPANY_SETTINGS_KEY}`;
  if (!row) return { ...DEFAULT_COMPANY_SETTINGS };
  return { ...DEFAULT_COMPANY_SETTINGS, ...(JSON.parse(row.value) as Partial<CompanySettings>) };
}

export const supplierOf = (s: CompanySettings): SupplierSnapshot => ({
  name: s.companyName,
  address: s.address,
  uen: s.uen,
  gstRegistrationNumber: s.gstRegistrationNumber,
});

export interface IssueOptions {
  actor: string;
  causationId?: string;
  /** When it is issued (defaults to now): its date and the year it is numbered in. */
  at?: Date;
}

export interface Issue<T> {
  kind: DocumentKind;
  /** The existing document that makes this issue a no-op, from the registration's DocumentIssued events. */
  existing: (issued: DocumentIssued['data'][], prior: InvoiceSnapshot[]) => string | undefined;
  build: (number: string, sequence: number, supplier: SupplierSnapshot, prior: InvoiceSnapshot[]) => T;
  row: (doc: T) => {
    taxable: number;
    gst: number;
    total: number;
    original: string | null;
    refundId: string | null;
    /** The GST report's split (issue 48): the document's payment method group. */
    method: PaymentMethodGroup;
  };
  event: 'InvoiceIssued' | 'CreditNoteIssued';
}

const MAX_ATTEMPTS = 200;

export async function issueDocument<T extends { issuedAt: string }>(
  sql: Sql,
  registrationId: number,
  spec: Issue<T>,
  options: IssueOptions,
): Promise<T> {
  const at = options.at ?? new Date();
  const settings = await readCompanySettings(sql);
  const year = singaporeYear(at);
  const seq = invoiceSequenceStream(settings.invoicePrefix, spec.kind, year);
  const reg = registrationStream(registrationId);
  for (let attempt = 1; ; attempt++) {
    try {
      const { result } = await handle<{ number: string; doc?: T }>(
        sql,
        [seq.id, reg.id],
        async (streams) => {
          const issued = (streams[reg.id]?.events ?? [])
            .filter((e) => e.type === 'DocumentIssued')
            .map((e) => e.data as DocumentIssued['data']);
          // the order's invoices so far: their rows committed with the markers just read (a newer
          // one makes the append conflict and this read again)
          const priorNumbers = issued.filter((d) => d.kind === 'invoice').map((d) => d.number);
          const prior = priorNumbers.length
            ? (
                await sql<{ snapshot: InvoiceSnapshot }[]>`
                  select snapshot from invoices where number = any(${priorNumbers}) order by issued_at, number`
              ).map((r) => r.snapshot)
            : [];
          const already = spec.existing(issued, prior);
          if (already) return { append: [], result: { number: already } };
          const sequence = (streams[seq.id]?.version ?? 0) + 1;
          const number = documentNumber(settings.invoicePrefix, spec.kind, year, sequence);
          const doc = spec.build(number, sequence, supplierOf(settings), prior);
          const money = spec.row(doc);
          const marker: DocumentIssued = {
            type: 'DocumentIssued',
            data: {
              kind: spec.kind,
              number,
              refundId: money.refundId,
              totalCents: money.total,
              at: doc.issuedAt,
            },
          };
          return {
            append: [
              {
                streamId: seq.id,
                streamType: seq.category,
                events: [{ type: spec.event, data: doc } as NewEvent],
              },
              { streamId: reg.id, streamType: reg.category, events: [marker as NewEvent] },
            ],
            alsoWrite: (tx) => tx`
              insert into invoices (number, kind, registration_id, sequence_stream, sequence, issued_at,
                issued_month, taxable_cents, gst_cents, total_cents, original_number, refund_id,
                payment_method, snapshot)
              values (${number}, ${spec.kind}, ${registrationId}, ${seq.id}, ${sequence}, ${doc.issuedAt},
                to_char(${doc.issuedAt}::timestamptz at time zone 'Asia/Singapore', 'YYYY-MM'),
                ${money.taxable}, ${money.gst}, ${money.total}, ${money.original}, ${money.refundId},
                ${money.method}, ${tx.json(doc as never)})`,
            result: { number, doc },
          };
        },
        {
          metadata: { actor: options.actor, causationId: options.causationId },
          maxAttempts: 1,
          // the sequence's version is all the decision needs of it
          readers: { [seq.id]: (s) => readLatestOfTypes(s, seq.id, []) },
        },
      );
      if (result?.doc) return result.doc;
      const stored = await readDocument(sql, result!.number);
      return stored as unknown as T;
    } catch (err) {
      if (!(err instanceof CommandConflictError) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 + attempt * 2)));
    }
  }
}

/**
 * The order's invoice: issued now from the order as it stands (the `orders` read model) unless the
 * order already has one, which is returned unchanged. An order that grew since (a participant or a
 * dearer package added) gets a further invoice for what it adds, referencing the first
 * (`supersedes`); one that shrank gets nothing here: its refund's credit note documents it. Api and
 * worker may both call it.
 */
export async function issueInvoice(
  sql: Sql,
  order: OrderRow,
  options: IssueOptions,
): Promise<InvoiceSnapshot> {
  const at = (options.at ?? new Date()).toISOString();
  return issueDocument<InvoiceSnapshot>(
    sql,
    order.registrationId,
    {
      kind: 'invoice',
      event: 'InvoiceIssued',
      existing: (_issued, prior) => {
        const invoiced = prior.reduce((sum, inv) => sum + inv.totalCents, 0);
        // issue 51: a programme's company share is on the company's invoice, never on the employee's
        const payable = order.pricing.totalCents - (order.pricing.companyPaidCents ?? 0);
        return prior.length && payable <= invoiced ? prior.at(-1)!.invoiceNumber : undefined;
      },
      build: (invoiceNumber, sequence, supplier, prior) => {
        const registered = gstRegistered(supplier);
        const lines = invoiceLinesOf(order);
        if (!registered && order.pricing.gstCents > 0) {
          // The price list adds 9% whatever the settings; without a GST number it is no GST, so it is
          // shown as what it is, a charge on top of the list prices (docs/finance.md).
          lines.push({
            description: 'Charge on top of list prices',
            person: '',
            quantity: 1,
            amountCents: order.pricing.gstCents,
          });
        }
        const whole = (gst: boolean) =>
          withoutCompanyShare(order, lines, gst ? GST_BASIS_POINTS : 0) ?? {
            lines,
            taxableCents: gst ? order.pricing.taxableCents : order.pricing.totalCents,
            gstCents: gst ? order.pricing.gstCents : 0,
            totalCents: order.pricing.totalCents,
          };
        // what the order adds since its invoices: GST on the added taxable amount, the rest as total
        const topUp = (current: InvoiceLine[], earlier: InvoiceSnapshot[], gst: boolean) => {
          const added = supplementaryLines(current, earlier);
          const totalCents = order.pricing.totalCents - earlier.reduce((t, inv) => t + inv.totalCents, 0);
          const taxableCents = gst
            ? order.pricing.taxableCents - earlier.reduce((t, inv) => t + inv.taxableCents, 0)
            : totalCents;
          return { lines: added, taxableCents, gstCents: totalCents - taxableCents, totalCents };
        };
        return {
          invoiceNumber,
          registrationId: order.registrationId,
          referenceNumber: order.referenceNumber,
          sequence,
          issuedAt: at,
          supplier,
          customer: customerOf(order),
          customerParticipantId: customerParticipantIdOf(order),
          ...(prior.length ? topUp(lines, prior, registered) : whole(registered)),
          gstRateBasisPoints: registered ? GST_BASIS_POINTS : 0,
          supersedes: prior[0]?.invoiceNumber ?? null,
          paymentMethod:
            order.paidCents > 0 && order.paymentMethod ? paymentMethodGroup(order.paymentMethod) : null,
        };
      },
      row: (d) => ({
        taxable: d.taxableCents,
        gst: d.gstCents,
        total: d.totalCents,
        original: null,
        refundId: null,
        method: d.paymentMethod ?? 'other',
      }),
    },
    { ...options, at: new Date(at) },
  );
}

export interface RefundToCredit {
  refundId: string;
  /** GST included: what was given back. */
  amountCents: number;
  reason: string;
  /** The gateway of the sale it gave back (RefundRecorded's; absent on older refunds: card). */
  gateway?: PaymentGatewayKind;
}

/**
 * The credit note of one refund (one per refund, in the credit notes' own sequence), against the
 * order's invoice, which is issued first if the order has none yet.
 */
export async function issueCreditNote(
  sql: Sql,
  order: OrderRow,
  refund: RefundToCredit,
  options: IssueOptions,
): Promise<CreditNoteSnapshot> {
  const invoice = await issueInvoice(sql, order, { ...options, at: undefined });
  const at = (options.at ?? new Date()).toISOString();
  return issueDocument<CreditNoteSnapshot>(
    sql,
    order.registrationId,
    {
      kind: 'credit-note',
      event: 'CreditNoteIssued',
      existing: (issued, _prior) =>
        issued.find((d) => d.kind === 'credit-note' && d.refundId === refund.refundId)?.number,
      build: (creditNoteNumber, sequence, supplier) => {
        const rate = invoice.gstRateBasisPoints;
        const gstCents = gstPartOf(refund.amountCents, rate);
        return {
          creditNoteNumber,
          registrationId: order.registrationId,
          referenceNumber: order.referenceNumber,
          sequence,
          issuedAt: at,
          originalInvoiceNumber: invoice.invoiceNumber,
          refundId: refund.refundId,
          reason: refund.reason,
          supplier,
          customer: invoice.customer,
          customerParticipantId: invoice.customerParticipantId ?? customerParticipantIdOf(order),
          totalCents: refund.amountCents,
          gstCents,
          taxableCents: refund.amountCents - gstCents,
          gstRateBasisPoints: rate,
          paymentMethod: refund.gateway ?? 'card',
        };
      },
      row: (d) => ({
        taxable: d.taxableCents,
        gst: d.gstCents,
        total: d.totalCents,
        original: d.originalInvoiceNumber,
        refundId: d.refundId,
        method: d.paymentMethod ?? 'other',
      }),
    },
    { ...options, at: new Date(at) },
  );
}
