import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toaster } from '../components/ui/toaster';
import PaymentPanel from '../pages/confirmation/payment-panel';
import { EVENT, mockApi, renderApp, TIMESLOTS } from '../public/test-utils';
import { BOOKING_DETAILS_KEY, PARTICIPANTS_KEY, REGISTRATION_DATA_KEY } from '../public/legacy-storage';
import type { EventDetail } from '../public/types';
import type { WaitlistEntryView } from '../public/waitlist';
import { JoinWaitlistForm } from '../pages/waitlist/join-waitlist-form';
import { setLanguage } from './index';
import en from './locales/en.json';
import zh from './locales/zh.json';

/*
 * Issue 26: no user-visible English is left on the translated public screens. Each is rendered in
 * Chinese; no text node, label or placeholder may equal an English catalogue text (one the Chinese
 * catalogue translates differently), and no text node may be Latin words alone unless it is data
 * (the event's and packages' names, what was typed, times, brand names): so an English string
 * hard-coded in JSX, in a catalogue or not, fails.
 */
type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[k, v] as [string, string]]
      : flat(v).map(([kk, vv]): [string, string] => [`${k}.${kk}`, vv]),
  );
const zhByKey = new Map(flat(zh as Tree));
const ENGLISH = new Set(
  flat(en as Tree)
    .filter(([key, text]) => zhByKey.get(key) !== text && !text.includes('{{'))
    .map(([, text]) => text),
);

function visibleEnglish(): string[] {
  const found = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent?.trim() ?? '';
    if (ENGLISH.has(text)) found.add(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      const value = el.getAttribute(attr);
      if (value && ENGLISH.has(value)) found.add(value);
    }
  }
  const walker2 = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker2.nextNode(); n; n = walker2.nextNode()) {
    const text = n.textContent?.trim() ?? '';
    if (/[A-Za-z]{2,}/.test(text) && !/[\u3400-\u9fff]/.test(text) && !isData(text)) found.add(text);
  }
  return [...found];
}

/** Latin text that is data or a name, not wording: it stays as it is in every language. */
const DATA = [
  EVENT.name,
  ...EVENT.packages.flatMap((p) => [p.name, p.description ?? '']),
  'AIA',
  'AIA Health Shield',
  'Central',
  'Health Screening',
  'mei@example.com',
  '1 Example Road',
  'S1234567D',
  EVENT.description,
  // each language is named in its own script in the switch
  'English',
  'Bahasa Melayu',
  // a payment method's brand name (issue 48)
  'PayNow',
  // the simulated drop-in's test cards
  'Visa •••• 1111',
  'Visa •••• 0002',
  'HS2612-0001-0002', // a reference number
  'S****567D', // a masked ID number
];
function isData(text: string): boolean {
  return (
    DATA.includes(text) ||
    /^\d{1,2}:\d{2} [AP]M$/.test(text) || // slot labels come from the api
    /^S\$[\d,.]+$/.test(text) ||
    /^,? ?AIA S\$[\d,.]+$/.test(text) || // the brand's member price beside a package
    /^[\d\s,./:()+%*-]*$/.test(text) ||
    text.startsWith('1 Example Road') || // the review's address line
    /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/.test(text) || // a date and the api's slot label
    EVENT.packages.some((p) => text.startsWith(`${p.name} (S$`)) // a package with its price
  );
}

afterEach(() => {
  toaster.remove();
});

