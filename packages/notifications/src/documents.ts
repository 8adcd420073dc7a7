/**
 * The booking's PDF documents (pdf-lib, A4): confirmation, invoice, receipt and the credit note of a
 * refund. Helvetica draws Latin text; Chinese and Tamil (customer names, addresses, any customer text)
 * are drawn in subset Noto Sans SC / Noto Sans Tamil, chosen per run of text (see pdf-fonts.ts).
 * All amounts are integer cents in, formatted with formatSGD; the totals are checked to agree to the
 * cent before anything is drawn.
 */
import { formatSGD, GST_PERCENT, includedGstCents, type PriceBreakdown, roundHalfUp } from '@hs/domain';
import {
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PageSizes,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib';
import { checkInQrRuns } from './check-in-qr';
import { type ExtraFontKey, embedExtraFonts, extraFontFor } from './pdf-fonts';
import { PRODUCT_NAME } from './templates';
import { type EmailVariables, maskIdentificationNumber, type RefundVariables } from './variables';

export interface DocumentAttendee {
  name: string;
  /** Masked before drawing (S****567A) whatever is passed. */
  identificationNumber?: string | null;
  packageName: string;
  /** The attendee's package price (base price, before member/volume/code discounts). */
  priceCents: number;
  isPrimary?: boolean;
}

/** An invoice line: packages with positive amounts, each discount (its lineItemLabel) negative. */
export interface DocumentLineItem {
  label: string;
  amountCents: number;
}

export interface DocumentPayment {
  transactionId: string;
  amountCents: number;
  method: string;
  /** Display string, e.g. '7 May 2025, 2:15 PM' (Asia/Singapore). */
  paidAt: string;
}

export interface DocumentData {
  referenceNumber: string;
  /** Display status, e.g. 'Confirmed', 'Payment Pending'. */
  status: string;
  eventName: string;
  eventLocation: string;
  /** Display strings (Asia/Singapore): 'Saturday, 7 June 2025', '9:00 AM - 10:00 AM'. */
  appointmentDate: string;
  appointmentTime: string;
  customer: { name: string; email: string; phone: string; address?: string | null };
  attendees: DocumentAttendee[];
  lineItems: DocumentLineItem[];
  /** Sum of the line items floored at 0: the amount GST is charged on. */
  subtotalCents: number;
  /** GST 9% of the subtotal, rounded half-up. */
  gstCents: number;
  /** subtotal + GST. */
  totalCents: number;
  /** Already paid at the partner (WhiteCoat). */
  partnerPaidCents: number;
  /** max(0, total - partner paid - payment amount). */
  balanceCents: number;
  invoiceNumber: string;
  /** Display string, e.g. '7 May 2025'. */
  invoiceDate: string;
  payment: DocumentPayment | null;
  /** The order's check-in token: the confirmation PDF shows it as a QR code (issue 23). */
  checkInToken?: string | null;
}

/** The credit note of one refund (or void) of an order: what was given back, against which invoice. */
export interface CreditNoteData {
  /** `CN-{reference}-{n}`: see creditNoteNumber. */
  creditNoteNumber: string;
  /** Display string, e.g. '9 May 2025' (Asia/Singapore). */
  date: string;
  referenceNumber: string;
  /** The original invoice's issued number (`<prefix>-<year>-<seq>`, issue 25). */
  invoiceNumber: string;
  customer: DocumentData['customer'];
  eventName: string;
  /** The amount refunded, GST included (its GST part is computed: 9/109, half-up). */
  amountCents: number;
  reason: string;
}

/** The number of the `n`th credit note of an order (its nth refund, counting from 1). */
export function creditNoteNumber(referenceNumber: string, n: number): string {
  return `CN-${referenceNumber}-${n}`;
}

/** The attachment's file name of the `n`th credit note of an order. */
export function creditNoteFileName(referenceNumber: string, n: number): string {
  return `credit-note-${referenceNumber}-${n}.pdf`;
}

/** Thrown when the totals of a DocumentData do not agree to the cent: a document must never show wrong money. */
export class DocumentTotalsError extends Error {
  override name = 'DocumentTotalsError';
}

/** The problems with the money in `data` (empty when the totals agree to the cent). */
export function checkDocumentTotals(data: DocumentData): string[] {
  const problems: string[] = [];
  const all = [
    data.subtotalCents,
    data.gstCents,
    data.totalCents,
    data.partnerPaidCents,
    data.balanceCents,
    ...data.lineItems.map((l) => l.amountCents),
    ...data.attendees.map((a) => a.priceCents),
    ...(data.payment ? [data.payment.amountCents] : []),
  ];
  if (!all.every((c) => Number.isSafeInteger(c))) return ['amounts must be integer cents'];
  const lines = data.lineItems.reduce((s, l) => s + l.amountCents, 0);
  if (data.subtotalCents !== Math.max(0, lines)) {
    problems.push(`subtotal ${data.subtotalCents} is not the sum of the line items ${Math.max(0, lines)}`);
  }
  const gst = roundHalfUp(data.subtotalCents * GST_PERCENT, 100);
  if (data.gstCents !== gst)
    problems.push(`GST ${data.gstCents} is not ${GST_PERCENT}% of the subtotal (${gst})`);
  if (data.totalCents !== data.subtotalCents + data.gstCents) problems.push('total is not subtotal + GST');
  const balance = Math.max(0, data.totalCents - data.partnerPaidCents - (data.payment?.amountCents ?? 0));
  if (data.balanceCents !== balance) problems.push(`balance ${data.balanceCents} should be ${balance}`);
  return problems;
}

/**
 * The invoice money of an order from its priced snapshot (domain `priceOrder`), so the documents agree
 * with the order to the cent: one line per attendee's package at its base price, then member price,
 * volume discount and the discount code (with its lineItemLabel) as negative lines.
 */
export function invoiceFromPricing(
  pricing: PriceBreakdown,
  attendees: { name: string; packageName: string }[],
  discountLabel: string | null,
  payment: DocumentPayment | null = null,
): Pick<
  DocumentData,
  'lineItems' | 'subtotalCents' | 'gstCents' | 'totalCents' | 'partnerPaidCents' | 'balanceCents'
> {
  const lineItems: DocumentLineItem[] = pricing.participants.map((p, i) => ({
    label: `${attendees[i]?.packageName ?? 'Package'} - ${attendees[i]?.name ?? `Attendee ${i + 1}`}`,
    amountCents: p.basePriceCents,
  }));
  if (pricing.memberDiscountCents > 0) {
    lineItems.push({ label: 'Member price', amountCents: -pricing.memberDiscountCents });
  }
  if (pricing.volumeDiscountCents > 0) {
    lineItems.push({
      label: `Volume discount ${pricing.volumeDiscountPercent}%`,
      amountCents: -pricing.volumeDiscountCents,
    });
  }
  if (pricing.discountCents > 0) {
    // the discount never takes the order below zero (taxable is floored at 0)
    lineItems.push({
      label: discountLabel || 'Discount',
      amountCents: -Math.min(pricing.discountCents, pricing.subtotalCents),
    });
  }
  return {
    lineItems,
    subtotalCents: pricing.taxableCents,
    gstCents: pricing.gstCents,
    totalCents: pricing.totalCents,
    partnerPaidCents: pricing.partnerPaidCents,
    balanceCents: Math.max(0, pricing.balanceDueCents - (payment?.amountCents ?? 0)),
  };
}

/** Sample data for the admin PDF previews (agrees with sampleVariables()). */
export function sampleDocumentData(): DocumentData {
  return {
    referenceNumber: 'HS2505-0607-1234',
    status: 'Confirmed',
    eventName: 'Community Health Screening 2025',
    eventLocation: 'Orchard Community Club, 1 Orchard Road, Singapore 238801',
    appointmentDate: 'Saturday, 7 June 2025',
    appointmentTime: '9:00 AM - 10:00 AM',
    customer: {
      name: 'Tan Wei Ming',
      email: 'tan.weiming@example.com',
      phone: '+65 9123 4567',
      address: '1 Orchard Road, #05-12, Singapore 238801',
    },
    attendees: [
      {
        name: 'Tan Wei Ming',
        identificationNumber: 'S1234567A',
        packageName: 'Comprehensive Health Screening',
        priceCents: 25_000,
        isPrimary: true,
      },
      {
        name: 'Lim Mei Ling',
        identificationNumber: 'S7654321B',
        packageName: 'Comprehensive Health Screening',
        priceCents: 25_000,
      },
    ],
    lineItems: [
      { label: 'Comprehensive Health Screening - Tan Wei Ming', amountCents: 25_000 },
      { label: 'Comprehensive Health Screening - Lim Mei Ling', amountCents: 25_000 },
      { label: 'Volume discount 5%', amountCents: -2_500 },
      { label: 'Welcome 10% off', amountCents: -4_750 },
    ],
    subtotalCents: 42_750,
    gstCents: 3_848,
    totalCents: 46_598,
    partnerPaidCents: 0,
    balanceCents: 0,
    invoiceNumber: 'HS-2025-000123',
    invoiceDate: '7 May 2025',
    payment: {
      transactionId: 'TXN-SAMPLE-0001',
      amountCents: 46_598,
      method: 'Card',
      paidAt: '7 May 2025, 2:15 PM',
    },
  };
}

/** Sample credit note for previews and tests (agrees with sampleVariables()). */
export function sampleCreditNoteData(): CreditNoteData {
  const doc = sampleDocumentData();
  return {
    creditNoteNumber: 'HS-CN-2025-000045',
    date: '9 May 2025',
    referenceNumber: doc.referenceNumber,
    invoiceNumber: doc.invoiceNumber,
    customer: doc.customer,
    eventName: doc.eventName,
    amountCents: 10_000,
    reason: 'One attendee can no longer come',
  };
}

// ---------------------------------------------------------------------------------------------
// Layout

const [PAGE_W, PAGE_H] = PageSizes.A4;
export const MARGIN = 50;
export const CONTENT_W = PAGE_W - 2 * MARGIN;
const BRAND = rgb(0.06, 0.37, 0.55);
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.42, 0.47, 0.5);
const RULE = rgb(0.82, 0.85, 0.88);
const SHADE = rgb(0.93, 0.95, 0.97);

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** The page layout every document shares (header band, fields, tables, totals). */
export class Layout {
  page!: PDFPage;
  y = 0;
  private pageNo = 0;
  private readonly charset: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly title: string,
    charset: Set<number>,
    private readonly extra: Map<ExtraFontKey, PDFFont>,
  ) {
    this.charset = charset;
  }

  /**
   * `date`: the document's creation date (an issued document's, so its bytes never change).
   * `content`: everything the document will show (its data): the Chinese / Tamil fonts are embedded
   * only when it holds characters of theirs.
   */
  static async create(title: string, reference: string, date?: Date, content?: unknown): Promise<Layout> {
    const doc = await PDFDocument.create();
    if (date) {
      doc.setCreationDate(date);
      doc.setModificationDate(date);
    }
    doc.setTitle(`${title} ${reference}`);
    doc.setAuthor(PRODUCT_NAME);
    doc.setSubject(`${title} for booking ${reference}`);
    doc.setCreator(PRODUCT_NAME);
    doc.setProducer(PRODUCT_NAME);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const charset = new Set(regular.getCharacterSet());
    const extra = await embedExtraFonts(doc, JSON.stringify(content ?? null), charset);
    const layout = new Layout(doc, regular, bold, title, charset, extra);
    layout.newPage();
    return layout;
  }

  /** A character no embedded font prints becomes '?' (pdf-lib would throw on it). */
  clean(text: string): string {
    let out = '';
    for (const ch of String(text ?? '').replace(/[\r\n\t]+/g, ' ')) {
      out += this.fontOf(ch.codePointAt(0)!, this.regular) ? ch : '?';
    }
    return out;
  }

  private fontOf(cp: number, base: PDFFont): PDFFont | undefined {
    if (this.charset.has(cp)) return base;
    const key = extraFontFor(cp);
    return key ? this.extra.get(key) : undefined;
  }

  /** Cleaned text cut into runs of one font each; a space stays in the Chinese / Tamil run it is in. */
  runs(text: string, font: PDFFont): { text: string; font: PDFFont }[] {
    const runs: { text: string; font: PDFFont }[] = [];
    for (const ch of this.clean(text)) {
      const last = runs[runs.length - 1];
      const f = ch === ' ' && last ? last.font : (this.fontOf(ch.codePointAt(0)!, font) ?? font);
      if (last && last.font === f) last.text += ch;
      else runs.push({ text: ch, font: f });
    }
    return runs;
  }

  /** Width of `text` drawn with `font` (Helvetica or its bold) for Latin and the extra fonts for the rest. */
  widthOf(text: string, font: PDFFont, size: number): number {
    return this.runs(text, font).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  /** Draws `text` run by run at (x, y). */
  draw(text: string, x: number, y: number, size: number, font: PDFFont, color: ReturnType<typeof rgb>): void {
    let cx = x;
    for (const r of this.runs(text, font)) {
      this.page.drawText(r.text, { x: cx, y, size, font: r.font, color });
      cx += r.font.widthOfTextAtSize(r.text, size);
    }
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pageNo++;
    // header band: product name left, document title right
    this.page.drawRectangle({ x: 0, y: PAGE_H - 70, width: PAGE_W, height: 70, color: BRAND });
    this.page.drawText(PRODUCT_NAME, {
      x: MARGIN,
      y: PAGE_H - 44,
      size: 20,
      font: this.bold,
      color: rgb(1, 1, 1),
    });
    const tw = this.bold.widthOfTextAtSize(this.title, 14);
    this.page.drawText(this.title, {
      x: PAGE_W - MARGIN - tw,
      y: PAGE_H - 42,
      size: 14,
      font: this.bold,
      color: rgb(1, 1, 1),
    });
    this.page.drawText(`Page ${this.pageNo}`, {
      x: PAGE_W - MARGIN - this.regular.widthOfTextAtSize(`Page ${this.pageNo}`, 8),
      y: 28,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
    this.y = PAGE_H - 100;
  }

  ensure(height: number): void {
    if (this.y - height < 60) this.newPage();
  }

  text(
    text: string,
    x: number,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; maxWidth?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    let t = this.clean(text);
    if (opts.maxWidth) t = this.fit(t, font, size, opts.maxWidth);
    this.draw(t, x, this.y, size, font, opts.color ?? INK);
  }

  /**
   * Shortens with '...' to fit a width (table cells): the longest prefix (at least one character)
   * that fits with '...'. Found by halving, as the width grows with the prefix: cutting one character
   * at a time measured the whole value again for each, which took seconds for a 2,000-character
   * value and blocked the worker's event loop (issue 43).
   */
  fit(text: string, font: PDFFont, size: number, width: number): string {
    if (this.widthOf(text, font, size) <= width) return text;
    const chars = [...text];
    const fits = (n: number) => this.widthOf(`${chars.slice(0, n).join('')}...`, font, size) <= width;
    let lo = 1;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('')}...`;
  }

  /** Word-wraps to lines that fit `width`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const words = this.clean(text).split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const w of words) {
      const candidate = line ? `${line} ${w}` : w;
      if (this.widthOf(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = w;
      // Chinese is written without spaces: a line may break between any two characters
      if (/\p{Script=Han}/u.test(w) && this.widthOf(w, font, size) > width) {
        line = '';
        for (const ch of w) {
          if (line && this.widthOf(line + ch, font, size) > width) {
            lines.push(line);
            line = '';
          }
          line += ch;
        }
      }
    }
    if (line) lines.push(line);
    return lines.map((l) => this.fit(l, font, size, width));
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 14;
    this.text(text, MARGIN, { size: 13, bold: true, color: BRAND });
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_W - MARGIN, y: this.y },
      thickness: 0.8,
      color: RULE,
    });
    this.y -= 16;
  }

  /** Label / value pairs in two columns; long values wrap. */
  fields(rows: [string, string][]): void {
    const labelW = 130;
    for (const [label, value] of rows) {
      const lines = this.wrap(value || '-', this.regular, 10, CONTENT_W - labelW);
      this.ensure(lines.length * 14 + 4);
      this.text(label, MARGIN, { color: MUTED });
      lines.forEach((l, i) => {
        if (i > 0) this.y -= 14;
        this.text(l, MARGIN + labelW);
      });
      this.y -= 18;
    }
  }

  table(columns: Column[], rows: string[][]): void {
    const rowH = 20;
    const drawHeader = () => {
      this.page.drawRectangle({ x: MARGIN, y: this.y - 6, width: CONTENT_W, height: rowH, color: SHADE });
      let x = MARGIN + 6;
      for (const c of columns) {
        this.cell(c.header, x, c, true);
        x += c.width;
      }
      this.y -= rowH;
    };
    this.ensure(rowH * 2);
    drawHeader();
    for (const row of rows) {
      if (this.y - rowH < 60) {
        this.newPage();
        drawHeader();
      }
      let x = MARGIN + 6;
      columns.forEach((c, i) => {
        this.cell(row[i] ?? '', x, c, false);
        x += c.width;
      });
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - 6 },
        end: { x: PAGE_W - MARGIN, y: this.y - 6 },
        thickness: 0.5,
        color: RULE,
      });
      this.y -= rowH;
    }
    this.y -= 6;
  }

  private cell(text: string, x: number, c: Column, bold: boolean): void {
    const font = bold ? this.bold : this.regular;
    const t = this.fit(this.clean(text), font, 10, c.width - 12);
    const w = this.widthOf(t, font, 10);
    const cx = c.align === 'right' ? x + c.width - 12 - w : x;
    this.draw(t, cx, this.y, 10, font, INK);
  }

  /** Right-aligned totals block: label and amount per row; `strong` rows in bold with a rule above. */
  totals(rows: { label: string; amount: string; strong?: boolean }[]): void {
    const labelX = PAGE_W - MARGIN - 260;
    const right = PAGE_W - MARGIN - 6;
    for (const r of rows) {
      this.ensure(22);
      if (r.strong) {
        this.page.drawLine({
          start: { x: labelX, y: this.y + 13 },
          end: { x: PAGE_W - MARGIN, y: this.y + 13 },
          thickness: 0.8,
          color: RULE,
        });
      }
      const font = r.strong ? this.bold : this.regular;
      const size = r.strong ? 11 : 10;
      this.text(r.label, labelX, { bold: r.strong, size });
      const w = font.widthOfTextAtSize(r.amount, size);
      this.page.drawText(r.amount, { x: right - w, y: this.y, size, font, color: INK });
      this.y -= r.strong ? 20 : 17;
    }
  }

  paragraph(text: string, opts: { size?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const size = opts.size ?? 10;
    for (const line of this.wrap(text, this.regular, size, CONTENT_W)) {
      this.ensure(size + 6);
      this.text(line, MARGIN, { size, color: opts.color ?? INK });
      this.y -= size + 5;
    }
  }

  bullets(items: string[]): void {
    for (const item of items) {
      const lines = this.wrap(item, this.regular, 10, CONTENT_W - 16);
      this.ensure(lines.length * 14 + 2);
      this.text('-', MARGIN + 4);
      lines.forEach((l) => {
        this.text(l, MARGIN + 16);
        this.y -= 14;
      });
    }
    this.y -= 4;
  }

  async save(): Promise<Uint8Array> {
    this.ensure(30);
    this.y -= 10;
    this.paragraph(
      `${PRODUCT_NAME} - this document was generated electronically and is valid without a signature.`,
      { size: 8, color: MUTED },
    );
    return this.doc.save();
  }
}

function assertTotals(data: DocumentData): void {
  const problems = checkDocumentTotals(data);
  if (problems.length) throw new DocumentTotalsError(`Document totals do not agree: ${problems.join('; ')}`);
}

function bookingFields(l: Layout, data: DocumentData): void {
  l.fields([
    ['Reference number', data.referenceNumber],
    ['Event', data.eventName],
    ['Date and time', `${data.appointmentDate}, ${data.appointmentTime}`],
    ['Location', data.eventLocation],
    ['Status', data.status],
  ]);
}

function billTo(l: Layout, data: Pick<DocumentData, 'customer'>, label = 'Bill to'): void {
  l.fields([
    [label, data.customer.name],
    ['Email', data.customer.email],
    ['Phone', data.customer.phone],
    ...(data.customer.address ? ([['Address', data.customer.address]] as [string, string][]) : []),
  ]);
}

function invoiceTotals(l: Layout, data: DocumentData): void {
  const rows: { label: string; amount: string; strong?: boolean }[] = [
    { label: 'Subtotal', amount: formatSGD(data.subtotalCents) },
    { label: `GST ${GST_PERCENT}%`, amount: formatSGD(data.gstCents) },
    { label: 'Total', amount: formatSGD(data.totalCents), strong: true },
  ];
  if (data.partnerPaidCents > 0)
    rows.push({ label: 'Paid via partner', amount: formatSGD(-data.partnerPaidCents) });
  if (data.payment) rows.push({ label: 'Paid', amount: formatSGD(-data.payment.amountCents) });
  rows.push({ label: 'Balance due', amount: formatSGD(data.balanceCents), strong: true });
  l.totals(rows);
}

export const CONFIRMATION_NOTES = [
  'Arrive 15 minutes early.',
  'Bring your identification card (NRIC) and your reference number.',
  'Fast for 8-10 hours before your blood tests (water is fine).',
  'If you need to reschedule or cancel, please do so at least 24 hours ahead.',
];

/** Booking confirmation: reference, event, date and time, location, attendees and packages, notes. */
export async function renderConfirmationPdf(data: DocumentData): Promise<Uint8Array> {
  assertTotals(data);
  const l = await Layout.create('Booking Confirmation', data.referenceNumber, undefined, data);
  l.y -= 4;
  l.text('Your health screening appointment is confirmed.', MARGIN, { size: 12, bold: true });
  l.y -= 22;
  l.heading('Appointment');
  bookingFields(l, data);
  if (data.checkInToken) checkInSection(l, data.checkInToken);
  l.heading('Attendees');
  l.table(
    [
      { header: 'Name', width: 165 },
      { header: 'ID number', width: 85 },
      { header: 'Package', width: 170 },
      { header: 'Price', width: CONTENT_W - 420, align: 'right' },
    ],
    data.attendees.map((a) => [
      a.isPrimary ? `${a.name} (primary)` : a.name,
      maskIdentificationNumber(a.identificationNumber ?? ''),
      a.packageName,
      formatSGD(a.priceCents),
    ]),
  );
  l.totals([
    { label: `Total (incl. GST ${GST_PERCENT}%)`, amount: formatSGD(data.totalCents), strong: true },
    ...(data.partnerPaidCents > 0
      ? [{ label: 'Paid via partner', amount: formatSGD(-data.partnerPaidCents) }]
      : []),
    ...(data.payment ? [{ label: 'Paid', amount: formatSGD(-data.payment.amountCents) }] : []),
    { label: 'Balance due', amount: formatSGD(data.balanceCents) },
  ]);
  l.heading('Before your appointment');
  l.bullets(CONFIRMATION_NOTES);
  l.heading('Contact');
  l.fields([
    ['Name', data.customer.name],
    ['Email', data.customer.email],
    ['Phone', data.customer.phone],
  ]);
  return l.save();
}

const QR_SIZE = 120;

/** The check-in QR code beside how to use it. */
function checkInSection(l: Layout, token: string): void {
  l.heading('Check-in');
  l.ensure(QR_SIZE + 10);
  drawQr(l.page, token, MARGIN, l.y - QR_SIZE, QR_SIZE);
  const top = l.y;
  l.y -= 30;
  l.text('Show this code at the front desk on the day.', MARGIN + QR_SIZE + 16, { size: 11, bold: true });
  l.y -= 16;
  l.text('One code checks in the whole group.', MARGIN + QR_SIZE + 16, { size: 10 });
  l.y = top - QR_SIZE - 14;
}

/**
 * The QR code of `token` as vector graphics, `side` points square with its lower-left corner at x, y:
 * a white square (the quiet zone included) and one black path of a rectangle per horizontal run of
 * dark modules, so it prints sharp at any scale. An embedded PNG cost a PNG render plus pdf-lib's
 * decode and re-deflate of it on every confirmation (issue 27).
 */
function drawQr(page: PDFPage, token: string, x: number, y: number, side: number): void {
  const { size, runs } = checkInQrRuns(token);
  const unit = side / size;
  const top = y + side;
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...runs.map((r) => rectangle(x + r.col * unit, top - (r.row + 1) * unit, r.length * unit, unit)),
    fill(),
    popGraphicsState(),
  );
}

/** Tax invoice: number and date, bill-to, line items (discounts by their lineItemLabel), subtotal, GST, total, partner-paid, balance. */
export async function renderInvoicePdf(data: DocumentData): Promise<Uint8Array> {
  assertTotals(data);
  const l = await Layout.create('Tax Invoice', data.referenceNumber, undefined, data);
  l.fields([
    ['Invoice number', data.invoiceNumber],
    ['Invoice date', data.invoiceDate],
  ]);
  billTo(l, data);
  l.heading('Booking');
  bookingFields(l, data);
  l.heading('Items');
  l.table(
    [
      { header: 'Description', width: CONTENT_W - 120 },
      { header: 'Amount', width: 120, align: 'right' },
    ],
    data.lineItems.map((i) => [i.label, formatSGD(i.amountCents)]),
  );
  invoiceTotals(l, data);
  return l.save();
}

/** Payment receipt: payment (amount, method, date, transaction id) against the booking and its totals. */
export async function renderReceiptPdf(data: DocumentData): Promise<Uint8Array> {
  assertTotals(data);
  const l = await Layout.create('Payment Receipt', data.referenceNumber, undefined, data);
  l.y -= 4;
  l.text(
    data.payment ? `Payment received: ${formatSGD(data.payment.amountCents)}` : 'No payment recorded',
    MARGIN,
    { size: 12, bold: true },
  );
  l.y -= 22;
  l.heading('Payment');
  l.fields(
    data.payment
      ? [
          ['Amount paid', formatSGD(data.payment.amountCents)],
          ['Payment method', data.payment.method],
          ['Transaction id', data.payment.transactionId],
          ['Paid on', data.payment.paidAt],
          ['Invoice number', data.invoiceNumber],
        ]
      : [['Payment', 'None recorded']],
  );
  l.heading('Customer');
  billTo(l, data, 'Name');
  l.heading('Booking');
  bookingFields(l, data);
  l.heading('Summary');
  invoiceTotals(l, data);
  return l.save();
}

/**
 * Credit note: number, date, the original invoice, customer, reason, and the amount refunded with its
 * GST part (refunds are of GST-inclusive payments: GST = amount x 9/109, half-up).
 */
export async function renderCreditNotePdf(data: CreditNoteData): Promise<Uint8Array> {
  if (!Number.isSafeInteger(data.amountCents) || data.amountCents <= 0) {
    throw new DocumentTotalsError(`A credit note needs a positive amount of cents, got ${data.amountCents}`);
  }
  const gstCents = includedGstCents(data.amountCents);
  const l = await Layout.create('Credit Note', data.referenceNumber, undefined, data);
  l.fields([
    ['Credit note number', data.creditNoteNumber],
    ['Credit note date', data.date],
    ['Original invoice', data.invoiceNumber],
    ['Booking reference', data.referenceNumber],
  ]);
  l.heading('Customer');
  billTo(l, { customer: data.customer }, 'Name');
  l.heading('Refund');
  // the reason as a field: it wraps, where a table cell would cut it short
  l.fields([['Reason', data.reason]]);
  l.table(
    [
      { header: 'Description', width: CONTENT_W - 120 },
      { header: 'Amount', width: 120, align: 'right' },
    ],
    [[`Refund for ${data.eventName}`, formatSGD(data.amountCents)]],
  );
  l.totals([
    { label: 'Amount before GST', amount: formatSGD(data.amountCents - gstCents) },
    { label: `GST ${GST_PERCENT}%`, amount: formatSGD(gstCents) },
    { label: 'Total refunded', amount: formatSGD(data.amountCents), strong: true },
  ]);
  return l.save();
}

/** The refund email's own variables (the order's come from emailVariablesFromDocument). */
export function refundEmailVariables(note: CreditNoteData, totalRefundedCents: number): RefundVariables {
  return {
    refundAmount: formatSGD(note.amountCents),
    refundGstAmount: formatSGD(includedGstCents(note.amountCents)),
    refundReason: note.reason,
    refundDate: note.date,
    creditNoteNumber: note.creditNoteNumber,
    totalRefunded: formatSGD(totalRefundedCents),
  };
}

/** The contact fields an email needs beyond the document (raw identification number: it is masked here). */
export interface EmailContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  identificationNumber: string;
  dateOfBirth: string;
  postalCode: string;
}

/**
 * Email variables from the same DocumentData the PDFs are drawn from, so the email and its attachment
 * show the same money to the cent. Amounts are formatted with formatSGD; identification numbers masked.
 */
export function emailVariablesFromDocument(
  data: DocumentData,
  contact: EmailContact,
  extra: { status?: string; cancelledAt?: string } = {},
): EmailVariables {
  const primary = data.attendees.find((a) => a.isPrimary) ?? data.attendees[0];
  const discountCents = -data.lineItems.reduce((s, l) => s + Math.min(0, l.amountCents), 0);
  return {
    referenceNumber: data.referenceNumber,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: `${contact.firstName} ${contact.lastName}`.trim(),
    email: contact.email,
    phone: contact.phone,
    mobileNumber: contact.phone,
    identificationNumber: maskIdentificationNumber(contact.identificationNumber),
    dateOfBirth: contact.dateOfBirth,
    postalCode: contact.postalCode,
    status: extra.status ?? data.status,
    eventName: data.eventName,
    eventLocation: data.eventLocation,
    packageName: primary?.packageName ?? '',
    packagePrice: primary ? formatSGD(primary.priceCents) : '',
    timeslotDate: data.appointmentDate,
    timeslotTime: data.appointmentTime,
    participants: data.attendees.map((a) => {
      const [firstName = '', ...rest] = a.name.split(' ');
      return {
        name: a.name,
        firstName,
        lastName: rest.join(' '),
        identificationNumber: maskIdentificationNumber(a.identificationNumber ?? ''),
        packageName: a.packageName,
        packagePrice: formatSGD(a.priceCents),
        isPrimary: a === primary ? 'Yes' : '',
      };
    }),
    lineItems: data.lineItems.map((l) => ({ label: l.label, amount: formatSGD(l.amountCents) })),
    subtotal: formatSGD(data.subtotalCents),
    discountAmount: formatSGD(discountCents),
    gstAmount: formatSGD(data.gstCents),
    totalAmount: formatSGD(data.totalCents),
    partnerPaid: formatSGD(data.partnerPaidCents),
    amountPaid: formatSGD(data.payment?.amountCents ?? 0),
    balanceDue: formatSGD(data.balanceCents),
    paymentMethod: data.payment?.method ?? '',
    transactionId: data.payment?.transactionId ?? '',
    paidAt: data.payment?.paidAt ?? '',
    invoiceNumber: data.invoiceNumber,
    invoiceDate: data.invoiceDate,
    cancelledAt: extra.cancelledAt ?? '',
  };
}
