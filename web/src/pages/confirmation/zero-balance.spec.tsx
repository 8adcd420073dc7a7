import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, mockApi, renderApp } from '../../public/test-utils';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0005';
const ZERO = {
  id: 7,
  referenceNumber: REFERENCE,
  status: 'pending_payment',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventName: 'WhiteCoat Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: null,
  totalAmount: '139.52',
  whiteCoatPaidAmount: '139.52',
  balanceDue: '0.00',
  participants: [],
  confirmationEmailSent: false,
};

describe('zero-balance booking: Confirm Booking', () => {
  it('records the prepaid payment, shows the confirmed state and goes to /booking/confirmed/{reference} after 1.5 s', async () => {
    const fetchMock = mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: { success: true, data: ZERO },
      'POST /api/registrations/7/payment': {
        success: true,
        data: { id: 7, status: 'paid', balanceDue: '0.00' },
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Your booking has been confirmed.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/registrations/7/payment')).toEqual({
      transactionId: `prepaid-${REFERENCE}`,
      amount: 0,
      method: 'prepaid',
    });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('confirm-wc-booking'))).toBe(false);
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(location.history?.at(-1)).toBe(`/booking/confirmation/${REFERENCE}`);
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/booking/confirmed/${REFERENCE}`), {
      timeout: 3000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('falls through to the normal payment when recording the prepaid payment fails', async () => {
    let lookups = 0;
    mockApi({
      // read again after the failure, the booking shows what is still due
      [`GET /api/registrations/lookup/${REFERENCE}`]: () =>
        Response.json({ success: true, data: lookups++ === 0 ? ZERO : { ...ZERO, balanceDue: '12.34' } }),
      'POST /api/registrations/7/payment': () =>
        Response.json(
          { success: false, message: 'A balance is still due; it must be paid by card' },
          { status: 409 },
        ),
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    });
    const user = userEvent.setup();
    const { location } = renderApp(`/booking/confirmation/${REFERENCE}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Confirmation Failed')).toBeTruthy();
    expect(await screen.findByTestId('payment-panel')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay S$12.34' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe(`/booking/confirmation/${REFERENCE}`);
  });
});
