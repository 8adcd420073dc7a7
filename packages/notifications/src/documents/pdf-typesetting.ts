/**
 * Text in a document's fonts: Helvetica (and its bold) for Latin, subset Noto Sans SC / Noto Sans Tamil
 * for Chinese and Tamil (see pdf-fonts.ts), chosen per run of text. Measures, shortens and wraps text
 * so the layout (pdf-layout.ts) can place it; draws nothing itself.
 */
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { type ExtraFontKey, embedExtraFonts, extraFontFor } from '../pdf-fonts';

/** A piece of text drawn in one font. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

/** The fonts embedded into one document and the text measured in them. */
export class Typesetter {
  private constructor(
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly charset: Set<number>,
    private readonly extra: Map<ExtraFontKey, PDFFont>,
  ) {}

  /**
   * Embeds Helvetica and its bold into `doc`, and the Chinese / Tamil fonts only when `content`
   * (everything the document will show) holds characters of theirs.
   */
  static async embed(doc: PDFDocument, content: unknown): Promise<Typesetter> {
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const charset = new Set(regular.getCharacterSet());
    const extra = await embedExtraFonts(doc, JSON.stringify(content ?? null), charset);
    return new Typesetter(regular, bold, charset, extra);
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
  runs(text: string, font: PDFFont): TextRun[] {
    const runs: TextRun[] = [];
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
}
