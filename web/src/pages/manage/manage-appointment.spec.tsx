import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, type Handler, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { postalCodeInRegion } from './region-postal-code';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0002';
const REG = {
  id: 7,
  referenceNumber: REFERENCE,
  reference_number: REFERENCE,
  status: 'paid',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  timeslotId: 21,
  region: 'central',
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-04',
  timeslotTime: '9:00 AM',
  location: 'Toa Payoh',
};
const RESCHEDULE_PATH = `/api/registrations/${REFERENCE}/reschedule`;

function mockManage(registration: object, reschedule?: Handler) {
  return mockApi({
    [`GET /api/registrations/lookup/${REFERENCE}`]: { success: true, data: registration },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    ...(reschedule ? { [`POST ${RESCHEDULE_PATH}`]: reschedule } : {}),
  });
}

/** Opens the page with the reference prefilled (as the confirmation page links it) and looks it up. */
async function findBooking() {
  const user = userEvent.setup();
  renderApp(`/manage-appointment?ref=${REFERENCE}`);
  expect((screen.getByLabelText(/Reference Number/) as HTMLInputElement).value).toBe(REFERENCE);
  await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
  await screen.findByRole('heading', { name: 'Appointment Details' });
  return user;
}

/** Reschedule -> Tuesday 1 December, 9:00 AM -> Continue. */
async function chooseNewTime(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Reschedule' }));
  await user.click(await screen.findByRole('radio', { name: /Tuesday, 1 December 2026/ }));
  await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('manage appointment', () => {
  it('finds a booking by reference and shows it with its two actions', async () => {
    mockManage(REG);
    await findBooking();
    expect(screen.getByText('Community Health Screening')).toBeTruthy();
    expect(screen.getByText('04/12/2026')).toBeTruthy();
    expect(screen.getByText('Toa Payoh')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel Appointment' }).getAttribute('href')).toBe(
      `/cancel-appointment?ref=${REFERENCE}`,
    );
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
  });

  it("offers the region's slots without the current one, confirms, moves and says the new time", async () => {
    const fetchMock = mockManage(REG, () =>
      Response.json({
        success: true,
        data: {
          referenceNumber: REFERENCE,
          timeslotId: 11,
          date: '2026-12-01',
          time: '09:00',
          label: '9:00 AM',
          dateLabel: 'Tuesday, 1 December 2026',
          position: '42',
        },
      }),
    );
    const user = await findBooking();
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    // the booking's own slot (21, the only one on 4 December) is not offered
    await screen.findByRole('radio', { name: /Tuesday, 1 December 2026/ });
    expect(screen.queryByRole('radio', { name: /Friday, 4 December 2026/ })).toBeNull();
    const slotsCall = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/api/timeslots/postal-code');
    expect(slotsCall?.searchParams.get('postalCode')).toBe(postalCodeInRegion('central'));
    expect(slotsCall?.searchParams.get('eventId')).toBe('1');

    await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
    expect((screen.getByRole('radio', { name: /11:00 AM/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('reschedule-question').textContent).toBe(
      'Move your appointment to Tuesday, 1 December 2026, 9:00 AM?',
    );
    await user.click(screen.getByRole('button', { name: 'Move Appointment' }));

    await screen.findByRole('heading', { name: 'Appointment Rescheduled' });
    expect(screen.getByTestId('rescheduled-to').textContent).toBe(
      `Your appointment ${REFERENCE} is now on Tuesday, 1 December 2026 at 9:00 AM.`,
    );
    expect(bodyOf(fetchMock, 'POST', RESCHEDULE_PATH)).toEqual({ timeslotId: 11 });
    expect(await screen.findByText('Appointment rescheduled')).toBeTruthy();
    // the booking is read again as of the move, for the confirmation page
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(String(u), 'http://localhost').searchParams.get('position') === '42',
        ),
      ).toBe(true),
    );
  });

  it("says the api's refusal (the cut-off) in place and keeps the customer on the picker", async () => {
    const cutoff = 'Appointments can be rescheduled up to 24 hours before their time. Please contact us.';
    mockManage(REG, () => Response.json({ success: false, message: cutoff }, { status: 409 }));
    const user = await findBooking();
    await chooseNewTime(user);
    await user.click(screen.getByRole('button', { name: 'Move Appointment' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(cutoff));
    expect(screen.getByRole('heading', { name: 'Choose a New Time' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Appointment Rescheduled' })).toBeNull();
  });

  it('offers neither action for a cancelled booking', async () => {
    mockManage({ ...REG, status: 'cancelled' });
    await findBooking();
    expect(screen.getByText('Cancelled or expired appointments cannot be rescheduled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel Appointment' })).toBeNull();
  });

  it('an unknown reference says so', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderApp('/manage-appointment');
    await user.type(screen.getByLabelText(/Reference Number/), REFERENCE);
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    // said in place (and in a toast)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Registration not found. Please check your reference number and try again.',
      ),
    );
  });
});

describe('links to the manage page', () => {
  it('the cancel page offers to reschedule instead', async () => {
    mockApi({});
    renderApp('/cancel-appointment');
    expect(screen.getByRole('link', { name: 'Reschedule instead' }).getAttribute('href')).toBe(
      '/manage-appointment',
    );
  });

  it('the confirmation page links to managing the booking', async () => {
    mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: {
        success: true,
        data: {
          ...REG,
          participants: [],
          totalAmount: '139.52',
          balanceDue: '0.00',
          confirmationEmailSent: true,
        },
      },
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    const link = await within(await screen.findByRole('main')).findByRole('link', { name: 'Manage booking' });
    expect(link.getAttribute('href')).toBe(`/manage-appointment?reference=${REFERENCE}`);
  });
});
