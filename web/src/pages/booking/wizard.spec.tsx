import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { BOOKING_TOTAL_KEY } from '../../public/booking-total';
import { PARTNER_DATA_KEY, PARTNER_FLAG_KEY, PARTNER_TIME_KEY } from '../../public/partner-storage';
import { bodyOf, EVENT, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { preloadLaterSteps } from './later-steps';

// the steps after the first are a chunk of their own, fetched while the first is shown
beforeAll(async () => {
  // and the page's own lazy chunk: its first transform under a loaded CI took the first test past its waits
  await Promise.all([preloadLaterSteps(), import('./booking-page')]);
}, 60_000);

afterEach(() => {
  toaster.remove();
});

const QUOTE = {
  success: true,
  data: {
    participants: [
      {
        name: 'Mei Tan',
        packageName: 'Basic Health Screening',
        basePrice: '128.00',
        appliedPrice: '98.00',
        memberPrice: true,
        lineTotal: '93.10',
      },
      {
        name: 'Wei Tan',
        packageName: 'Basic Health Screening',
        basePrice: '128.00',
        appliedPrice: '128.00',
        memberPrice: false,
        lineTotal: '121.60',
      },
    ],
    participantCount: 2,
    volumeDiscountPercent: 5,
    baseTotal: '256.00',
    memberDiscount: '30.00',
    volumeDiscount: '11.30',
    subtotal: '214.70',
    discountAmount: '21.47',
    discountLabel: 'SAVE10',
    gst: '17.39',
    total: '210.62',
    partnerPaid: '0.00',
    balanceDue: '210.62',
  },
};

/** The booking as the lookup reads it once the read model has it. */
const BOOKED_LOOKUP = {
  id: 8,
  referenceNumber: 'HS2612-1111-2222',
  reference_number: 'HS2612-1111-2222',
  status: 'confirmed',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  eventName: 'WhiteCoat Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: null,
  totalAmount: '0.00',
  balanceDue: '0.00',
  participants: [],
  // sent already: the page does not poll, so the lookups counted are the retry's alone
  confirmationEmailSent: true,
  checkInToken: 'chk-token-1',
};

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    'POST /api/verify-aia-healthshield': {
      success: true,
      status: 'success',
      isAiaMember: true,
      message: 'ok',
      benefitProfileData: { succeeded: true, data: [{ isValid: true }] },
      verificationToken: 'vt-1',
    },
    'POST /api/registrations/quote': QUOTE,
    ...overrides,
  });
}

/** Step 2 filled in; `member` ticks the AIA member check (issue 46: without it nobody is checked). */
async function fillPersonal(user: ReturnType<typeof userEvent.setup>, { member = false } = {}) {
  await user.type(screen.getByLabelText(/First Name/), 'Mei');
  await user.type(screen.getByLabelText(/Last Name/), 'Tan');
  await user.type(screen.getByLabelText(/^Email/), 'mei@example.com');
  await user.type(screen.getByLabelText(/Mobile Number/), '91234567');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText(/Identification Number/), 's1234567d');
  await user.type(screen.getByLabelText(/Date of Birth/), '15/06/1985');
  await user.type(screen.getByLabelText(/Postal Code/), '180001');
  await user.type(screen.getByLabelText(/^Address/), '1 Example Road');
  await user.click(screen.getByText(/I have read the privacy notice and consent/));
  if (member) await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
}