describe('the public screens in Chinese', { timeout: 30_000 }, () => {
  it('the booking wizard shows no English catalogue text on any step', async () => {
    mockApi({
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
      'GET /api/timeslots/postal-code': TIMESLOTS,
      'POST /api/verify-aia-healthshield': { success: true, isAiaMember: false, message: 'ok' },
      'POST /api/registrations/quote': () => Response.json({ success: false, message: 'x' }, { status: 500 }),
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/events/whitecoat-health-screening');
    await screen.findByRole('heading', { name: zh.wizard.step0 });
    expect(visibleEnglish()).toEqual([]);

    await user.click(screen.getByRole('button', { name: zh.wizard.next }));
    await screen.findByText(zh.msg.package);
    expect(visibleEnglish()).toEqual([]);

    await user.click(await screen.findByRole('radio', { name: /Basic Health Screening/ }));
    await user.click(screen.getByRole('button', { name: zh.wizard.next }));
    await screen.findByRole('heading', { name: zh.wizard.step1 });
    await user.click(screen.getByRole('button', { name: zh.wizard.next }));
    await screen.findByText(zh.msg.gender);
    expect(visibleEnglish()).toEqual([]);

    await user.type(screen.getByLabelText(new RegExp(zh.person.firstName)), '美玲');
    await user.type(screen.getByLabelText(new RegExp(zh.person.lastName)), '欧阳');
    await user.type(screen.getByLabelText(new RegExp(`^${zh.person.email}`)), 'mei@example.com');
    await user.type(screen.getByLabelText(new RegExp(zh.person.mobileNumber)), '91234567');
    await user.click(screen.getByRole('radio', { name: zh.person.female }));
    await user.type(document.getElementById('bk-identificationNumber') as HTMLElement, 's1234567d');
    await user.type(screen.getByLabelText(new RegExp(zh.person.dateOfBirth)), '15/06/1950');
    await user.type(screen.getByLabelText(new RegExp(zh.person.postalCode)), '180001');
    await user.type(screen.getByLabelText(new RegExp(`^${zh.person.address}`)), '1 Example Road');
    await user.click(screen.getByText(zh.privacy.consent));
    await user.click(screen.getByRole('button', { name: zh.wizard.next }));

    await screen.findByRole('heading', { name: zh.wizard.step2 });
    expect(visibleEnglish()).toEqual([]);
    await user.click(screen.getAllByRole('radio', { name: /2026年12月1日/ })[0] as HTMLElement);
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: zh.wizard.next }));

    await screen.findByRole('heading', { name: zh.wizard.step3 });
    await screen.findByText(zh.review.priceBreakdown);
    expect(visibleEnglish()).toEqual([]);
  });

  it('the home and 404 pages show no English catalogue text', async () => {
    mockApi({
      'GET /api/events': { success: true, data: [{ ...EVENT, availabilityLabel: 'Limited Slots' }] },
    });
    await act(() => setLanguage('zh'));
    const home = renderApp('/');
    await screen.findByText(zh.availability['Limited Slots']);
    expect(visibleEnglish()).toEqual([]);
    home.unmount();
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: zh.notFound.title });
    expect(visibleEnglish()).toEqual([]);
  });

  it('the waiting list join form and its answer show no English', async () => {
    mockApi({
      'POST /api/waitlist': () =>
        Response.json({ success: true, data: { id: 'abc', position: 3 } }, { status: 201 }),
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    render(
      <JoinWaitlistForm
        event={EVENT as unknown as EventDetail}
        initial={{ firstName: '美玲', lastName: '欧阳', email: 'mei@example.com', mobileNumber: '91234567' }}
        onCancel={() => {}}
      />,
    );
    await screen.findByRole('heading', { name: zh.waitlist.join });
    await user.click(screen.getByRole('button', { name: zh.waitlist.join }));
    await screen.findByText(zh.msg.package);
    await user.type(screen.getByLabelText(new RegExp(`^${zh.waitlist.date}`)), '2026-12-04');
    await user.click(screen.getByRole('button', { name: zh.waitlist.addDate }));
    expect(visibleEnglish()).toEqual([]);
    await user.selectOptions(screen.getByLabelText(new RegExp(`^${zh.review.package}`)), '1');
    await user.type(screen.getByLabelText(new RegExp(zh.person.postalCode)), '180001');
    await user.click(screen.getByRole('button', { name: zh.waitlist.join }));
    await screen.findByRole('heading', { name: zh.waitlist.onTheList });
    expect(visibleEnglish()).toEqual([]);
  });

  it('the /waitlist/{token} page, waiting and offered, shows no English', async () => {
    const entry: WaitlistEntryView = {
      id: 'e1',
      eventId: 1,
      eventName: EVENT.name,
      packageId: 1,
      packageName: 'Basic Health Screening',
      firstName: '美玲',
      lastName: '欧阳',
      email: 'mei@example.com',
      mobileNumber: '91234567',
      postalCode: '180001',
      seats: 2,
      preferredDates: ['2026-12-04'],
      status: 'waiting',
      position: 2,
      offer: null,
    };
    const expiresAt = new Date(Date.now() + 90 * 60_000).toISOString();
    const offered = {
      ...entry,
      status: 'offered' as const,
      offer: { timeslotId: 21, date: '2026-12-04', time: '09:00', label: '9:00 AM', expiresAt },
    };
    let answer: WaitlistEntryView = entry;
    mockApi({ 'GET /api/waitlist/tok': () => Response.json({ success: true, data: answer }) });
    await act(() => setLanguage('zh'));
    const waiting = renderApp('/waitlist/tok');
    await screen.findByRole('heading', { name: zh.waitlist.onTheList }, { timeout: 5000 });
    expect(visibleEnglish()).toEqual([]);
    waiting.unmount();
    answer = offered;
    const user = userEvent.setup();
    mockApi({ 'GET /api/waitlist/tok2': () => Response.json({ success: true, data: answer }) });
    renderApp('/waitlist/tok2');
    await screen.findByRole('heading', { name: zh.waitlist.seatsHeld }, { timeout: 5000 });
    expect(visibleEnglish()).toEqual([]);
    await user.click(screen.getByRole('button', { name: zh.waitlist.leave }));
    await screen.findByRole('alertdialog');
    expect(visibleEnglish()).toEqual([]);
    for (const status of ['expired', 'booked', 'left', 'removed'] as const) {
      answer = { ...entry, status, position: null };
      mockApi({ [`GET /api/waitlist/${status}`]: () => Response.json({ success: true, data: answer }) });
      const ended = renderApp(`/waitlist/${status}`);
      await screen.findByRole('heading', { name: zh.waitlist.ended[`${status}Title`] }, { timeout: 5000 });
      expect(visibleEnglish()).toEqual([]);
      ended.unmount();
    }
  });

  it('the payment panel and its toasts show no English', async () => {
    mockApi({
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
      'POST /api/payments/process': { success: true, transactionId: 'txn-1', message: 'ok' },
      'POST /api/registrations/7/payment': { success: true, data: { id: 7, status: 'paid' } },
    });
    await act(() => setLanguage('zh'));
    render(
      <>
        <PaymentPanel
          registrationId={7}
          reference="HS2612-0001-0007"
          balanceCents={13952}
          onPaid={() => {}}
          onClose={() => {}}
        />
        <Toaster />
      </>,
    );
    const pay = await screen.findByRole('button', { name: zh.payment.pay.replace('{{amount}}', 'S$139.52') });
    await screen.findByText(zh.payment.chooseTestCard, {}, { timeout: 3000 });
    expect(visibleEnglish()).toEqual([]);
    await userEvent.setup().click(pay);
    await screen.findByText(zh.payment.successTitle);
    expect(visibleEnglish()).toEqual([]);
  });

  it('the PayNow view shows no English', async () => {
    mockApi({
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
      'GET /api/payments/methods': { success: true, data: { card: true, paynow: true, testMode: true } },
      'POST /api/payments/paynow': () =>
        Response.json(
          {
            success: true,
            data: {
              paymentIntentId: 'pi_Zh1',
              qrData: '000201',
              qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"></svg>',
              amount: '139.52',
              expiresAt: '2026-12-01T06:32:00.000Z',
              reference: 'HS2612-0001-0002',
              testMode: true,
            },
          },
          { status: 201 },
        ),
    });
    await act(() => setLanguage('zh'));
    render(
      <PaymentPanel
        registrationId={7}
        reference="HS2612-0001-0002"
        balanceCents={13952}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    await userEvent.setup().click(await screen.findByRole('radio', { name: 'PayNow' }));
    await screen.findByRole('button', { name: zh.payment.paynow.simulate });
    await screen.findByText(zh.payment.paynow.waiting);
    expect(screen.getByRole('radio', { name: zh.msg.methodCard })).toBeTruthy();
    expect(visibleEnglish()).toEqual([]);
  });

  const LOOKUP = {
    id: 7,
    referenceNumber: 'HS2612-0001-0002',
    status: 'paid',
    firstName: '美玲',
    lastName: '欧阳',
    email: 'mei@example.com',
    eventId: 1,
    timeslotId: 21,
    region: 'central',
    eventName: EVENT.name,
    packageName: 'Basic Health Screening',
    packagePrice: '128.00',
    timeslotDate: '2026-12-04',
    timeslotTime: '9:00 AM',
    location: null,
    totalAmount: '139.52',
    balanceDue: '0.00',
    cancellationRefund: { kind: 'automatic', amount: '139.52' },
  };

  it('the cancel page, from the lookup to the cancelled card, shows no English', async () => {
    mockApi({
      'GET /api/registrations/lookup/HS2612-0001-0002': { success: true, data: LOOKUP },
      'POST /api/registrations/7/cancel': { success: true, message: 'ok' },
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/cancel-appointment?ref=HS2612-0001-0002');
    await user.click(await screen.findByRole('button', { name: zh.manage.lookUp }));
    await screen.findByRole('heading', { name: zh.manage.details });
    expect(visibleEnglish()).toEqual([]);
    await user.click(screen.getByText(zh.msg.cancelCheckbox));
    await user.click(screen.getByRole('button', { name: zh.cancelPage.title }));
    await screen.findByRole('heading', { name: zh.cancelPage.doneTitle });
    await screen.findByText(zh.msg.cancelSuccess);
    expect(visibleEnglish()).toEqual([]);
  });

  it("the manage page's form (reference and second check) shows no English, nor its refusal", async () => {
    mockApi({
      'POST /api/registrations/HS2612-0001-0002/manage': () =>
        Response.json(
          { success: false, message: 'Too many lookups. Please wait a few minutes and try again.' },
          { status: 429 },
        ),
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/manage-appointment?ref=HS2612-0001-0002');
    await user.click(await screen.findByRole('button', { name: zh.manage.lookUp }));
    await screen.findByText(zh.msg.secondCheckRequired);
    expect(visibleEnglish()).toEqual([]);
    await user.type(screen.getByLabelText(new RegExp(`^${zh.person.dateOfBirth}`)), '1985-02-03');
    await user.click(screen.getByRole('button', { name: zh.manage.lookUp }));
    await screen.findAllByText(zh.msg.tooManyLookups);
    expect(visibleEnglish()).toEqual([]);
  });

  it('the reschedule panel (opened by the signed link) shows no English', async () => {
    mockApi({
      'POST /api/registrations/HS2612-0001-0002/manage': { success: true, data: LOOKUP },
      'GET /api/timeslots/postal-code': TIMESLOTS,
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/manage-appointment?ref=HS2612-0001-0002&token=1798761600.x');
    await screen.findByRole('heading', { name: zh.manage.details });
    expect(visibleEnglish()).toEqual([]);
    await user.click(await screen.findByRole('button', { name: zh.manage.reschedule }));
    await screen.findByRole('heading', { name: zh.reschedule.chooseTitle });
    expect(visibleEnglish()).toEqual([]);
    await user.click(await screen.findByRole('radio', { name: /2026年12月1日/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: zh.reschedule.continue }));
    await screen.findByRole('heading', { name: zh.reschedule.confirmTitle });
    expect(visibleEnglish()).toEqual([]);
  });

  it("the confirmation page's participants section and its dialogs show no English", async () => {
    const person = {
      registrationId: 7,
      gender: 'Female',
      email: 'mei@example.com',
      mobileNumber: '91234567',
      packageId: 1,
      packageName: 'Basic Health Screening',
      packagePrice: '128.00',
      isAiaMember: false,
    };
    const participants = [
      { ...person, id: 'p1', firstName: '美玲', lastName: '欧阳', name: '美玲 欧阳', isPrimary: true },
      { ...person, id: 'p2', firstName: '凯', lastName: '林', name: '凯 林', email: null, isPrimary: false },
    ];
    mockApi({
      'GET /api/registrations/lookup/HS2612-0001-0002': {
        success: true,
        data: {
          ...LOOKUP,
          status: 'pending_payment',
          packageId: 1,
          timeslotDate: '2026-12-01',
          totalAmount: '265.16',
          balanceDue: '265.16',
          participants,
          confirmationEmailSent: false,
        },
      },
      'GET /api/events': { success: true, data: [EVENT] },
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/booking/confirmation/HS2612-0001-0002');
    await screen.findByRole('heading', {
      name: zh.review.participants.replace('{{total}}', '2').replace('{{limit}}', '10'),
    });
    await screen.findByText(zh.parts.changeable);
    expect(visibleEnglish()).toEqual([]);
    await user.click(screen.getByRole('button', { name: zh.review.remove.replace('{{name}}', '凯 林') }));
    const dialog = await screen.findByRole('alertdialog');
    expect(visibleEnglish()).toEqual([]);
    // the dialog's own Cancel: the page has a cancel button of its own
    await user.click(within(dialog).getByRole('button', { name: zh.common.cancel }));
    // the modal hides the page from the accessibility tree until it has closed
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(
      await screen.findByRole('button', { name: zh.review.edit.replace('{{name}}', '凯 林') }),
    );
    await screen.findByText(zh.parts.editText);
    expect(visibleEnglish()).toEqual([]);
  });

  it('the /privacy page chrome shows no English (the notice is staff-written text)', async () => {
    mockApi({
      'GET /api/privacy-notice': {
        success: true,
        data: { text: '我们保护您的个人资料。', version: 3, updatedAt: null },
      },
    });
    await act(() => setLanguage('zh'));
    renderApp('/privacy');
    await screen.findByRole('heading', { name: zh.privacyPage.title });
    await screen.findByText(zh.privacyPage.version.replace('{{version}}', '3'));
    expect(visibleEnglish()).toEqual([]);
  });

  it('the /booking/{slug}/participants page and its dialog show no English', async () => {
    const stored = (over: object) => ({
      id: crypto.randomUUID(),
      firstName: '美玲',
      lastName: '欧阳',
      gender: 'Female',
      email: 'mei@example.com',
      mobileNumber: '91234567',
      identificationNumber: 'S1234567D',
      dateOfBirth: '1990-01-01',
      isAiaMember: false,
      aiaMemberId: null,
      isPrimary: true,
      packageId: 1,
      ...over,
    });
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([stored({}), stored({ firstName: '凯', lastName: '林', email: '', isPrimary: false })]),
    );
    mockApi({
      'GET /api/events': { success: true, data: [EVENT] },
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    try {
      renderApp('/booking/whitecoat-health-screening/participants?eventId=1&packageId=1');
      await screen.findByRole('heading', { name: zh.pp.additional });
      await screen.findByText(zh.pp.basePrice.split('<')[0] as string, { exact: false });
      expect(visibleEnglish()).toEqual([]);
      // no email: making them primary asks for one in the edit form, with a toast
      await user.click(screen.getByRole('button', { name: zh.pp.makePrimary.replace('{{name}}', '凯 林') }));
      await screen.findByText(zh.pp.idHint);
      await screen.findByText(zh.pp.emailRequired);
      expect(visibleEnglish()).toEqual([]);
    } finally {
      localStorage.removeItem(PARTICIPANTS_KEY);
    }
  });

  it("the participants page's follow-ups (package choice, registration) show no English", async () => {
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([
        {
          id: 'p1',
          firstName: '美玲',
          lastName: '欧阳',
          gender: 'Female',
          email: 'mei@example.com',
          mobileNumber: '91234567',
          identificationNumber: 'S1234567D',
          dateOfBirth: '1990-01-01',
          isAiaMember: true,
          aiaMemberId: null,
          isPrimary: true,
          packageId: 1,
        },
      ]),
    );
    mockApi({
      'GET /api/events': { success: true, data: [EVENT] },
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
      'GET /api/timeslots/postal-code': TIMESLOTS,
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    try {
      const choice = renderApp('/booking/packages?eventId=1');
      await screen.findByRole('heading', { name: zh.pc.title });
      await user.click(screen.getByRole('button', { name: zh.pc.continue }));
      await screen.findAllByText(zh.msg.package);
      expect(visibleEnglish()).toEqual([]);
      choice.unmount();
      renderApp('/booking/registration?eventId=1&packageId=1');
      await screen.findByRole('heading', { name: zh.reg.title });
      await screen.findByText(zh.reg.enterPostal);
      expect(visibleEnglish()).toEqual([]);
      await user.click(screen.getByRole('button', { name: zh.wizard.confirm }));
      await screen.findByText(zh.msg.postalCode);
      expect(visibleEnglish()).toEqual([]);
    } finally {
      localStorage.removeItem(PARTICIPANTS_KEY);
    }
  });

  it('the /wc partner link page shows no English (its refusal included)', async () => {
    mockApi({});
    await act(() => setLanguage('zh'));
    renderApp('/wc/12');
    await screen.findByRole('heading', { name: zh.wc.errorTitle });
    await screen.findByText(zh.msg.partnerFormat);
    expect(visibleEnglish()).toEqual([]);
  });

  it('the mobile menu drawer shows no English', async () => {
    mockApi({ 'GET /api/events': { success: true, data: [EVENT] } });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: zh.header.openMenu }));
    await screen.findByRole('button', { name: zh.header.closeMenu });
    expect(screen.getByRole('navigation', { name: zh.header.mobileNav })).toBeTruthy();
    expect(visibleEnglish()).toEqual([]);
  });

  it('the /legacy flow (event, registration, confirmation) shows no English', async () => {
    const slot = { label: '9:00 AM', time: '09:00', isAvailable: true, maxAttendees: 20 };
    mockApi({
      'GET /api/events/whitecoat-health-screening': {
        success: true,
        data: {
          ...EVENT,
          timeslots: [
            { ...slot, id: 11, date: '2026-12-01', currentAttendees: 3 },
            { ...slot, id: 12, date: '2026-12-01', time: '11:00', label: '11:00 AM', currentAttendees: 20 },
          ],
        },
      },
    });
    await act(() => setLanguage('zh'));
    const user = userEvent.setup();
    const details = {
      eventId: 1,
      eventSlug: EVENT.slug,
      eventName: EVENT.name,
      location: null,
      packageId: 1,
      packageName: 'Basic Health Screening',
      packagePrice: '128.00',
      timeslotId: 11,
      date: '2026-12-01',
      time: '09:00',
      timeLabel: '9:00 AM',
    };
    try {
      const event = renderApp('/legacy/events/whitecoat-health-screening');
      await screen.findByRole('heading', { name: zh.legacy.choose });
      await screen.findByText(zh.legacy.fullyBooked);
      expect(visibleEnglish()).toEqual([]);
      event.unmount();

      sessionStorage.setItem(BOOKING_DETAILS_KEY, JSON.stringify(details));
      const registration = renderApp('/registration');
      await user.click(await screen.findByRole('button', { name: zh.legacy.confirm }));
      await screen.findByText(zh.msg.acceptTerms);
      await screen.findByText(zh.msg.validPhone);
      expect(visibleEnglish()).toEqual([]);
      registration.unmount();

      sessionStorage.setItem(
        REGISTRATION_DATA_KEY,
        JSON.stringify({
          referenceNumber: 'HS2612-0001-0002',
          id: 3,
          status: 'pending_payment',
          balanceDue: '139.52',
          firstName: '美玲',
          lastName: '欧阳',
          email: 'mei@example.com',
          mobileNumber: '91234567',
          gender: 'female',
          identificationNumber: 'S1234567D',
          dateOfBirth: '1990-01-01',
        }),
      );
      renderApp('/confirmation');
      await screen.findByRole('heading', { name: zh.legacy.confirmed });
      await screen.findByText(zh.legacy.reminder4);
      expect(visibleEnglish()).toEqual([]);
    } finally {
      sessionStorage.clear();
    }
  });

  it('can fail: an English text on screen is found', async () => {
    renderApp('/no/such/page');
    await screen.findByRole('heading', { name: en.notFound.title });
    expect(visibleEnglish()).toContain(en.notFound.title);
  });
});
