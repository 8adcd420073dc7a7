/**
 * Issue 46: the customer email set. Every email type in all four languages carries the manage link
 * (the waiting list's: the entry's link), the venue with its map link, the participants (a two-person
 * order lists both, and the order's total where money is shown) and the language's date format; the
 * layout's footer carries the clinic's contact details.
 */
import {
  LANGUAGES,
  type Language,
  formatAppointmentDate,
  formatAppointmentTime,
  formatInstantDateTime,
} from '@hs/domain';
import { describe, expect, it } from 'vitest';
import { emailWords } from '../src/languages';
import { renderEmail } from '../src/render';
import { EMAIL_TYPES, type EmailType } from '../src/templates';
import { sampleVariables } from '../src/variables';

const DAY = '2026-12-05';
const MANAGE = 'https://example.sg/manage-appointment?ref=HS2612-0512-0001&amp;token=abc.def';
const WAITLIST = 'https://example.sg/waitlist/entry-token';
const MAP = 'https://maps.example.sg/?q=Orchard+Community+Club';

function varsIn(language: Language, type: EmailType) {
  return {
    ...sampleVariables(type),
    referenceNumber: 'HS2612-0512-0001',
    firstName: 'Ah Kow',
    lastName: 'Lee',
    // greeted by the language's convention from the names, not the preview sample's ready greeting
    greetingName: '',
    timeslotDate: formatAppointmentDate(language, DAY),
    timeslotTime: formatAppointmentTime(language, '09:00'),
    previousTimeslotDate: formatAppointmentDate(language, '2026-12-04'),
    previousTimeslotTime: formatAppointmentTime(language, '14:00'),
    offerExpiresAt: formatInstantDateTime(language, '2026-12-01T08:00:00Z'),
    eventLocation: 'Orchard Community Club, 1 Orchard Road, Singapore 238801',
    venueMapUrl: MAP,
    manageUrl: 'https://example.sg/manage-appointment?ref=HS2612-0512-0001&token=abc.def',
    waitlistUrl: WAITLIST,
    totalAmount: 'S$452.93',
    totalPaid: 'S$452.93',
    balanceDue: 'S$0.00',
    companyName: 'Demo Health Screening Pte Ltd',
    companyPhone: '+65 6123 4567',
    companyEmail: 'hello@clinic.example.sg',
    companyAddress: '1 Demo Road, Singapore 000001',
  };
}

const WAITLIST_TYPES = new Set<EmailType>([
  'waitlist_joined',
  'waitlist_offer',
  'waitlist_expired',
  'waitlist_left',
]);
/** The emails about an appointment's day (a waiting-list entry has one only once seats are offered). */
const DATED: readonly EmailType[] = EMAIL_TYPES.filter(
  (t) => t !== 'waitlist_joined' && t !== 'waitlist_left',
);
/** The emails that list who is booked. */
const WITH_PEOPLE = new Set<EmailType>(['confirmation', 'rescheduled', 'cancellation', 'expiry', 'reminder']);

describe('the customer email set (issue 46)', () => {
  for (const language of LANGUAGES) {
    const w = emailWords(language);
    for (const type of EMAIL_TYPES) {
      it(`${type} in ${language}`, () => {
        const email = renderEmail(type, {}, varsIn(language, type), language);
        expect(email.fallbacks).toEqual([]);
        expect(email.html).not.toMatch(/<%|%>/);
        expect(email.subject).not.toMatch(/<%|%>/);
        expect(email.html).toContain(`<html lang="${language}-SG">`);

        // the link to act on it, as a button or anchor (never a raw URL among the words of the HTML);
        // the plain-text alternative gives its address after its words, so it can still be followed
        if (WAITLIST_TYPES.has(type)) expect(email.html).toContain(`href="${WAITLIST}"`);
        else expect(email.html).toContain(`href="${MANAGE}"`);
        expect(email.html.replace(/<[^>]+>/g, ' ')).not.toMatch(/https?:\/\//);
        expect(email.text).toContain(
          WAITLIST_TYPES.has(type) ? `: ${WAITLIST}` : `: ${MANAGE.replace(/&amp;/g, '&')}`,
        );

        // where to go, with its map link
        expect(email.html).toContain('Orchard Community Club, 1 Orchard Road, Singapore 238801');
        expect(email.html).toContain(`href="${MAP}"`);
        expect(email.html).toContain(w.openMap);

        if (DATED.includes(type)) expect(email.text).toContain(formatAppointmentDate(language, DAY));

        if (WITH_PEOPLE.has(type)) {
          expect(email.text).toContain('Tan Wei Ming (S****567A)');
          expect(email.text).toContain('Lim Mei Ling (S****321B)');
        }
        if (type === 'confirmation' || type === 'rescheduled') {
          expect(email.text).toContain(w.totalInclGst);
          expect(email.text).toContain('S$452.93');
          expect(email.text).toContain(w.balanceDue);
        }

        // the clinic's contact details in the footer
        expect(email.html).toContain('href="tel:+6561234567"');
        expect(email.html).toContain('href="mailto:hello@clinic.example.sg"');
        expect(email.text).toContain('1 Demo Road, Singapore 000001');
      });
    }
  }

  it('each language writes its own words and its own date', () => {
    const day = (l: Language) => renderEmail('confirmation', {}, varsIn(l, 'confirmation'), l).text;
    expect(day('en')).toContain('Dear Ah Kow,');
    expect(day('en')).toContain('Sat, 5 Dec 2026, 9:00 AM');
    expect(day('zh')).toContain('Lee Ah Kow，您好：');
    expect(day('zh')).toContain('2026年12月5日 星期六');
    expect(day('zh')).toContain('参加者');
    expect(day('ms')).toContain('Sab, 5 Dis 2026');
    expect(day('ms')).toContain('Peserta');
    expect(day('ta')).toContain('பங்கேற்பாளர்கள்');
    for (const l of ['zh', 'ms', 'ta'] as const) expect(day(l)).not.toContain('Attendees');
  });

  it('shows the balance due of an order not paid in full', () => {
    const vars = { ...varsIn('en', 'confirmation'), totalPaid: 'S$0.00', balanceDue: 'S$452.93' };
    const text = renderEmail('confirmation', {}, vars).text;
    expect(text).toMatch(/Paid\s+S\$0\.00/);
    expect(text).toMatch(/Balance due\s+S\$452\.93/);
  });

  it('the payment email names its tax invoice by number, the refund email the tax invoice its credit note cites', () => {
    const vars = {
      ...varsIn('en', 'receipt'),
      invoiceNumber: 'HS-2026-000042',
      creditNoteNumber: 'HS-CN-2026-000007',
    };
    expect(renderEmail('receipt', {}, vars).text).toContain('Your tax invoice HS-2026-000042 is attached');
    expect(renderEmail('receipt', {}, vars).subject).toContain('HS-2026-000042');
    expect(renderEmail('refund', {}, vars).text).toContain(
      'The credit note HS-CN-2026-000007 against tax invoice HS-2026-000042 is attached',
    );
    expect(renderEmail('receipt', {}, vars, 'zh').text).toContain(
      '您的税务发票 HS-2026-000042 已作为 PDF 附上',
    );
  });

  it('leaves out the map link when the venue has none', () => {
    const email = renderEmail('confirmation', {}, { ...varsIn('en', 'confirmation'), venueMapUrl: '' });
    expect(email.html).not.toContain('Open in maps');
    expect(email.html).toContain('Orchard Community Club');
  });
});
