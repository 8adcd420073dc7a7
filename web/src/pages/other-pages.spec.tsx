import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../components/ui/toaster';
import { PARTNER_DATA_KEY, PARTNER_FLAG_KEY, PARTNER_TIME_KEY } from '../public/partner-storage';
import { bodyOf, mockApi, renderApp } from '../public/test-utils';
import { ADMIN_USER } from '../admin/test/helpers';

afterEach(() => {
  toaster.remove();
});

const REG = {
  id: 7,
  referenceNumber: 'HS2612-0001-0002',
  reference_number: 'HS2612-0001-0002',
  status: 'confirmed',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotDate: '2026-12-01',
  timeslotTime: '9:00 AM',
  location: 'Toa Payoh',
  total: '139.52',
  totalAmount: '139.52',
  whiteCoatPaidAmount: '0.00',
  transactionId: null,
  balanceDue: '0.00',
  confirmationEmailSent: true,
};

describe('home', () => {
  it('lists events with location fallback, availability and View Details', async () => {
    mockApi({
      'GET /api/events': {
        success: true,
        data: [
          {
            id: 1,
            name: 'Community',
            slug: 'community',
            location: 'Toa Payoh',
            description: null,
            timeslots: [],
            availabilityLabel: 'Limited Slots',
          },
          { id: 2, name: 'Corporate', slug: 'corporate', location: null, description: null, timeslots: [] },
        ],
      },
    });
    renderApp('/');
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Community')).toBeTruthy();
    expect(screen.getByText('Toa Payoh')).toBeTruthy();
    expect(screen.getByText('Location not specified')).toBeTruthy();
    expect(screen.getByText('Limited Slots')).toBeTruthy();
    expect(screen.getByText('Fully Booked')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'View Details' });
    expect(links[0]?.getAttribute('href')).toBe('/events/community');
  });

  it('shows the empty text and the error texts', async () => {
    mockApi({ 'GET /api/events': { success: true, data: [] } });
    renderApp('/');
    expect(
      await screen.findByText('No events found. Please try a different search or check back later.'),
    ).toBeTruthy();
  });

  it('shows the load error', async () => {
    mockApi({ 'GET /api/events': () => new Response('x', { status: 500 }) });
    renderApp('/');
    expect(await screen.findByText('Error loading events')).toBeTruthy();
    expect(screen.getByText('Please try again later or contact support.')).toBeTruthy();
  });
});

