/**
 * The issued documents (issue 25): a tax invoice (or a plain invoice when the supplier has no GST
 * number) and a credit note, each drawn from its snapshot alone, with the snapshot's issue time as
 * the PDF's dates, so drawing an issued document again gives the same bytes.
 */
import {
  type CreditNoteSnapshot,
  documentNumber,
  formatSGD,
  GST_BASIS_POINTS,
  gstRegistered,
  type InvoiceLine,
  type InvoiceSnapshot,
  formatInstantDate,
  paymentMethodGroupLabel,
  type SupplierSnapshot,
} from '@hs/domain';
import { sampleDocumentData } from './documents';
import { CONTENT_W, Layout } from './documents/pdf-layout';

/** 'Thu, 7 May 2026': an ISO time's day in Singapore, the documents' one date format (issue 46). */
const issueDate = (iso: string): string => formatInstantDate('en', iso);

const percent = (basisPoints: number): string => `${basisPoints / 100}%`;

/** "Tax Invoice" with a GST number, else "Invoice". */
export const invoiceTitle = (supplier: Pick<SupplierSnapshot, 'gstRegistrationNumber'>): string =>
  gstRegistered(supplier) ? 'Tax Invoice' : 'Invoice';

function supplierFields(l: Layout, s: SupplierSnapshot): void {
  l.heading('From');
  l.fields([
    ['Supplier', s.name],
    ['Address', s.address],
    gstRegistered(s) ? ['GST reg. no.', s.gstRegistrationNumber] : null,
    ['UEN', s.uen],
  ]);
}

export async function renderIssuedInvoicePdf(inv: InvoiceSnapshot): Promise<Uint8Array> {
  const registered = gstRegistered(inv.supplier);
  const title = invoiceTitle(inv.supplier);
  const l = await Layout.create(title, inv.referenceNumber, new Date(inv.issuedAt), inv);
  l.fields([
    ['Invoice number', inv.invoiceNumber],
    ['Invoice date', issueDate(inv.issuedAt)],
    // issue 51: a company's invoice bills a programme's month, not one booking
    inv.billedTo
      ? ['Programme', `${inv.billedTo.programmeName}, bookings of ${inv.billedTo.period}`]
      : ['Booking reference', inv.referenceNumber],
    inv.billedTo?.poReference ? ['Purchase order', inv.billedTo.poReference] : null,
    inv.supersedes ? ['Adds to invoice', inv.supersedes] : null,
    // issue 48: how it was paid (documents issued before say nothing; an unpaid order's neither)
    inv.paymentMethod ? ['Paid by', paymentMethodGroupLabel(inv.paymentMethod)] : null,
  ]);
  supplierFields(l, inv.supplier);
  l.heading('Bill to');
  l.fields([
    ['Customer', inv.customer.name],
    ['Address', inv.customer.address],
    inv.billedTo ? ['UEN', inv.billedTo.uen] : null,
    inv.billedTo?.gstRegistrationNumber ? ['GST reg. no.', inv.billedTo.gstRegistrationNumber] : null,
  ]);
  l.heading('Items');
  l.table(
    [
      { header: 'Description', width: 190 },
      { header: 'Person', width: CONTENT_W - 190 - 50 - 120 },
      { header: 'Qty', width: 50, align: 'right' },
      { header: registered ? 'Amount excl. GST' : 'Amount', width: 120, align: 'right' },
    ],
    inv.lines.map((line) => [
      line.description,
      line.person,
      String(line.quantity),
      formatSGD(line.amountCents),
    ]),
  );
  l.totals(
    registered
      ? [
          { label: 'Total before GST', amount: formatSGD(inv.taxableCents) },
          { label: `GST ${percent(inv.gstRateBasisPoints)}`, amount: formatSGD(inv.gstCents) },
          { label: 'Total payable (SGD)', amount: formatSGD(inv.totalCents), strong: true },
        ]
      : [{ label: 'Total payable (SGD)', amount: formatSGD(inv.totalCents), strong: true }],
  );
  return l.save();
}

export async function renderIssuedCreditNotePdf(note: CreditNoteSnapshot): Promise<Uint8Array> {
  const registered = gstRegistered(note.supplier);
  const l = await Layout.create('Credit Note', note.referenceNumber, new Date(note.issuedAt), note);
  l.fields([
    ['Credit note number', note.creditNoteNumber],
    ['Credit note date', issueDate(note.issuedAt)],
    ['Original invoice', note.originalInvoiceNumber],
    ['Booking reference', note.referenceNumber],
    note.refundId && note.paymentMethod ? ['Refunded to', paymentMethodGroupLabel(note.paymentMethod)] : null,
  ]);
  supplierFields(l, note.supplier);
  l.heading('Customer');
  l.fields([
    ['Customer', note.customer.name],
    ['Address', note.customer.address],
    ['Reason', note.reason],
  ]);
  l.totals(
    registered
      ? [
          { label: 'Amount before GST', amount: formatSGD(note.taxableCents) },
          { label: `GST ${percent(note.gstRateBasisPoints)}`, amount: formatSGD(note.gstCents) },
          { label: 'Total credited (SGD)', amount: formatSGD(note.totalCents), strong: true },
        ]
      : [{ label: 'Total credited (SGD)', amount: formatSGD(note.totalCents), strong: true }],
  );
  return l.save();
}

/** The attachment / download file name of an issued document. */
export const issuedDocumentFileName = (number: string): string => `${number}.pdf`;

/**
 * The admin preview's invoice (GET /api/test-pdf?type=invoice): the sample order of
 * sampleDocumentData() as an issued invoice of `supplier` (the company settings in force), numbered
 * like a real one (`<prefix>-2025-000123`), a Tax Invoice with a GST number, else an Invoice.
 */
export function sampleInvoiceSnapshot(supplier: SupplierSnapshot, invoicePrefix: string): InvoiceSnapshot {
  const doc = sampleDocumentData();
  const registered = gstRegistered(supplier);
  const lines: InvoiceLine[] = [
    ...doc.attendees.map((a) => ({
      description: a.packageName,
      person: a.name,
      quantity: 1,
      amountCents: a.priceCents,
    })),
    { description: 'Volume discount 5%', person: '', quantity: 1, amountCents: -2_500 },
    { description: 'Welcome 10% off', person: '', quantity: 1, amountCents: -4_750 },
    // as issued without a GST number: the price list's 9% is a charge, not GST (docs/finance.md)
    ...(registered
      ? []
      : [
          { description: 'Charge on top of list prices', person: '', quantity: 1, amountCents: doc.gstCents },
        ]),
  ];
  return {
    invoiceNumber: documentNumber(invoicePrefix, 'invoice', 2025, 123),
    registrationId: 0,
    referenceNumber: doc.referenceNumber,
    sequence: 123,
    issuedAt: '2025-05-07T06:15:00.000Z',
    supplier,
    customer: { name: doc.customer.name, address: doc.customer.address ?? '' },
    lines,
    taxableCents: registered ? doc.subtotalCents : doc.totalCents,
    gstCents: registered ? doc.gstCents : 0,
    totalCents: doc.totalCents,
    gstRateBasisPoints: registered ? GST_BASIS_POINTS : 0,
    supersedes: null,
  };
}
