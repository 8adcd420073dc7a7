import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { setLanguage } from '../../i18n';
import en from '../../i18n/locales/en.json';
import zh from '../../i18n/locales/zh.json';
import { bodyOf, EVENT, type Handler, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { preloadLaterSteps } from '../booking/later-steps';

beforeAll(async () => {
  await preloadLaterSteps();
});

afterEach(() => {
  toaster.remove();
  sessionStorage.clear();
});

const PROGRAMME = {
  code: 'acme-2026',
  name: 'Acme Wellness 2026',
  companyName: 'Acme Logistics Pte Ltd',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  open: true,
  entitlement: 1,
  paymentRule: 'company_pays_up_to',
  hrSeesNames: true,
  events: [{ id: EVENT.id, name: EVENT.name, slug: EVENT.slug }],
  packages: [
    {
      id: 2,
      name: 'Comprehensive Health Screening',
      eventIds: [EVENT.id],
      price: '292.12',
      companyPays: '200.00',
      employeePays: '92.12',
    },
  ],
};

const PASS = {
  pass: 'pass-token-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  email: 'mei@acme-logistics.sg',
  bookingsLeft: 1,
};

const BOOKED = {
  reference_number: 'HS2612-1111-2222',
  id: 8,
  status: 'pending_payment',
  totalAmount: '292.12',
  balanceDue: '92.12',
};

const LOOKUP = {
  id: 8,
  referenceNumber: 'HS2612-1111-2222',
  reference_number: 'HS2612-1111-2222',
  status: 'confirmed',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@acme-logistics.sg',
  eventId: 1,
  eventName: EVENT.name,
  packageName: 'Comprehensive Health Screening',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: null,
  totalAmount: '0.00',
  balanceDue: '0.00',
  participants: [],
  confirmationEmailSent: true,
  checkInToken: 'chk-token-1',
};

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/programmes/acme-2026': { success: true, data: PROGRAMME },
    'POST /api/programmes/acme-2026/codes': () =>
      Response.json({ success: true, data: { message: 'A code is on its way.' } }, { status: 202 }),
    'POST /api/programmes/acme-2026/verify': { success: true, data: PASS },
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    'POST /api/registrations': () =>
      Response.json(
        { success: true, data: { ...BOOKED, status: 'confirmed', balanceDue: '0.00' } },
        { status: 201 },
      ),
    'GET /api/registrations/lookup/HS2612-1111-2222': { success: true, data: LOOKUP },
    ...overrides,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function verify(user: User) {
  await user.type(await screen.findByLabelText(/Work email/), 'mei@acme-logistics.sg');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('heading', { name: "We've sent a code" })).toBeTruthy();
  expect(screen.getByText("We've sent a code to mei@acme-logistics.sg. Enter it below.")).toBeTruthy();
  await user.type(screen.getByLabelText(/6-digit code/), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

async function fillAndReview(user: User) {
  await user.click(await screen.findByRole('radio', { name: /Comprehensive Health Screening/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Personal Information' });
  await user.type(await screen.findByLabelText(/First Name/), 'Mei');
  // the programme sets the price: no insurer's member check is offered
  expect(screen.queryByText(/I am an AIA Health Shield member/)).toBeNull();
  await user.type(screen.getByLabelText(/Last Name/), 'Tan');
  await user.type(screen.getByLabelText(/Mobile Number/), '91234567');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText(/Identification Number/), 's1234567d');
  await user.type(screen.getByLabelText(/Date of Birth/), '15/06/1985');
  await user.type(screen.getByLabelText(/Postal Code/), '180001');
  await user.type(screen.getByLabelText(/^Address/), '1 Example Road');
  await user.click(screen.getByText(/I have read the privacy notice and consent/));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Select Appointment Slot' });
  await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
  await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Review Booking' });
}

describe('/c/{code}: a corporate programme', { timeout: 30_000 }, () => {
  it('shows the programme, the company, what is covered with the split, and until when', async () => {
    api();
    renderApp('/c/acme-2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Wellness 2026' })).toBeTruthy();
    expect(screen.getByText('For employees of Acme Logistics Pte Ltd')).toBeTruthy();
    expect(screen.getByText(/Book from 1 Jan 2026 until 31 Dec 2026\./)).toBeTruthy();
    expect(screen.getByText('Your company pays S$200.00')).toBeTruthy();
    expect(screen.getByText('You pay S$92.12')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Verify your work email' })).toBeTruthy();
  });

  it('says an unknown code is not found, and a closed programme takes no email', async () => {
    api({
      'GET /api/programmes/acme-2026': () =>
        Response.json({ success: false, message: 'Not found' }, { status: 404 }),
    });
    const { unmount } = renderApp('/c/acme-2026');
    expect(await screen.findByRole('heading', { name: 'Programme not found' })).toBeTruthy();
    unmount();
    api({ 'GET /api/programmes/acme-2026': { success: true, data: { ...PROGRAMME, open: false } } });
    renderApp('/c/acme-2026');
    expect(await screen.findByText('This programme is not open for bookings.')).toBeTruthy();
    expect(screen.queryByLabelText(/Work email/)).toBeNull();
  });

  it('email -> code -> the wizard with only the programme packages, the split and the pass in the booking', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    const { location } = renderApp('/c/acme-2026');
    await verify(user);
    expect(bodyOf(fetchMock, 'POST', '/api/programmes/acme-2026/codes')).toEqual({
      email: 'mei@acme-logistics.sg',
      language: 'en',
    });
    expect(bodyOf(fetchMock, 'POST', '/api/programmes/acme-2026/verify')).toEqual({
      email: 'mei@acme-logistics.sg',
      code: '123456',
    });
    expect(
      await screen.findByText(/Verified as mei@acme-logistics.sg\. You have 1 booking left\./),
    ).toBeTruthy();
    // only the covered package, with who pays what
    await screen.findByRole('heading', { name: 'Select Package' });
    expect(screen.queryByRole('radio', { name: /Basic Health Screening/ })).toBeNull();
    const covered = screen.getByRole('radio', { name: /Comprehensive Health Screening/ });
    expect(covered).toBeTruthy();
    await fillAndReview(user);
    // the work email was filled in; no member pricing row (the programme sets the price)
    expect(screen.getByText('mei@acme-logistics.sg', { selector: 'dd' })).toBeTruthy();
    expect(screen.queryByText('AIA Health Shield')).toBeNull();
    const split = screen.getByRole('region', { name: 'Who pays' });
    expect(within(split).getByText('S$292.12')).toBeTruthy();
    expect(within(split).getByText('S$200.00')).toBeTruthy();
    expect(within(split).getByText('S$92.12')).toBeTruthy();
    // the employee alone, no code
    expect(screen.queryByRole('button', { name: /Add Participant/ })).toBeNull();
    expect(screen.queryByLabelText(/Discount Code/i)).toBeNull();
    await user.click(screen.getByText('Let my employer see that I booked (not what I booked)'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/booking/confirmation/HS2612-1111-2222?booked=1'),
    );
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      eventId: 1,
      packageId: 2,
      email: 'mei@acme-logistics.sg',
      programmePass: 'pass-token-1',
      shareNameWithEmployer: true,
      participants: [],
      discountCodeId: null,
    });
  });

  it('says a refused address, a wrong code and an expired code as alerts', async () => {
    let verifies = 0;
    api({
      'POST /api/programmes/acme-2026/codes': ((_url, init) =>
        JSON.parse(String(init?.body)).email.endsWith('@gmail.com')
          ? Response.json(
              { success: false, message: 'This programme is not open to your email address.' },
              { status: 403 },
            )
          : Response.json({ success: true, data: { message: 'sent' } }, { status: 202 })) as Handler,
      'POST /api/programmes/acme-2026/verify': () =>
        verifies++ === 0
          ? Response.json(
              { success: false, message: 'The code is not correct. 2 attempts left.' },
              { status: 400 },
            )
          : Response.json(
              { success: false, message: 'This code has expired. Please ask for a new one.' },
              { status: 410 },
            ),
    });
    const user = userEvent.setup();
    renderApp('/c/acme-2026');
    await user.type(await screen.findByLabelText(/Work email/), 'mei@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This programme is not open to your email address.',
    );
    await user.clear(screen.getByLabelText(/Work email/));
    await user.type(screen.getByLabelText(/Work email/), 'mei@acme-logistics.sg');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: "We've sent a code" });
    // not six digits: said under the field, nothing sent
    await user.type(screen.getByLabelText(/6-digit code/), '12a3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(verifies).toBe(0);
    await user.type(screen.getByLabelText(/6-digit code/), '4567');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not correct. 2 attempts left.');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This code has expired. Please ask for a new one.'),
    );
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('sends a booking refused for a used entitlement back as an alert, and an expired pass to the email step', async () => {
    let bookings = 0;
    api({
      'POST /api/registrations': () =>
        bookings++ === 0
          ? Response.json(
              { success: false, message: 'You have used all your bookings under this programme.' },
              { status: 409 },
            )
          : Response.json(
              {
                success: false,
                message: 'Your programme session has expired. Please verify your email again.',
              },
              { status: 410 },
            ),
    });
    const user = userEvent.setup();
    renderApp('/c/acme-2026');
    await verify(user);
    await fillAndReview(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('You have used all your bookings under this programme.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(
      await screen.findByText('Your programme session has expired. Please verify your email again.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Work email/)).toBeTruthy();
  });

  it('speaks the chosen language (Chinese)', async () => {
    api();
    await act(() => setLanguage('zh', false));
    try {
      renderApp('/c/acme-2026');
      expect(await screen.findByRole('heading', { name: zh.corporate.emailHeading })).toBeTruthy();
      expect(screen.getByText('公司支付 S$200.00')).toBeTruthy();
      expect(screen.getByText(zh.corporate.covered)).toBeTruthy();
      expect(screen.getByLabelText(new RegExp(zh.corporate.workEmail))).toBeTruthy();
      expect(screen.queryByText(en.corporate.covered)).toBeNull();
      expect(screen.queryByText(en.corporate.emailIntro)).toBeNull();
    } finally {
      await act(() => setLanguage('en', false));
    }
  });
});