describe('cancel appointment', () => {
  it('requires a reference, looks it up, and cancels only once the box is ticked', async () => {
    const fetchMock = mockApi({
      'GET /api/registrations/lookup/HS2612-0001-0002': { success: true, data: REG },
      'POST /api/registrations/7/cancel': { success: true, message: 'ok', data: { status: 'cancelled' } },
    });
    const user = userEvent.setup();
    renderApp('/cancel-appointment');
    expect(await screen.findByRole('heading', { name: 'Find Your Appointment' })).toBeTruthy();
    expect(screen.getByText('Example format: HS2505-0607-1234')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    expect(await screen.findByText('Reference number is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Reference Number/), 'hs2612-0001-0002');
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    expect(await screen.findByRole('heading', { name: 'Appointment Details' })).toBeTruthy();
    expect(screen.getByText('Basic Health Screening (S$139.52, incl. 9% GST)')).toBeTruthy();
    expect(screen.getByText('01/12/2026')).toBeTruthy();
    const cancel = screen.getByRole('button', { name: 'Cancel Appointment' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    await user.click(screen.getByText('I understand that cancelling this appointment cannot be undone.'));
    await waitFor(() => expect(cancel.disabled).toBe(false));
    await user.click(cancel);
    expect(await screen.findByRole('heading', { name: 'Appointment Cancelled' })).toBeTruthy();
    expect(await screen.findByText('Your appointment has been successfully cancelled.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/registrations/7/cancel')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel Another Appointment' }));
    expect((screen.getByLabelText(/Reference Number/) as HTMLInputElement).value).toBe('');
  });

  it('shows not found and already cancelled', async () => {
    mockApi({
      'GET /api/registrations/lookup/HS2612-0001-0003': {
        success: true,
        data: { ...REG, status: 'cancelled' },
      },
    });
    const user = userEvent.setup();
    renderApp('/cancel-appointment');
    await user.type(await screen.findByLabelText(/Reference Number/), 'HS2612-9999-9999');
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    expect(
      (
        await screen.findAllByText(
          'Registration not found. Please check your reference number and try again.',
        )
      ).length,
    ).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText(/Reference Number/));
    await user.type(screen.getByLabelText(/Reference Number/), 'HS2612-0001-0003');
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    expect(await screen.findByText('Appointment Already Cancelled')).toBeTruthy();
    expect(screen.getByText('This appointment has already been cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Appointment' })).toBeNull();
    expect(screen.getByRole('button', { name: /Back/ })).toBeTruthy();
  });
});

describe('booking confirmation', () => {
  it("shows 'Payment Pending' with every field and opens the test-mode payment panel", async () => {
    const fetchMock = mockApi({
      'GET /api/registrations/lookup/HS2612-0001-0002': {
        success: true,
        data: { ...REG, status: 'pending_payment', balanceDue: '139.52', confirmationEmailSent: false },
      },
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
      'POST /api/payments/process': { success: true, transactionId: 'txn-1', message: 'ok' },
      'POST /api/registrations/7/payment': { success: true, data: { id: 7, status: 'paid' } },
    });
    const user = userEvent.setup();
    renderApp('/booking/confirmation/HS2612-0001-0002?showPayment=true');
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy();
    for (const t of [
      'Reference Number',
      'Name',
      'Email',
      'Package',
      'Date and Time',
      'Location',
      'Status',
      'Total Amount',
      'Balance Due',
    ]) {
      expect(screen.getByText(t)).toBeTruthy();
    }
    expect(screen.getAllByText('S$139.52').length).toBeGreaterThan(0);
    expect(await screen.findByTestId('payment-panel')).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Pay S$139.52' }, { timeout: 3000 });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
    await user.click(pay);
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/payments/process')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST', '/api/payments/process')).toMatchObject({
      registrationId: 7,
      nonce: 'fake-valid-nonce',
      amount: 139.52,
    });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
  });

  it("shows 'Booking Confirmed' and the error card", async () => {
    mockApi({ 'GET /api/registrations/lookup/HS2612-0001-0002': { success: true, data: REG } });
    renderApp('/booking/confirmation/HS2612-0001-0002');
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('A confirmation email has been sent to mei@example.com.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay Now/ })).toBeNull();
  });

  it('shows the error card when the lookup fails', async () => {
    mockApi({});
    renderApp('/booking/confirmation/HS0000-0000-0000');
    expect(
      await screen.findByText('Unable to retrieve booking details. Please contact support for assistance.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });
});

describe('partner link and route rules', () => {
  it('shows the code format error with Go Back and Book Appointment', async () => {
    mockApi({});
    renderApp('/wc/123');
    expect(await screen.findByRole('heading', { name: 'Error Processing Booking' })).toBeTruthy();
    expect(screen.getByText('Invalid booking code format. The code should be 12-16 digits.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Appointment' }).getAttribute('href')).toBe(
      '/events/whitecoat-health-screening',
    );
  });

  it("a partner link without a code says 'Invalid URL' rather than page not found", async () => {
    mockApi({});
    renderApp('/wc/');
    expect(await screen.findByRole('heading', { name: 'Error Processing Booking' })).toBeTruthy();
    expect(screen.getByText('Invalid URL. Please check the link and try again.')).toBeTruthy();
  });

  it('stores the hand-off and redirects to the partner event', async () => {
    mockApi({
      'GET /api/wc/123456789012': {
        success: true,
        message: 'ok',
        data: {
          name: 'Tan Mei Ling',
          email: 'm@example.com',
          nric: 's1234567d',
          dateOfBirth: '1990-01-02',
          contact: '91234567',
          address: { postalCode: '180001', unitNumber: '#01-01', street: '1 Road' },
          packageInfo: { amount: '139.52', isPaid: true },
        },
      },
      'POST /api/wc/create-registration': { success: true, data: { id: 42 } },
      'GET /api/events/whitecoat-health-screening': () => new Response('x', { status: 500 }),
    });
    const { location } = renderApp('/wc/123456789012');
    await waitFor(() => expect(location.history.at(-1)).toBe('/events/whitecoat-health-screening'));
    const stored = JSON.parse(localStorage.getItem(PARTNER_DATA_KEY) ?? '{}');
    expect(stored).toMatchObject({
      bookingCode: '123456789012',
      firstName: 'Tan',
      lastName: 'Mei Ling',
      identificationNumber: 'S1234567D',
      whiteCoatPaidAmount: '139.52',
      registrationId: 42,
    });
    expect(sessionStorage.getItem(PARTNER_FLAG_KEY)).toBe('true');
  });

  it('clears the partner flag when the visitor leaves the partner paths', async () => {
    mockApi({ 'GET /api/events': { success: true, data: [] } });
    sessionStorage.setItem(PARTNER_FLAG_KEY, 'true');
    sessionStorage.setItem(PARTNER_TIME_KEY, String(Date.now()));
    localStorage.setItem(PARTNER_DATA_KEY, '{}');
    renderApp('/');
    await waitFor(() => expect(sessionStorage.getItem(PARTNER_FLAG_KEY)).toBeNull());
    expect(sessionStorage.getItem(PARTNER_TIME_KEY)).toBeNull();
    expect(localStorage.getItem(PARTNER_DATA_KEY)).toBeNull();
  });

  it('sends a visitor holding a stored admin token to /admin/dashboard', async () => {
    localStorage.setItem('auth_token', 'tok');
    mockApi({ 'GET /api/admin/user': { success: true, data: ADMIN_USER } });
    const { location } = renderApp('/cancel-appointment');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
  });
});

describe('test auto-timeslots page', () => {
  it("keeps a failed postal search's error on its own tab", async () => {
    mockApi({
      'GET /api/events': { success: true, data: [] },
      'GET /api/auto-timeslots/postal-code': () =>
        Response.json({ success: false, message: 'Please select an event' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderApp('/test/auto-timeslots');
    await user.type(await screen.findByLabelText('Postal Code'), '530123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please select an event');
    await user.click(screen.getByRole('tab', { name: 'Date Search' }));
    await screen.findByLabelText('Date');
    // The tab switch finishes after the Date field appears; on a loaded machine the postal panel's
    // alert can still be in the accessibility tree for a moment.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Postal Code Search' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please select an event');
  });
});
