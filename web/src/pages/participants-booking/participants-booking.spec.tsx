import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { PARTICIPANTS_KEY } from '../../public/legacy-storage';
import { bodyOf, EVENT, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';

afterEach(() => {
  toaster.remove();
  localStorage.clear();
});

const person = (over: object) => ({
  id: crypto.randomUUID(),
  firstName: 'Mei',
  lastName: 'Tan',
  gender: 'Female',
  email: 'mei@example.com',
  mobileNumber: '91234567',
  identificationNumber: 'S1234567D',
  dateOfBirth: '1990-01-01',
  isAiaMember: false,
  aiaMemberId: null,
  isPrimary: false,
  packageId: 1,
  ...over,
});

const QUOTE = {
  success: true,
  data: {
    participants: [
      {
        name: 'Mei Tan',
        packageName: 'Comprehensive Health Screening',
        basePrice: '268.00',
        appliedPrice: '268.00',
        memberPrice: false,
        lineTotal: '254.60',
      },
      {
        name: 'Kai Lim',
        packageName: 'Comprehensive Health Screening',
        basePrice: '268.00',
        appliedPrice: '268.00',
        memberPrice: false,
        lineTotal: '254.60',
      },
    ],
    participantCount: 2,
    volumeDiscountPercent: 5,
    baseTotal: '536.00',
    memberDiscount: '0.00',
    volumeDiscount: '26.80',
    subtotal: '509.20',
    discountAmount: '0.00',
    discountLabel: null,
    gst: '45.83',
    total: '555.03',
    partnerPaid: '0.00',
    balanceDue: '555.03',
  },
};

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/events': { success: true, data: [EVENT] },
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    'POST /api/registrations/quote': QUOTE,
    ...overrides,
  });
}

