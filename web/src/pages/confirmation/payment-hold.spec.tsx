import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { holdTime } from '../../public/reservation-messages';
import { mockApi, renderApp } from '../../public/test-utils';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0007';
const PENDING = {
  id: 7,
  referenceNumber: REFERENCE,
  status: 'pending_payment',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: 'Toa Payoh',
  totalAmount: '139.52',
  whiteCoatPaidAmount: '0.00',
  balanceDue: '139.52',
  participants: [],
  confirmationEmailSent: false,
  holdUntil: null as string | null,
};
const EVENTS = {
  success: true,
  data: [{ id: 1, name: 'Community Health Screening', slug: 'community', timeslots: [] }],
};
const EVENT_DETAIL = { success: true, data: { ...EVENTS.data[0], packages: [], dates: [] } };

/** The same wall-clock reading, worked out independently of the page's date library. */
const singaporeHHmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Singapore',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('payment hold on the confirmation page', () => {
  it('reads the hold end as Singapore time, 24 h', () => {
    expect(holdTime('2026-12-01T06:32:00.000Z')).toBe('14:32');
    expect(holdTime('2026-12-01T15:05:00.000Z')).toBe('23:05');
  });

  it('says until when the seats are held and how long is left, next to the payment', async () => {
    const holdUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: { success: true, data: { ...PENDING, holdUntil } },
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByText(`Your seats are held until ${singaporeHHmm(holdUntil)}`)).toBeTruthy();
    expect(screen.getByTestId('hold-notice').textContent).toMatch(/10 minutes left\./);
    expect(await screen.findByTestId('payment-panel')).toBeTruthy();
  });

  it('reads the booking again after the hold until the server has expired it, then offers booking again instead of a payment', async () => {
    const holdUntil = new Date(Date.now() + 1_000).toISOString();
    // the server's sweep expires it a little after the hold's end: the first read after it still says pending
    const expiresAt = Date.parse(holdUntil) + 2_500;
    let lookups = 0;
    mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: () => {
        lookups += 1;
        const expired = Date.now() > expiresAt;
        return Response.json({
          success: true,
          data: expired ? { ...PENDING, status: 'expired', holdUntil: null } : { ...PENDING, holdUntil },
        });
      },
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
      'GET /api/events': EVENTS,
      'GET /api/events/community': EVENT_DETAIL,
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByTestId('hold-notice')).toBeTruthy();
    expect(
      await screen.findByText('This reservation has expired and its seats were released.', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(lookups).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('heading', { name: 'Reservation Expired' })).toBeTruthy();
    expect(screen.queryByTestId('payment-panel')).toBeNull();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Book Again' }).getAttribute('href')).toBe('/events/community'),
    );
  }, 15_000);

  it('an expired booking links home when its event is no longer open', async () => {
    mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: {
        success: true,
        data: { ...PENDING, status: 'expired' },
      },
      'GET /api/events': { success: true, data: [] },
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByText('This reservation has expired and its seats were released.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book Again' }).getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('hold-notice')).toBeNull();
    expect(screen.queryByTestId('payment-panel')).toBeNull();
  });
});