async function toStep2(user: ReturnType<typeof userEvent.setup>) {
  const { location } = renderApp('/events/whitecoat-health-screening');
  await user.click(await screen.findByRole('radio', { name: /Basic Health Screening/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Personal Information' });
  await screen.findByLabelText(/First Name/); // the later steps' chunk is there
  return location;
}

// user-event typing through four steps is slow on a loaded machine
describe('booking wizard', { timeout: 20_000 }, () => {
  it('shows the info panels and requires a package on step 1', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/events/whitecoat-health-screening');
    expect(await screen.findByRole('heading', { level: 1, name: 'WhiteCoat Health Screening' })).toBeTruthy();
    expect(screen.getByText('Location not specified')).toBeTruthy();
    expect(screen.getByText('Multiple dates available')).toBeTruthy();
    expect(screen.getByText('2 packages available')).toBeTruthy();
    // issue 46: every prefix the region serves, as the lookups use them
    expect(screen.getByText('11-13, 58-71')).toBeTruthy();
    // issue 46: package prices to the public include GST (128.00 -> 139.52, 268.00 -> 292.12)
    expect(screen.getByText('S$139.52')).toBeTruthy();
    expect(screen.getByText('S$292.12')).toBeTruthy();
    expect(screen.getByText(/AIA.*S\$106\.82/)).toBeTruthy();
    expect(screen.getAllByText('incl. 9% GST')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Please select a package')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Select Package' })).toBeTruthy();
  });

  it('shows every step 2 message on submit and focuses the first invalid field', async () => {
    api();
    const user = userEvent.setup();
    await toStep2(user);
    await user.type(screen.getByLabelText(/First Name/), 'A');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Date of Birth/), '31/13/1990');
    await user.type(screen.getByLabelText(/Postal Code/), '12345');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    for (const message of [
      'First name is required',
      'Last name cannot be empty',
      'Invalid email address',
      'Mobile number is required',
      'Please select a gender',
      'Identification number is required',
      'Please enter a valid date in DD/MM/YYYY format',
      'Postal code must be 6 digits',
      'Address is required',
      'Please agree to the privacy notice to book',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/First Name/)));
    // what the user typed is kept
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('not-an-email');
  });

  it('validates a field on blur', async () => {
    api();
    const user = userEvent.setup();
    await toStep2(user);
    await user.click(screen.getByLabelText(/Date of Birth/));
    await user.tab();
    expect(await screen.findByText('Date of birth is required')).toBeTruthy();
  });

  it('verifies membership, picks a date then a time, and resets the time on a new date', async () => {
    api();
    const user = userEvent.setup();
    await toStep2(user);
    await fillPersonal(user, { member: true });
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('AIA Health Shield Benefits Applied')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Selection Required')).toBeTruthy();
    expect(screen.getByText('Please select a timeslot')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    expect(screen.getByRole('radio', { name: /9:00 AM.*17 slots left/ })).toBeTruthy();
    const full = screen.getByRole('radio', { name: /11:00 AM/ }) as HTMLInputElement;
    expect(full.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    expect((screen.getByRole('radio', { name: /9:00 AM/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: /Friday, 4 December 2026/ }));
    const only = screen.getByRole('radio', { name: /9:00 AM.*1 slot left/ }) as HTMLInputElement;
    expect(only.checked).toBe(false);
  });

  it("shows 'Verification Error' and standard pricing when verification fails", async () => {
    api({
      'POST /api/verify-aia-healthshield': () =>
        Response.json({ success: false, message: 'down' }, { status: 503 }),
    });
    const user = userEvent.setup();
    await toStep2(user);
    await fillPersonal(user, { member: true });
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Verification Error')).toBeTruthy();
    expect(
      screen.getByText('Unable to verify AIA Health Shield status. Standard pricing will apply.'),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });
  });

  async function toReview(user: ReturnType<typeof userEvent.setup>, options: { member?: boolean } = {}) {
    const location = await toStep2(user);
    await fillPersonal(user, options);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });
    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Review Booking' });
    return location;
  }

  it("shows the server quote's full breakdown on the review step", async () => {
    api();
    const user = userEvent.setup();
    await toReview(user);
    const breakdown = await screen.findByTestId('price-breakdown');
    await waitFor(() => expect(within(breakdown).getByText('S$210.62')).toBeTruthy());
    // issue 46: every line GST-inclusive and adding up to the total to the cent:
    // 106.82 (member price 98.00, was 139.52) + 139.52 - 12.32 (group) - 23.40 (code) = 210.62.
    for (const text of [
      'Group discount (5%)',
      'Discount (SAVE10)',
      'Total',
      'GST (9%) included in the total',
    ]) {
      expect(within(breakdown).getByText(text)).toBeTruthy();
    }
    expect(within(breakdown).getByText('S$106.82')).toBeTruthy();
    expect(within(breakdown).getAllByText('S$139.52')).toHaveLength(2);
    expect(within(breakdown).getByText('-S$12.32')).toBeTruthy();
    expect(within(breakdown).getByText('-S$23.40')).toBeTruthy();
    expect(within(breakdown).getByText('S$17.39')).toBeTruthy();
    expect(within(breakdown).queryByText('Subtotal')).toBeNull();
  });

  it('asks for a discount code, and shows the server message for an invalid one', async () => {
    api({
      'POST /api/discounts/validate': () =>
        Response.json({ success: false, message: 'Code has expired' }, { status: 400 }),
    });
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Missing Discount Code')).toBeTruthy();
    expect(screen.getByText('Please enter a discount code')).toBeTruthy();
    await user.type(screen.getByLabelText('Discount code'), 'old10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid Discount Code')).toBeTruthy();
    expect(screen.getByText('Code has expired')).toBeTruthy();
  });

  it('adds a participant through the dialog with its messages', async () => {
    api();
    const user = userEvent.setup();
    await toReview(user);
    expect(screen.getByText('Participants (1 / 10)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Participant' }));
    const dialog = await screen.findByRole('dialog');
    // issue 46: the package choice names its price with GST in it
    expect(
      within(dialog).getByRole('option', { name: 'Basic Health Screening (S$139.52, incl. 9% GST)' }),
    ).toBeTruthy();
    // Leaving an untouched field says nothing (its error would push the button away from the pointer).
    await user.click(within(dialog).getByLabelText(/First Name/));
    await user.tab();
    expect(within(dialog).queryByText('First name should be at least 2 characters')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Participant' }));
    expect(await within(dialog).findByText('First name should be at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('Last name should be at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('Identification number should be at least 6 characters')).toBeTruthy();
    expect(within(dialog).getByText('Please select a gender')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/First Name/), 'Wei');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Tan');
    await user.click(within(dialog).getByRole('radio', { name: 'Male' }));
    await user.type(within(dialog).getByLabelText(/Identification Number/), 'S7654321A');
    await user.type(within(dialog).getByLabelText(/Date of Birth/), '2010-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Add Participant' }));
    expect(await screen.findByText('Participant Added')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Participants (2 / 10)')).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove Wei Tan' }));
    await waitFor(() => expect(screen.getByText('Participants (1 / 10)')).toBeTruthy());
  });

  it('books and goes to payment when a balance is due', async () => {
    const fetchMock = api({
      'POST /api/registrations': () =>
        Response.json(
          {
            success: true,
            data: {
              reference_number: 'HS2612-0001-0002',
              referenceNumber: 'HS2612-0001-0002',
              id: 7,
              status: 'pending_payment',
              totalAmount: '210.62',
              balanceDue: '210.62',
            },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    const location = await toReview(user, { member: true });
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/booking/confirmation/HS2612-0001-0002?showPayment=true'),
    );
    const body = bodyOf(fetchMock, 'POST', '/api/registrations') as Record<string, unknown>;
    expect(body).toMatchObject({
      eventId: 1,
      packageId: 1,
      timeslotId: 11,
      firstName: 'Mei',
      gender: 'female',
      identificationNumber: 'S1234567D',
      dateOfBirth: '1985-06-15',
      isAiaMember: true,
      aiaMemberId: 'S1234567D',
      verificationToken: 'vt-1',
      privacyConsent: true,
      participants: [],
    });
  });

  it('says why the NRIC is asked, links to the privacy notice, and will not go on without consent (issue 24)', async () => {
    api();
    const user = userEvent.setup();
    await toStep2(user);
    expect(screen.getByText(/We ask for your NRIC or FIN to verify your identity/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Read our privacy notice' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/privacy');
    expect(link.target).toBe('_blank');
    await fillPersonal(user);
    // untick: every other field is valid, only the consent holds the step
    await user.click(screen.getByText(/I have read the privacy notice and consent/));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Please agree to the privacy notice to book')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    await user.click(screen.getByText(/I have read the privacy notice and consent/));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Select Appointment Slot' })).toBeTruthy();
  });

  it('keeps the booking total in session storage: the quote on review, the booked total after', async () => {
    sessionStorage.removeItem(BOOKING_TOTAL_KEY);
    api({
      'POST /api/registrations': () =>
        Response.json(
          {
            success: true,
            data: {
              reference_number: 'HS2612-0001-0002',
              id: 7,
              status: 'pending_payment',
              totalAmount: '215.00',
              balanceDue: '215.00',
            },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    await toReview(user);
    await waitFor(() => expect(sessionStorage.getItem(BOOKING_TOTAL_KEY)).toBe('210.62'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(sessionStorage.getItem(BOOKING_TOTAL_KEY)).toBe('215.00'));
    sessionStorage.removeItem(BOOKING_TOTAL_KEY);
  });

  it("goes to the one confirmation page as 'Booking Successful!' when nothing is due, waiting out the lookup's 404", async () => {
    let lookups = 0;
    api({
      'POST /api/registrations': () =>
        Response.json(
          {
            success: true,
            data: {
              reference_number: 'HS2612-1111-2222',
              id: 8,
              status: 'confirmed',
              totalAmount: '0.00',
              balanceDue: '0.00',
            },
          },
          { status: 201 },
        ),
      // the read model has not caught up on the first read: a 404 that must not be final
      'GET /api/registrations/lookup/HS2612-1111-2222': () =>
        lookups++ === 0
          ? Response.json({ success: false, message: 'Registration not found.' }, { status: 404 })
          : Response.json({ success: true, data: BOOKED_LOOKUP }),
    });
    const user = userEvent.setup();
    const location = await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(location.history.at(-1)).toBe('/booking/confirmation/HS2612-1111-2222?booked=1'),
    );
    expect(
      await screen.findByRole('heading', { name: 'Booking Successful!' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(lookups).toBe(2);
    expect(screen.getByText('Your health screening appointment has been confirmed.')).toBeTruthy();
    expect(screen.getByTestId('reference-number').textContent).toBe('HS2612-1111-2222');
    expect(screen.getByTestId('check-in-qr')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Next steps' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Print Confirmation/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add to Calendar/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Google Calendar/ }).getAttribute('href')).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Manage booking' }).getAttribute('href'),
    ).toBe('/manage-appointment?reference=HS2612-1111-2222');
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Return to Home' }).getAttribute('href'),
    ).toBe('/');
  });

  it("toasts 'Booking Failed' with the server message", async () => {
    api({
      'POST /api/registrations': () =>
        Response.json({ success: false, message: 'This timeslot is full' }, { status: 409 }),
    });
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('This timeslot is full')).toBeTruthy();
  });

  it('on a 409 for a slot that filled, shows its day as the refusal gives it and offers the next free slot', async () => {
    // issue 50: the slot list may be a few seconds old; the refusal carries the day as it is now
    const fresh = [
      {
        id: 11,
        date: '2026-12-01',
        time: '09:00',
        region: 'central',
        maxAttendees: 20,
        currentAttendees: 20,
        isAvailable: true,
      },
      {
        id: 12,
        date: '2026-12-01',
        time: '11:00',
        region: 'central',
        maxAttendees: 20,
        currentAttendees: 19,
        isAvailable: true,
      },
    ];
    const fetchMock = api({
      'POST /api/registrations': () =>
        Response.json(
          { success: false, message: 'This timeslot is fully booked', timeslots: fresh },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('This timeslot is fully booked')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Select Appointment Slot' });
    const nine = screen.getByRole('radio', { name: /9:00 AM/ }) as HTMLInputElement;
    const eleven = screen.getByRole('radio', { name: /11:00 AM/ }) as HTMLInputElement;
    expect(nine.disabled).toBe(true);
    expect(eleven.checked).toBe(true);
    // on from there: the review, and the booking with the offered slot
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Review Booking' });
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    const bookings = () =>
      fetchMock.mock.calls
        .filter(([u, init]) => String(u).endsWith('/api/registrations') && init?.method === 'POST')
        .map(([, init]) => JSON.parse(String(init?.body)) as { timeslotId: number });
    await waitFor(() => expect(bookings().map((b) => b.timeslotId)).toEqual([11, 12]));
  });

  it("toasts 'Booking Error' and stays put when the answer has no reference number", async () => {
    api({
      'POST /api/registrations': () => Response.json({ success: true, data: { id: 9 } }, { status: 201 }),
    });
    const user = userEvent.setup();
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking Error')).toBeTruthy();
    expect(
      screen.getByText(
        'Your booking was created but there was a problem retrieving the reference number. Please contact support.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Booking Successful!' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Review Booking' })).toBeTruthy();
  });

  it('prefills from a fresh partner hand-off and ignores a stale one', async () => {
    api();
    sessionStorage.setItem(PARTNER_FLAG_KEY, 'true');
    sessionStorage.setItem(PARTNER_TIME_KEY, String(Date.now()));
    localStorage.setItem(
      PARTNER_DATA_KEY,
      JSON.stringify({
        bookingCode: '123456789012',
        firstName: 'Ling',
        lastName: 'Lim',
        email: 'l@example.com',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1990-02-03',
        postalCode: '180001',
        unitNumber: '',
        address: 'Road',
        mobileNumber: '91234567',
        isPaidInWhiteCoat: true,
        whiteCoatPaidAmount: '139.52',
        isFromWhiteCoat: true,
      }),
    );
    const user = userEvent.setup();
    await toStep2(user);
    expect(screen.getByText('Booking details loaded')).toBeTruthy();
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Ling');
    expect((screen.getByLabelText(/Date of Birth/) as HTMLInputElement).value).toBe('03/02/1990');
  });

  it('clears a stale partner hand-off', async () => {
    api();
    sessionStorage.setItem(PARTNER_FLAG_KEY, 'true');
    sessionStorage.setItem(PARTNER_TIME_KEY, String(Date.now() - 600_001));
    localStorage.setItem(PARTNER_DATA_KEY, JSON.stringify({ firstName: 'Old' }));
    renderApp('/events/whitecoat-health-screening');
    await screen.findByRole('heading', { name: 'Select Package' });
    await act(async () => {});
    expect(localStorage.getItem(PARTNER_DATA_KEY)).toBeNull();
    expect(sessionStorage.getItem(PARTNER_FLAG_KEY)).toBeNull();
  });

  it('shows Event Not Found and the load error', async () => {
    mockApi({});
    renderApp('/events/nope');
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeTruthy();
    expect(screen.getByText("The event you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toBeTruthy();
  });

  it('shows Event Not Found when the answer carries no event', async () => {
    mockApi({ 'GET /api/events/empty': { success: true, data: null } });
    renderApp('/events/empty');
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toBeTruthy();
  });

  it('shows the generic error card on a server error', async () => {
    mockApi({ 'GET /api/events/boom': () => new Response('oops', { status: 500 }) });
    renderApp('/events/boom');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText("We couldn't load the event details. Please try again later.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });
});
