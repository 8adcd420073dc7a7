import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type DocumentData,
  renderConfirmationPdf,
  renderCreditNotePdf,
  renderInvoicePdf,
  renderIssuedInvoicePdf,
  renderReceiptPdf,
  sampleCreditNoteData,
  sampleDocumentData,
  sampleInvoiceSnapshot,
} from '../src/index';
import { hasPdftotext, pdftotext } from './pdf-text';

const CHINESE = '欧阳 美玲';
const TAMIL = 'முருகன் செல்வம்';
/**
 * What pdftotext gives for the Tamil name. The name is encoded right (each glyph maps back to its
 * characters in the font's ToUnicode map), but the shaper draws the vowel sign ெ (U+0BC6) before the
 * consonant ச it follows in the text, as Tamil is written, and pdftotext reads glyphs in the order
 * they stand on the line: "செ" comes out as "ெச". Everything else of the name comes out as typed.
 */
const TAMIL_AS_EXTRACTED = 'முருகன் ெசல்வம்';

/** The sample order booked by a Chinese-named customer with a Tamil-named second attendee. */
function multilingualData(): DocumentData {
  const data = sampleDocumentData();
  return {
    ...data,
    customer: { ...data.customer, name: CHINESE, address: '新加坡 宏茂桥 10号' },
    attendees: data.attendees.map((a, i) => ({ ...a, name: i === 0 ? CHINESE : TAMIL })),
  };
}

/** The fonts poppler's pdffonts lists in a PDF (name, type, embedded, subset...). */
function fontsOf(pdf: Uint8Array): string {
  const file = join(tmpdir(), `pdf-fonts-${process.pid}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdffonts', [file]).toString('utf8');
}

const supplier = {
  name: 'Health Screening Pte Ltd',
  address: '1 Example Road, Singapore 123456',
  uen: '201912345K',
  gstRegistrationNumber: 'M90312345X',
};

describe.skipIf(!hasPdftotext)('PDFs print Chinese and Tamil names (pdftotext reads them back)', () => {
  it('the confirmation, invoice and receipt hold both names, in subset Noto fonts', async () => {
    const data = multilingualData();
    const confirmation = pdftotext(await renderConfirmationPdf(data));
    expect(confirmation).toContain(`${CHINESE} (primary)`);
    expect(confirmation).toContain(TAMIL_AS_EXTRACTED);
    expect(confirmation).not.toContain('?');
    for (const render of [renderInvoicePdf, renderReceiptPdf]) {
      const pdf = await render(data);
      const text = pdftotext(pdf);
      expect(text).toContain(CHINESE);
      expect(text).toContain('新加坡 宏茂桥 10号');
      expect(text).not.toContain('?');
      expect(fontsOf(pdf)).toMatch(/[A-Z]{6}\+NotoSansSC-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
      const tamil = await render({ ...data, customer: { ...data.customer, name: TAMIL } });
      expect(pdftotext(tamil)).toContain(TAMIL_AS_EXTRACTED);
      expect(fontsOf(tamil)).toMatch(
        /[A-Z]{6}\+NotoSansTamil-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/,
      );
    }
    const invoice = pdftotext(
      await renderIssuedInvoicePdf({
        ...sampleInvoiceSnapshot(supplier, 'HS'),
        customer: { name: CHINESE, address: '新加坡' },
        lines: [{ description: 'Basic Health Screening', person: TAMIL, quantity: 1, amountCents: 10_900 }],
        taxableCents: 10_000,
        gstCents: 900,
        totalCents: 10_900,
      }),
    );
    expect(invoice).toContain(CHINESE);
    expect(invoice).toContain(TAMIL_AS_EXTRACTED);
    const note = pdftotext(
      await renderCreditNotePdf({
        ...sampleCreditNoteData(),
        customer: { ...sampleCreditNoteData().customer, name: TAMIL },
        reason: '客户要求退款',
      }),
    );
    expect(note).toContain(TAMIL_AS_EXTRACTED);
    expect(note).toContain('客户要求退款');
  });

  it('a long Chinese text wraps between characters instead of being cut short', async () => {
    const reason =
      '因为身体不适无法参加本次健康检查所以客户要求全额退款并希望下次再预约其他日期的检查服务谢谢';
    const note = pdftotext(await renderCreditNotePdf({ ...sampleCreditNoteData(), reason }));
    expect(note).not.toContain('...');
    expect(note.replace(/\s+/g, '')).toContain(reason);
  });

  it('an issued document drawn again gives the same bytes (no random subset tag)', async () => {
    const inv = { ...sampleInvoiceSnapshot(supplier, 'HS'), customer: { name: CHINESE, address: TAMIL } };
    expect(Buffer.from(await renderIssuedInvoicePdf(inv))).toEqual(
      Buffer.from(await renderIssuedInvoicePdf(inv)),
    );
  });

  it('English-only documents embed no extra font; a script no font covers prints ? and does not throw', async () => {
    const english = fontsOf(await renderConfirmationPdf(sampleDocumentData()));
    expect(english).toContain('Helvetica');
    expect(english).not.toContain('Noto');
    const data = sampleDocumentData();
    const pdf = await renderConfirmationPdf({ ...data, customer: { ...data.customer, name: 'Ꭰ𓀀 Tan' } });
    expect(pdftotext(pdf)).toContain('?? Tan');
  });
});
