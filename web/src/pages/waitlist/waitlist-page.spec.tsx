import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, beforeAll } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, EVENT, mockApi, renderApp } from '../../public/test-utils';
import type { WaitlistEntryView } from '../../public/waitlist';
import { preloadLaterSteps } from '../booking/later-steps';

// the wizard's steps after the first are a chunk of their own, fetched while the first is shown
beforeAll(async () => {
  await preloadLaterSteps();
});

// the page is a lazy chunk: its first load can take a while on a loaded machine
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  toaster.remove();
});

const TOKEN = 'tok_123';
const PATH = `/api/waitlist/${TOKEN}`;

function entry(over: Partial<WaitlistEntryView> = {}): WaitlistEntryView {
  return {
    id: 'e1',
    eventId: 1,
    eventName: 'WhiteCoat Health Screening',
    packageId: 1,
    packageName: 'Basic Health Screening',
    firstName: 'Mei',
    lastName: 'Tan',
    email: 'mei@example.com',
    mobileNumber: '91234567',
    postalCode: '180001',
    seats: 2,
    preferredDates: ['2026-12-04'],
    status: 'waiting',
    position: 2,
    offer: null,
    ...over,
  };
}

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

const OFFERED = () =>
  entry({
    status: 'offered',
    position: 1,
    offer: { timeslotId: 21, date: '2026-12-04', time: '09:00', label: '9:00 AM', expiresAt: inMinutes(90) },
  });

function api(answer: WaitlistEntryView | Response, extra: Record<string, unknown> = {}) {
  return mockApi({
    [`GET ${PATH}`]: () =>
      answer instanceof Response ? answer.clone() : Response.json({ success: true, data: answer }),
    [`DELETE ${PATH}`]: { success: true, message: 'You have left the waiting list' },
    ...extra,
  });
}

describe('/waitlist/{token}', { timeout: 30_000 }, () => {
  it('shows the loading state, then the position while waiting', async () => {
    api(entry());
    renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByText('Loading your waiting list entry')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "You're on the waiting list" })).toBeTruthy();
    expect(screen.getByText('Position 2')).toBeTruthy();
    expect(screen.getByText('Friday, 4 December 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete booking' })).toBeNull();
  });

  it('says when the link is unknown, and when the entry cannot be loaded', async () => {
    api(Response.json({ success: false, message: 'Waiting list entry not found' }, { status: 404 }));
    const first = renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Waiting List Entry Not Found' })).toBeTruthy();
    first.unmount();
    api(Response.json({ success: false, message: 'boom' }, { status: 500 }));
    renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it.each([
    ['expired', 'Offer expired'],
    ['booked', 'Booking complete'],
    ['left', 'You left the waiting list'],
    ['removed', 'Removed from the waiting list'],
  ] as const)('says what a %s entry means, without leave or book', async (status, title) => {
    api(entry({ status, position: null }));
    renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave the waiting list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete booking' })).toBeNull();
  });

  it('leaves the list after the confirm dialog', async () => {
    const fetchMock = api(entry());
    const user = userEvent.setup();
    renderApp(`/waitlist/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting list' }));
    const dialog = await screen.findByRole('alertdialog');
    // cancelling keeps the place
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the list' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave the waiting list' }),
    );
    expect(await screen.findByRole('heading', { name: 'You have left the waiting list' })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([u, init]) => String(u).endsWith(PATH) && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('shows an offer that has run out as expired', async () => {
    api(entry({ ...OFFERED(), offer: { ...OFFERED().offer!, expiresAt: inMinutes(-1) } }));
    renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Offer expired' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete booking' })).toBeNull();
  });

  it('turns an offer into expired when its time runs out on the page', async () => {
    api(
      entry({
        ...OFFERED(),
        offer: { ...OFFERED().offer!, expiresAt: new Date(Date.now() + 5000).toISOString() },
      }),
    );
    renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Seats are held for you' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^0 min 0\d s left$/);
    expect(await screen.findByRole('heading', { name: 'Offer expired' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete booking' })).toBeNull();
  });

  it('shows the held slot with a countdown and completes the booking with the token', async () => {
    const fetchMock = api(OFFERED(), {
      'GET /api/events': { success: true, data: [{ ...EVENT, timeslots: [] }] },
      'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
      'GET /api/timeslots/postal-code': { success: true, region: 'central', regionName: 'Central', data: {} },
      'POST /api/verify-aia-healthshield': { success: false, isAiaMember: false, message: 'no' },
      'POST /api/registrations/quote': () => undefined,
      'POST /api/registrations': {
        success: true,
        data: { referenceNumber: 'HS-1', totalAmount: '0.00', balanceDue: '0.00', status: 'confirmed' },
      },
      'GET /api/registrations/lookup/HS-1': {
        success: true,
        data: {
          id: 9,
          referenceNumber: 'HS-1',
          status: 'confirmed',
          firstName: 'Mei',
          lastName: 'Tan',
          email: 'mei@example.com',
          eventName: 'WhiteCoat Health Screening',
          packageName: 'Basic Health Screening',
          timeslotDate: '2026-12-04',
          timeslotTime: '09:00',
          location: null,
          totalAmount: '0.00',
          balanceDue: '0.00',
          participants: [],
          confirmationEmailSent: true,
          checkInToken: 'chk-1',
        },
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp(`/waitlist/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Seats are held for you' })).toBeTruthy();
    expect(screen.getByText('Friday, 4 December 2026')).toBeTruthy();
    expect(screen.getByText('9:00 AM')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^1 h (29|30) min left$/);

    await user.click(screen.getByRole('button', { name: 'Complete booking' }));
    // the wizard starts at the personal step with the details prefilled; the package is fixed
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Mei');
    expect((screen.getByLabelText(/Postal Code/) as HTMLInputElement).value).toBe('180001');
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByLabelText(/Identification Number/));
    await user.paste('S1234567D');
    await user.click(screen.getByLabelText(/Date of Birth/));
    await user.paste('15/06/1985');
    await user.click(screen.getByLabelText(/^Address/));
    await user.paste('1 Example Road');
    await user.click(screen.getByText(/I have read the privacy notice and consent/));
    await user.click(screen.getByRole('button', { name: /Next/ }));

    // the slot is the held one, not a choice
    expect(await screen.findByText('Your held appointment slot')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Review Booking' })).toBeTruthy();
    expect(screen.getByText('Participants (1 / 2)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    // the claim lands on the one confirmation page, like every booking
    expect(await screen.findByRole('heading', { name: 'Booking Successful!' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/booking/confirmation/HS-1?booked=1');
    expect(screen.getByTestId('check-in-qr')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      eventId: 1,
      packageId: 1,
      timeslotId: 21,
      firstName: 'Mei',
      email: 'mei@example.com',
      waitlistToken: TOKEN,
    });
    // the quote is asked without the token
    expect(bodyOf(fetchMock, 'POST', '/api/registrations/quote')).not.toHaveProperty('waitlistToken');
  });
});
