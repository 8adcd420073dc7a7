/**
 * The page layout every PDF document shares (pdf-lib, A4): header band with the product name, the
 * document's title and the page number; headings, label / value fields, tables, a totals block,
 * paragraphs and bullets, flowing onto new pages; a footer line at the end. Text goes through the
 * document's Typesetter (pdf-typesetting.ts), so Chinese and Tamil print and nothing overflows.
 */
import { PDFDocument, type PDFFont, type PDFPage, PageSizes, type RGB, rgb } from 'pdf-lib';
import { PRODUCT_NAME } from '../templates';
import { Typesetter } from './pdf-typesetting';

const [PAGE_W, PAGE_H] = PageSizes.A4;
export const MARGIN = 50;
export const CONTENT_W = PAGE_W - 2 * MARGIN;
const BRAND = rgb(0.06, 0.37, 0.55);
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.42, 0.47, 0.5);
const RULE = rgb(0.82, 0.85, 0.88);
const SHADE = rgb(0.93, 0.95, 0.97);
/** Below this the page is full. */
const BOTTOM = 60;

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A label and its value (Layout.fields). */
export type Field = readonly [label: string, value: string];

/** A row of the totals block; `strong` rows are bold with a rule above. */
export interface TotalsRow {
  label: string;
  amount: string;
  strong?: boolean;
}

/** One document being laid out: the current page and the height `y` the next thing is drawn at. */
export class Layout {
  page!: PDFPage;
  y = 0;
  private pageNo = 0;
  readonly regular: PDFFont;
  readonly bold: PDFFont;

  private constructor(
    readonly doc: PDFDocument,
    readonly type: Typesetter,
    readonly title: string,
  ) {
    this.regular = type.regular;
    this.bold = type.bold;
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
    const layout = new Layout(doc, await Typesetter.embed(doc, content), title);
    layout.newPage();
    return layout;
  }

  /** Draws `text` run by run (one font each) at (x, y). */
  draw(text: string, x: number, y: number, size: number, font: PDFFont, color: RGB): void {
    let cx = x;
    for (const r of this.type.runs(text, font)) {
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

  /** A new page unless `height` more fits on this one. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /** One line of text at x on the current line, shortened with '...' to `maxWidth` when given. */
  text(
    text: string,
    x: number,
    opts: { size?: number; bold?: boolean; color?: RGB; maxWidth?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    let t = this.type.clean(text);
    if (opts.maxWidth) t = this.type.fit(t, font, size, opts.maxWidth);
    this.draw(t, x, this.y, size, font, opts.color ?? INK);
  }

  /** A horizontal rule at `y` from `fromX` to the right margin. */
  private rule(y: number, thickness: number, fromX = MARGIN): void {
    this.page.drawLine({
      start: { x: fromX, y },
      end: { x: PAGE_W - MARGIN, y },
      thickness,
      color: RULE,
    });
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 14;
    this.text(text, MARGIN, { size: 13, bold: true, color: BRAND });
    this.y -= 6;
    this.rule(this.y, 0.8);
    this.y -= 16;
  }

  /** Label / value pairs in two columns; long values wrap; `null` rows are left out. */
  fields(rows: readonly (Field | null)[]): void {
    const labelW = 130;
    for (const row of rows) {
      if (!row) continue;
      const [label, value] = row;
      const lines = this.type.wrap(value || '-', this.regular, 10, CONTENT_W - labelW);
      this.ensure(lines.length * 14 + 4);
      this.text(label, MARGIN, { color: MUTED });
      lines.forEach((l, i) => {
        if (i > 0) this.y -= 14;
        this.text(l, MARGIN + labelW);
      });
      this.y -= 18;
    }
  }

  /** A table with a shaded header row, repeated on each new page; cells are cut to their column. */
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
      if (this.y - rowH < BOTTOM) {
        this.newPage();
        drawHeader();
      }
      let x = MARGIN + 6;
      columns.forEach((c, i) => {
        this.cell(row[i] ?? '', x, c, false);
        x += c.width;
      });
      this.rule(this.y - 6, 0.5);
      this.y -= rowH;
    }
    this.y -= 6;
  }

  private cell(text: string, x: number, c: Column, bold: boolean): void {
    const font = bold ? this.bold : this.regular;
    const t = this.type.fit(this.type.clean(text), font, 10, c.width - 12);
    const w = this.type.widthOf(t, font, 10);
    const cx = c.align === 'right' ? x + c.width - 12 - w : x;
    this.draw(t, cx, this.y, 10, font, INK);
  }

  /** Right-aligned totals block: label and amount per row; `strong` rows in bold with a rule above. */
  totals(rows: TotalsRow[]): void {
    const labelX = PAGE_W - MARGIN - 260;
    const right = PAGE_W - MARGIN - 6;
    for (const r of rows) {
      this.ensure(22);
      if (r.strong) this.rule(this.y + 13, 0.8, labelX);
      const font = r.strong ? this.bold : this.regular;
      const size = r.strong ? 11 : 10;
      this.text(r.label, labelX, { bold: r.strong, size });
      const w = font.widthOfTextAtSize(r.amount, size);
      this.page.drawText(r.amount, { x: right - w, y: this.y, size, font, color: INK });
      this.y -= r.strong ? 20 : 17;
    }
  }

  paragraph(text: string, opts: { size?: number; color?: RGB } = {}): void {
    const size = opts.size ?? 10;
    for (const line of this.type.wrap(text, this.regular, size, CONTENT_W)) {
      this.ensure(size + 6);
      this.text(line, MARGIN, { size, color: opts.color ?? INK });
      this.y -= size + 5;
    }
  }

  bullets(items: string[]): void {
    for (const item of items) {
      const lines = this.type.wrap(item, this.regular, 10, CONTENT_W - 16);
      this.ensure(lines.length * 14 + 2);
      this.text('-', MARGIN + 4);
      lines.forEach((l) => {
        this.text(l, MARGIN + 16);
        this.y -= 14;
      });
    }
    this.y -= 4;
  }

  /** Ends the document with its footer line and gives its bytes. */
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
