import { LANGUAGES } from '@hs/domain';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_EMAILS } from '../src/languages';
import { renderEmail } from '../src/render';
import { validateTemplate } from '../src/validate';

const vars = {
  firstName: '美玲',
  lastName: '陈',
  referenceNumber: 'HS2026-0001-0001',
  eventName: 'Community Health Screening',
  timeslotDate: '28/11/2026',
  timeslotTime: '9:00 AM',
  previousTimeslotDate: '27/11/2026',
  previousTimeslotTime: '8:00 AM',
  eventLocation: 'Ang Mo Kio CC',
  packageName: 'Basic',
  packagePrice: 'S$128.00',
  participants: [],
  manageUrl: 'https://example.test/manage-appointment?ref=HS2026-0001-0001',
  expiredAt: '28/11/2026 09:30',
  eventUrl: 'https://example.test/events/x',
  refundAmount: 'S$10.00',
  refundGstAmount: 'S$0.83',
  refundDate: '28/11/2026',
  creditNoteNumber: 'CN-1',
  invoiceNumber: 'INV-1',
  refundReason: 'Cancelled',
  totalRefunded: 'S$10.00',
} as never;

describe('booking emails in the booking language (issue 26)', () => {
  it('every translated template passes the template validator and renders without a fallback', () => {
    for (const [language, templates] of Object.entries(TRANSLATED_EMAILS)) {
      for (const [key, source] of Object.entries(templates)) {
        expect(validateTemplate(source).ok, `${language} ${key}`).toBe(true);
      }
    }
    for (const language of LANGUAGES) {
      for (const type of ['confirmation', 'rescheduled', 'refund', 'expiry', 'cancellation'] as const) {
        const email = renderEmail(type, {}, vars, language);
        expect(email.fallbacks, `${language} ${type}`).toEqual([]);
        expect(email.html).toContain('HS2026-0001-0001');
      }
    }
  });

  it('writes the confirmation in Chinese for a zh booking, in English otherwise', () => {
    const zh = renderEmail('confirmation', {}, vars, 'zh');
    expect(zh.subject).toBe('您的健康检查预约已确认：HS2026-0001-0001');
    expect(zh.text).toContain('您的健康检查预约已确认。');
    expect(zh.html).toContain('<html lang="zh-SG">');
    const en = renderEmail('confirmation', {}, vars);
    expect(en.subject).toBe('Your health screening is confirmed: HS2026-0001-0001');
    expect(en.html).toContain('<html lang="en-SG">');
  });

  it('writes every type in the booking language, whatever the English configs say (issue 46)', () => {
    const receipt = renderEmail(
      'receipt',
      { EMAIL_RECEIPT_SUBJECT: 'Receipt <%= referenceNumber %>' },
      vars,
      'zh',
    );
    expect(receipt.subject).toBe('已收到 HS2026-0001-0001 的付款：税务发票 INV-1');
    expect(receipt.html).toContain('<html lang="zh-SG">');
    expect(
      renderEmail('receipt', { EMAIL_RECEIPT_SUBJECT: 'Receipt <%= referenceNumber %>' }, vars).subject,
    ).toBe('Receipt HS2026-0001-0001');
  });

  it("greets by the language's name order (issue 46)", () => {
    const latin = { ...(vars as object), firstName: 'Ah Kow', lastName: 'Lee' } as never;
    expect(renderEmail('confirmation', {}, latin, 'zh').text).toContain('Lee Ah Kow，您好：');
    expect(renderEmail('confirmation', {}, vars, 'zh').text).toContain('陈美玲，您好：');
    expect(renderEmail('confirmation', {}, latin, 'en').text).toContain('Dear Ah Kow,');
    expect(renderEmail('confirmation', {}, latin, 'ms').text).toContain('Ah Kow yang dihormati,');
    expect(renderEmail('confirmation', {}, latin, 'ta').text).toContain('அன்புள்ள Ah Kow,');
  });

  it('every language translates the same types', () => {
    const keys = Object.values(TRANSLATED_EMAILS).map((t) => Object.keys(t).sort().join());
    expect(new Set(keys).size).toBe(1);
  });
});
