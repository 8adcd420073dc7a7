import { formatSGD, priceOrder } from '@hs/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  checkDocumentTotals,
  creditNoteFileName,
  creditNoteNumber,
  type DocumentData,
  DocumentTotalsError,
  EMAIL_TYPES,
  emailVariablesFromDocument,
  invoiceFromPricing,
  renderEmail,
  sampleVariables,
  refundEmailVariables,
  renderConfirmationPdf,
  renderCreditNotePdf,
  renderInvoicePdf,
  renderReceiptPdf,
  sampleCreditNoteData,
  sampleDocumentData,
} from '../src/index';
import { hasPdftotext, pdftotext, streamText } from './pdf-text';

/** Text of the PDF: pdftotext when installed (what a person's tools see), else the content streams. */
function textOf(pdf: Uint8Array): string {
  return hasPdftotext ? pdftotext(pdf) : streamText(pdf);
}

const normalise = (s: string) => s.replace(/\s+/g, ' ');

describe('PDF documents', () => {
  const data = sampleDocumentData();

  it('sample data agrees to the cent', () => {
    expect(checkDocumentTotals(data)).toEqual([]);
  });

  it('confirmation: reference, event, date and time, location, attendees, package, notes', async () => {
    const pdf = await renderConfirmationPdf(data);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Booking Confirmation HS2505-0607-1234');
    for (const text of [textOf(pdf), streamText(pdf)]) {
      const t = normalise(text);
      expect(t).toContain('Health Screening');
      expect(t).toContain('Booking Confirmation');
      expect(t).toContain('HS2505-0607-1234');
      expect(t).toContain('Community Health Screening 2025');
      expect(t).toContain('Saturday, 7 June 2025, 9:00 AM - 10:00 AM');
      expect(t).toContain('Orchard Community Club');
      expect(t).toContain('Tan Wei Ming (primary)');
      expect(t).toContain('Lim Mei Ling');
      expect(t).toContain('S****567A');
      expect(t).not.toContain('S1234567A');
      expect(t).toContain('Comprehensive Health Screening');
      expect(t).toContain('S$465.98');
      expect(t).toContain('Arrive 15 minutes early.');
      expect(t).toContain('Fast for 8-10 hours');
      expect(t).toMatch(/identification card \(NRIC\)/);
    }
  });

  it('invoice: number and date, line items with discount labels, subtotal, GST 9%, total, partner-paid, balance', async () => {
    const withPartner: DocumentData = {
      ...data,
      partnerPaidCents: 10_000,
      payment: null,
      balanceCents: 36_598,
    };
    const pdf = await renderInvoicePdf(withPartner);
    const t = normalise(textOf(pdf));
    expect(t).toContain('Tax Invoice');
    expect(t).toContain('HS-2025-000123');
    expect(t).toContain('7 May 2025');
    expect(t).toContain('Welcome 10% off -S$47.50');
    expect(t).toContain('Volume discount 5% -S$25.00');
    expect(t).toContain('Comprehensive Health Screening - Tan Wei Ming S$250.00');
    expect(t).toContain('Subtotal S$427.50');
    expect(t).toContain('GST 9% S$38.48');
    expect(t).toContain('Total S$465.98');
    expect(t).toContain('Paid via partner -S$100.00');
    expect(t).toContain('Balance due S$365.98');
  });

  it('receipt: payment with transaction id, method, date and amount', async () => {
    const pdf = await renderReceiptPdf(data);
    const t = normalise(textOf(pdf));
    expect(t).toContain('Payment Receipt');
    expect(t).toContain('Payment received: S$465.98');
    expect(t).toContain('TXN-SAMPLE-0001');
    expect(t).toContain('Card');
    expect(t).toContain('7 May 2025, 2:15 PM');
    expect(t).toContain('Paid -S$465.98');
    expect(t).toContain('Balance due S$0.00');
  });

  it('credit note: number, date, original invoice, customer, reason, amount and its GST part', async () => {
    const note = sampleCreditNoteData();
    const pdf = await renderCreditNotePdf({ ...note, amountCents: 13_952 });
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('Credit Note HS2505-0607-1234');
    const t = normalise(textOf(pdf));
    expect(t).toContain('Credit Note');
    expect(t).toContain('Credit note number HS-CN-2025-000045');
    expect(t).toContain('Credit note date 9 May 2025');
    expect(t).toContain('Original invoice HS-2025-000123');
    expect(t).toContain('Tan Wei Ming');
    expect(t).toContain('One attendee can no longer come');
    expect(t).toContain('GST 9% S$11.52'); // 139.52 x 9/109
    expect(t).toContain('Amount before GST S$128.00');
    expect(t).toContain('Total refunded S$139.52');
    // half-up to the cent: S$50.00 holds S$4.1284 of GST
    expect(normalise(textOf(await renderCreditNotePdf({ ...note, amountCents: 5_000 })))).toContain(
      'GST 9% S$4.13',
    );
    expect(creditNoteFileName('HS2505-0607-1234', 2)).toBe('credit-note-HS2505-0607-1234-2.pdf');
    expect(creditNoteNumber('HS2505-0607-1234', 2)).toBe('CN-HS2505-0607-1234-2');
  });

  it('a credit note needs a positive whole amount of cents', async () => {
    const note = sampleCreditNoteData();
    for (const amountCents of [0, -100, 1.5]) {
      await expect(renderCreditNotePdf({ ...note, amountCents })).rejects.toBeInstanceOf(DocumentTotalsError);
    }
  });

  it("refundEmailVariables gives the refund email the credit note's money", () => {
    const note = sampleCreditNoteData();
    const vars = refundEmailVariables(note, 10_000);
    const { refundAmount, refundGstAmount, refundReason, refundDate, creditNoteNumber, totalRefunded } =
      sampleVariables();
    expect(vars).toEqual({
      refundAmount,
      refundGstAmount,
      refundReason,
      refundDate,
      creditNoteNumber,
      totalRefunded,
      // the tax invoice the credit note cites (issue 46)
      invoiceNumber: note.invoiceNumber,
    });
    const email = renderEmail('refund', {}, { ...sampleVariables(), ...vars });
    expect(email.subject).toBe('Refund of S$100.00 for HS2505-0607-1234');
    expect(email.text).toContain('HS-CN-2025-000045');
    expect(email.text).toContain('S$8.26');
    expect(email.text).toContain('HS-2025-000123');
  });

  it('refuses to draw totals that do not agree', async () => {
    const wrong = { ...data, totalCents: data.totalCents + 1 };
    expect(checkDocumentTotals(wrong)).toContain('total is not subtotal + GST');
    await expect(renderInvoicePdf(wrong)).rejects.toBeInstanceOf(DocumentTotalsError);
    expect(
      checkDocumentTotals({
        ...data,
        gstCents: 3_847,
        totalCents: 46_597,
        payment: null,
        balanceCents: 46_597,
      }),
    ).toEqual([expect.stringMatching(/^GST 3847 is not 9% of the subtotal \(3848\)/)]);
    expect(checkDocumentTotals({ ...data, subtotalCents: 1.5 })).toEqual(['amounts must be integer cents']);
  });

  it('invoiceFromPricing agrees with the domain price to the cent', async () => {
    const pricing = priceOrder({
      participants: [
        { packagePriceCents: 25_000, aiaPriceCents: 20_000, memberVerified: true },
        { packagePriceCents: 19_990, memberVerified: false },
        { packagePriceCents: 19_990, memberVerified: false },
      ],
      discount: { type: 'percentage', percent: 10 },
      partnerPaidCents: 5_000,
    });
    const money = invoiceFromPricing(
      pricing,
      [
        { name: 'A', packageName: 'Premium' },
        { name: 'B', packageName: 'Basic' },
        { name: 'C', packageName: 'Basic' },
      ],
      'Welcome 10% off',
    );
    const doc: DocumentData = { ...data, ...money, payment: null };
    expect(checkDocumentTotals(doc)).toEqual([]);
    expect(money.totalCents).toBe(pricing.totalCents);
    expect(money.balanceCents).toBe(pricing.balanceDueCents);
    expect(money.lineItems.map((l) => l.label)).toEqual([
      'Premium - A',
      'Basic - B',
      'Basic - C',
      'Member price',
      'Volume discount 10%',
      'Welcome 10% off',
    ]);
    const t = normalise(textOf(await renderInvoicePdf(doc)));
    expect(t).toContain(`Total ${formatSGD(pricing.totalCents)}`);
    expect(t).toContain(`Balance due ${formatSGD(pricing.balanceDueCents)}`);
  });

  it("a corporate booking's documents and emails: the employer's share paid, the employee's balance", async () => {
    // issue 51: the company pays up to S$200 of a S$292.12 booking; the employee paid the rest by card
    const pricing = priceOrder({
      participants: [{ packagePriceCents: 26_800, memberVerified: false }],
      companyPays: { kind: 'up_to', capCents: 20_000 },
    });
    expect(pricing.companyPaidCents).toBe(20_000);
    const employeePart = pricing.totalCents - 20_000;
    const payment = { ...data.payment!, amountCents: employeePart };
    const doc: DocumentData = {
      ...data,
      ...invoiceFromPricing(pricing, [{ name: 'Mei Tan', packageName: 'Executive' }], null, payment),
      payment,
    };
    expect(checkDocumentTotals(doc)).toEqual([]);
    expect(doc.balanceCents).toBe(0);
    const t = normalise(textOf(await renderReceiptPdf(doc)));
    expect(t).toContain('Paid by your employer -S$200.00');
    expect(t).toContain('Balance due S$0.00');
    // all paid by the company, nothing by the employee: a confirmation that draws, balance nil
    const all = priceOrder({
      participants: [{ packagePriceCents: 26_800, memberVerified: false }],
      companyPays: { kind: 'all' },
    });
    const confirmed: DocumentData = {
      ...data,
      ...invoiceFromPricing(all, [{ name: 'Mei Tan', packageName: 'Executive' }], null),
      payment: null,
    };
    expect(checkDocumentTotals(confirmed)).toEqual([]);
    await renderConfirmationPdf(confirmed);
    const vars = emailVariablesFromDocument(confirmed, {
      firstName: 'Mei',
      lastName: 'Tan',
      email: 'mei@acme.sg',
      phone: '+65 9123 4567',
      identificationNumber: 'S1234567A',
      dateOfBirth: '1985-03-14',
      postalCode: '238801',
    });
    expect([vars.companyPaid, vars.totalPaid, vars.balanceDue]).toEqual(['S$292.12', 'S$0.00', 'S$0.00']);
    const email = renderEmail('confirmation', {}, { ...sampleVariables(), ...vars }, 'zh');
    expect(email.html).toContain('由您的雇主支付');
    expect(email.html).toContain('-S$292.12');
  });

  it('draws Chinese names in their font, characters no font has as "?" instead of failing, and long lists over pages', async () => {
    const many: DocumentData = {
      ...data,
      customer: { ...data.customer, name: '陈伟明 Tan' },
      attendees: Array.from({ length: 40 }, (_, i) => ({
        name: i === 0 ? '陈伟明' : i === 1 ? 'Ꭰ𓀀 Lim' : `Attendee ${i + 1}`,
        identificationNumber: 'S1234567A',
        packageName: 'Basic',
        priceCents: 100,
      })),
    };
    const pdf = await renderConfirmationPdf(many);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    const t = normalise(textOf(pdf));
    // Cherokee and Egyptian hieroglyphs: in neither Helvetica nor the Noto fonts (pdf-fonts.ts)
    expect(t).toContain('?? Lim');
    if (hasPdftotext) expect(t).toContain('陈伟明 Tan');
    expect(t).toContain('Attendee 40');
  });

  it('emailVariablesFromDocument gives the email the same money and masked ids as the PDF', () => {
    const vars = emailVariablesFromDocument(data, {
      firstName: 'Tan',
      lastName: 'Wei Ming',
      email: 'tan.weiming@example.com',
      phone: '+65 9123 4567',
      identificationNumber: 'S1234567A',
      dateOfBirth: '1985-03-14',
      postalCode: '238801',
    });
    // the sample email variables were written by hand from the sample document: they must agree
    // (the expiry, refund, rescheduled and waiting-list emails' own variables and the manage link come
    // from the expiry, the refund, the move, the entry and the site, not the document)
    const {
      dateOfBirth: _d,
      status: _s,
      eventUrl: _u,
      expiredAt: _x,
      refundAmount: _ra,
      refundGstAmount: _rg,
      refundReason: _rr,
      refundDate: _rd,
      creditNoteNumber: _cn,
      totalRefunded: _tr,
      previousTimeslotDate: _pd,
      previousTimeslotTime: _pt,
      manageUrl: _mu,
      waitlistUrl: _wu,
      waitlistPosition: _wp,
      waitlistSeats: _ws,
      offerExpiresAt: _oe,
      // issue 46: the clinic's details (company settings) and the reminder's opt-out link are no
      // document data: the worker adds them
      companyName: _cname,
      companyAddress: _caddr,
      companyPhone: _cphone,
      companyEmail: _cemail,
      smsOptOutUrl: _sms,
      greetingName: _gn,
      ...rest
    } = sampleVariables();
    expect(vars).toMatchObject({ ...rest, status: 'Confirmed', dateOfBirth: '1985-03-14' });
    for (const type of EMAIL_TYPES) expect(renderEmail(type, {}, vars).fallbacks).toEqual([]);
    expect(renderEmail('invoice', {}, vars).text).toContain(formatSGD(data.totalCents));
  });

  it.skipIf(!hasPdftotext)(
    'pdftotext reads every document (skipped when poppler-utils is not installed)',
    async () => {
      for (const render of [renderConfirmationPdf, renderInvoicePdf, renderReceiptPdf]) {
        expect(pdftotext(await render(data))).toContain('HS2505-0607-1234');
      }
      expect(pdftotext(await renderCreditNotePdf(sampleCreditNoteData()))).toContain('HS-CN-2025-000045');
    },
  );
});
