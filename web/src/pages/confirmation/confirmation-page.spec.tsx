import { appointmentIcs } from '@hs/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { mockApi, renderApp } from '../../public/test-utils';
import type { RegistrationLookup } from '../../public/types';
import { appointmentOf, whereText } from './appointment';
import { untilFound } from './lookup-retry';
import { MAX_POLLS, POLL_MS } from './use-booking-lookup';

afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

const REFERENCE = 'HS2612-0001-0009';
const VENUE = {
  name: 'Woodlands Health Clinic',
  address: '10 Woodlands Ave 1',
  postalCode: '739062',
  mapUrl: 'https://maps.example.com/woodlands',
  phone: null,
  email: null,
  lat: 1.4361,
  lng: 103.7865,
};
const BOOKING = {
  id: 9,
  referenceNumber: REFERENCE,
  reference_number: REFERENCE,
  status: 'pending_payment',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-05',
  timeslotTime: '09:00',
  location: 'Island-wide clinics near you',
  venue: null as typeof VENUE | null,
  totalAmount: '139.52',
  whiteCoatPaidAmount: '0.00',
  balanceDue: '139.52',
  participants: [],
  confirmationEmailSent: false,
  checkInToken: 'chk-9',
  holdUntil: null,
};
const lookup = (over: Partial<typeof BOOKING> = {}) => ({
  [`GET /api/registrations/lookup/${REFERENCE}`]: { success: true, data: { ...BOOKING, ...over } },
});
const main = () => within(screen.getByRole('main'));