describe("the participants page's targets", () => {
  it("'Back to Packages' opens a package choice that leads back to the participants page", async () => {
    localStorage.setItem(PARTICIPANTS_KEY, JSON.stringify([person({ isPrimary: true })]));
    api();
    const user = userEvent.setup();
    const { location } = renderApp('/booking/whitecoat-health-screening/participants?eventId=1&packageId=1');
    await user.click(await screen.findByRole('button', { name: 'Back to Packages' }));
    expect(location.history?.at(-1)).toBe('/booking/packages?eventId=1');
    expect(await screen.findByRole('heading', { name: 'Choose a Package' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    // prices with GST in them, marked so (issue 46): S$128.00 / AIA S$98.00 / S$268.00 before GST
    expect(screen.getByText('S$139.52')).toBeTruthy();
    expect(screen.getByText('AIA S$106.82')).toBeTruthy();
    expect(screen.getByText('S$292.12')).toBeTruthy();
    expect(screen.getAllByText('incl. 9% GST')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Continue to Participants/ }));
    expect(await screen.findByText('Please select a package')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Comprehensive Health Screening/ }));
    await user.click(screen.getByRole('button', { name: /Continue to Participants/ }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(
        '/booking/whitecoat-health-screening/participants?eventId=1&packageId=2',
      ),
    );
    expect(await screen.findByText('Comprehensive Health Screening')).toBeTruthy();
  });

  it("says 'Event Not Found' for an event id the list does not have", async () => {
    api();
    renderApp('/booking/packages?eventId=99');
    expect(await screen.findByText('Event Not Found')).toBeTruthy();
  });

  it("'Continue' opens a registration form that books the stored participants, priced by the server", async () => {
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([
        person({ isPrimary: true, packageId: 2 }),
        person({
          firstName: 'Kai',
          lastName: 'Lim',
          gender: 'Male',
          email: null,
          identificationNumber: 'T0123456G',
          packageId: 2,
        }),
      ]),
    );
    const fetchMock = api({
      'POST /api/registrations': {
        success: true,
        data: {
          reference_number: 'HS2612-0101-0001',
          id: 9,
          status: 'pending_payment',
          balanceDue: '555.03',
        },
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp('/booking/whitecoat-health-screening/participants?eventId=1&packageId=2');
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    expect(location.history?.at(-1)).toBe('/booking/registration?eventId=1&packageId=2');
    expect(await screen.findByRole('heading', { name: 'Registration' })).toBeTruthy();
    // the package's price with GST in it (issue 46): S$268.00 before GST
    expect(
      screen.getByText(
        'WhiteCoat Health Screening · Comprehensive Health Screening (S$292.12, incl. 9% GST)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Primary contact')).toBeTruthy();
    expect(screen.getByText('Kai Lim')).toBeTruthy();

    // Address first: without it, the spec's messages
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Postal code must be 6 digits')).toBeTruthy();
    expect(screen.getByText('Address is required')).toBeTruthy();
    // the privacy notice: why the NRIC is asked, the link, and the consent it needs (issue 24)
    expect(screen.getByText('Please agree to the privacy notice to book')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read our privacy notice' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await user.type(screen.getByLabelText(/Postal Code/), '180001');
    await user.type(screen.getByLabelText(/^Address/), '1 Example Road');
    await user.click(screen.getByText(/I have read the privacy notice and consent/));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Please select a timeslot')).toBeTruthy();

    await user.click(await screen.findByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    expect(await screen.findByText('S$555.03')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/booking/confirmation/HS2612-0101-0001?showPayment=true'),
    );
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      eventId: 1,
      packageId: 2,
      timeslotId: 11,
      firstName: 'Mei',
      lastName: 'Tan',
      email: 'mei@example.com',
      gender: 'female',
      identificationNumber: 'S1234567D',
      dateOfBirth: '1990-01-01',
      postalCode: '180001',
      address: '1 Example Road',
      privacyConsent: true,
      total: '555.03',
      participants: [
        {
          firstName: 'Kai',
          lastName: 'Lim',
          gender: 'Male',
          identificationNumber: 'T0123456G',
          packageId: 2,
          isAiaMember: false,
        },
      ],
    });
    // booked: the stored list is used up
    expect(JSON.parse(localStorage.getItem(PARTICIPANTS_KEY) ?? 'null')).toEqual([]);
  });

  it('a Myinfo retrieval the server no longer honours is dropped from the stored people (issue 49)', async () => {
    const handle = 'h'.repeat(43);
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([person({ isPrimary: true, packageId: 2, myinfoHandle: handle })]),
    );
    const expired = 'This Myinfo retrieval has expired. Please retrieve it again or enter your details.';
    api({
      'POST /api/registrations/quote': () =>
        Response.json({ success: false, message: expired }, { status: 409 }),
    });
    renderApp('/booking/registration?eventId=1&packageId=2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Postal Code/), '180001');
    await user.type(screen.getByLabelText(/^Address/), '1 Example Road');
    await user.click(await screen.findByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(PARTICIPANTS_KEY) ?? '[]') as {
        myinfoHandle?: string;
      }[];
      expect(stored).toHaveLength(1);
      expect(stored[0]!.myinfoHandle).toBeUndefined();
    });
  });

  it('points to the participants page for what the booking would refuse, and when there is no one to book', async () => {
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([
        person({ isPrimary: true }),
        person({ firstName: 'Kai', lastName: 'Lim', identificationNumber: 'T012' }),
      ]),
    );
    api();
    const first = renderApp('/booking/registration?eventId=1&packageId=1');
    expect(
      await screen.findByText('Kai Lim: Identification number should be at least 6 characters'),
    ).toBeTruthy();
    first.unmount();
    localStorage.clear();
    renderApp('/booking/registration?eventId=1&packageId=1');
    expect(await screen.findByText('No Participants Yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Participants' }).getAttribute('href')).toBe(
      '/booking/whitecoat-health-screening/participants?eventId=1&packageId=1',
    );
  });

  it("leaves with 'Missing information' for a package the event does not have", async () => {
    api();
    const { location } = renderApp('/booking/registration?eventId=1&packageId=7');
    expect(await screen.findByText('Missing information')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });
});