describe('untilFound: a booking the read model has not caught up with', () => {
  const notFound = new ApiError(404, '{"success":false,"message":"Registration not found."}');
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };

  it('tries again after each delay while the lookup answers 404, then gives the booking', async () => {
    waits.length = 0;
    const load = vi
      .fn()
      .mockRejectedValueOnce(notFound)
      .mockRejectedValueOnce(notFound)
      .mockResolvedValue('found');
    expect(await untilFound(load, [10, 20, 30], wait)).toBe('found');
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([10, 20]);
  });

  it('lets the 404 stand once the delays are used up, and any other failure at once', async () => {
    waits.length = 0;
    const missing = vi.fn().mockRejectedValue(notFound);
    await expect(untilFound(missing, [10, 20], wait)).rejects.toBe(notFound);
    expect(missing).toHaveBeenCalledTimes(3);
    const broken = new ApiError(500, 'boom');
    const failing = vi.fn().mockRejectedValue(broken);
    await expect(untilFound(failing, [10, 20], wait)).rejects.toBe(broken);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe('the calendar entry and where to go', () => {
  it("names the appointment's venue (with GEO) over the event's location text, and keeps one UID per booking", () => {
    const r = { ...BOOKING, status: 'paid', venue: VENUE } as unknown as RegistrationLookup;
    expect(whereText(r)).toBe('Woodlands Health Clinic, 10 Woodlands Ave 1, Singapore 739062');
    const entry = appointmentOf(r, REFERENCE);
    expect(entry).toMatchObject({ registrationId: 9, date: '2026-12-05', time: '09:00', sequence: 0 });
    const ics = appointmentIcs({ ...entry!, stamp: new Date(), method: 'PUBLISH' });
    expect(ics).toContain('UID:registration-9@healthscreening.example.sg');
    expect(ics).toContain('LOCATION:Woodlands Health Clinic\\, 10 Woodlands Ave 1\\, Singapore 739062');
  });

  it("falls back to the location text, and has no entry while the slot's time is unknown", () => {
    const r = BOOKING as unknown as RegistrationLookup;
    expect(whereText(r)).toBe('Island-wide clinics near you');
    expect(appointmentOf({ ...r, timeslotTime: null }, REFERENCE)).toBeNull();
  });
});

describe('/booking/confirmation/{reference}', () => {
  it('with a balance due, puts the amount and Pay first, keeps Cancel apart, and after paying returns to the top', async () => {
    mockApi({
      ...lookup(),
      'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
      'POST /api/payments/process': { success: true, transactionId: 'txn-9', message: 'ok' },
      'POST /api/registrations/9/payment': { success: true, data: { id: 9, status: 'paid' } },
    });
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(`/booking/confirmation/${REFERENCE}?showPayment=true`);
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Pay S$139.52' }, { timeout: 3000 });
    // before the booking's details in the page (so on a phone it is on the first screen)
    const reference = screen.getByTestId('reference-number');
    expect(pay.compareDocumentPosition(reference) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Cancel is not Pay's neighbour in one row: it follows in its own line
    const cancel = within(screen.getByTestId('payment-panel')).getByRole('button', { name: 'Cancel' });
    expect(pay.nextElementSibling).toBe(cancel);
    expect((pay.parentElement as HTMLElement).className).toMatch(/flex-d_column/);
    // nothing to print or add to a calendar while unpaid; managing is offered
    expect(main().queryByRole('button', { name: /Add to Calendar/ })).toBeNull();
    expect(main().getByRole('link', { name: 'Manage booking' })).toBeTruthy();

    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
    // the page opened at its top; from here only the payment may move the view
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    scrolled.mockClear();
    await user.click(pay);
    const heading = await screen.findByRole('heading', { name: 'Booking Confirmed' });
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ top: 0 }));
    expect(document.activeElement).toBe(heading);
    expect(main().getByRole('button', { name: /Add to Calendar/ })).toBeTruthy();
    expect(main().getByRole('button', { name: /Print Confirmation/ })).toBeTruthy();
  });

  it('a confirmed booking shows its venue with a map link, the QR, calendar, print and manage actions', async () => {
    mockApi(lookup({ status: 'paid', balanceDue: '0.00', venue: VENUE, confirmationEmailSent: true }));
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(screen.getByTestId('appointment-where').textContent).toContain(
      'Woodlands Health Clinic, 10 Woodlands Ave 1, Singapore 739062',
    );
    expect(
      main()
        .getByRole('link', { name: /Open map/ })
        .getAttribute('href'),
    ).toBe(VENUE.mapUrl);
    expect(screen.getByTestId('appointment-when').textContent).toBe('Sat, 5 Dec 2026 9:00 AM');
    expect(screen.getByTestId('check-in-qr')).toBeTruthy();
    expect(
      main()
        .getByRole('link', { name: /Google Calendar/ })
        .getAttribute('href'),
    ).toContain(encodeURIComponent('Woodlands Health Clinic').replace(/%20/g, '+'));
    expect(main().getByRole('link', { name: 'Manage booking' }).getAttribute('href')).toBe(
      `/manage-appointment?reference=${REFERENCE}`,
    );
    expect(screen.getByText('A confirmation email has been sent to mei@example.com.')).toBeTruthy();
  });

  it('a cancelled booking says so, with neither calendar nor manage actions', async () => {
    mockApi(lookup({ status: 'cancelled', balanceDue: '0.00', checkInToken: null as unknown as string }));
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Appointment Cancelled' })).toBeTruthy();
    expect(main().queryByRole('link', { name: 'Manage booking' })).toBeNull();
    expect(main().queryByRole('button', { name: /Add to Calendar/ })).toBeNull();
    expect(screen.queryByTestId('check-in-qr')).toBeNull();
  });

  it('a visit without a booking flag does not wait out a 404, and the error card can try again', async () => {
    const fetchMock = mockApi({});
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Failed to retrieve booking' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/lookup/')).length).toBe(1);
    mockApi(lookup({ status: 'paid', balanceDue: '0.00' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
  });
});

describe('reading the booking again while its confirmation email is sent', () => {
  const LOOKUP = `/api/registrations/lookup/${REFERENCE}`;
  const CONFIRMED = { ...BOOKING, status: 'paid', balanceDue: '0.00', confirmationEmailSent: false };
  const reads = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === LOOKUP).length;

  afterEach(() => {
    vi.useRealTimers();
  });

  it("a refresh refused by the lookup's limit (429) keeps the booking on screen and ends the polling", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let served = 0;
    const fetchMock = mockApi({
      [`GET ${LOOKUP}`]: () => {
        served += 1;
        return served === 1
          ? Response.json({ success: true, data: CONFIRMED })
          : Response.json(
              { success: false, message: 'Too many lookups. Please try again later.' },
              { status: 429 },
            );
      },
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(reads(fetchMock)).toBe(1);

    await vi.advanceTimersByTimeAsync(POLL_MS);
    await waitFor(() => expect(reads(fetchMock)).toBe(2));
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    // no error card in place of the booking, and no read after the refused one
    expect(screen.queryByRole('heading', { name: 'Failed to retrieve booking' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(screen.getByTestId('reference-number').textContent).toContain(REFERENCE);
    expect(reads(fetchMock)).toBe(2);
  });

  it(`stops after ${MAX_POLLS} refreshes when the email is never marked sent`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ [`GET ${LOOKUP}`]: { success: true, data: CONFIRMED } });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    for (let i = 0; i < MAX_POLLS + 10; i++) await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(reads(fetchMock)).toBe(1 + MAX_POLLS);
    expect(screen.getByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
  });
});
