import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, mockApi, renderApp } from '../../public/test-utils';
import { MANAGE_PATH, MOVED, mockManage, REFERENCE, REG, RESCHEDULE_PATH, TOKEN } from './manage-fixtures';
import { postalCodeInRegion } from './region-postal-code';

afterEach(() => {
  toaster.remove();
});

/** Opens the page with the reference prefilled (as the confirmation page links it), adds the date of birth and looks it up. */
async function findBooking() {
  const user = userEvent.setup();
  renderApp(`/manage-appointment?ref=${REFERENCE}`);
  expect(((await screen.findByLabelText(/Reference Number/)) as HTMLInputElement).value).toBe(REFERENCE);
  await user.type(screen.getByLabelText(/^Date of Birth/), '1985-02-03');
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

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === path).length;

describe('manage appointment without a link: the reference and a second check (issue 46)', () => {
  it('finds a booking by reference and date of birth and shows it with its two actions', async () => {
    const fetchMock = mockManage(REG);
    await findBooking();
    expect(bodyOf(fetchMock, 'POST', MANAGE_PATH)).toEqual({ dateOfBirth: '1985-02-03' });
    expect(screen.getByText('Community Health Screening')).toBeTruthy();
    expect(screen.getByText('04/12/2026')).toBeTruthy();
    expect(screen.getByText('Toa Payoh')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
  });

  it('asks for the date of birth before asking the api (no email field: the lookup shows it)', async () => {
    const fetchMock = mockManage(REG);
    const user = userEvent.setup();
    renderApp(`/manage-appointment?ref=${REFERENCE}`);
    await user.click(await screen.findByRole('button', { name: 'Look Up Appointment' }));
    expect(await screen.findByText("Enter the booking's date of birth.")).toBeTruthy();
    expect(calls(fetchMock, MANAGE_PATH)).toBe(0);
    expect(screen.queryByLabelText(/^Email/)).toBeNull();

    await user.type(screen.getByLabelText(/^Date of Birth/), '1985-02-03');
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Details' });
    expect(bodyOf(fetchMock, 'POST', MANAGE_PATH)).toEqual({ dateOfBirth: '1985-02-03' });
  });

  it('a wrong date of birth reads as an unknown reference', async () => {
    mockApi({
      [`POST ${MANAGE_PATH}`]: () =>
        Response.json(
          {
            success: false,
            message: 'Registration not found. Please check your reference number and try again.',
          },
          { status: 404 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/manage-appointment');
    await user.type(await screen.findByLabelText(/Reference Number/), REFERENCE);
    await user.type(screen.getByLabelText(/^Date of Birth/), '1990-01-01');
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Registration not found. Please check your reference number and try again.',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Appointment Details' })).toBeNull();
  });

  it("offers the region's slots without the current one, and moves with the same second check", async () => {
    const fetchMock = mockManage(REG, { [`POST ${RESCHEDULE_PATH}`]: MOVED });
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
      `Your appointment ${REFERENCE} is now on Tue, 1 Dec 2026 at 9:00 AM.`,
    );
    expect(bodyOf(fetchMock, 'POST', RESCHEDULE_PATH)).toEqual({ timeslotId: 11, dateOfBirth: '1985-02-03' });
    expect(await screen.findByText('Appointment rescheduled')).toBeTruthy();
    // the day and time in the language's one format (issue 46), not the api's English label
    expect(screen.getByText('Your appointment is now on Tue, 1 Dec 2026 at 9:00 AM.')).toBeTruthy();
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
    mockManage(REG, {
      [`POST ${RESCHEDULE_PATH}`]: () => Response.json({ success: false, message: cutoff }, { status: 409 }),
    });
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
    expect(screen.queryByRole('button', { name: 'Cancel Appointment' })).toBeNull();
  });

  it('cancels in one step from the booking shown: the checkbox, then the cancelled page with the refund', async () => {
    const fetchMock = mockManage(REG, {
      'POST /api/registrations/7/cancel': {
        success: true,
        message: 'ok',
        data: { id: 7, status: 'cancelled' },
      },
    });
    const user = await findBooking();
    await user.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    // straight to the spec's confirm step for this booking: no second lookup
    expect(screen.queryByRole('button', { name: 'Look Up Appointment' })).toBeNull();
    expect(screen.getByTestId('cancel-refund').textContent).toBe(
      'Your card payment of S$139.52 will be refunded automatically.',
    );
    const cancel = screen.getByRole('button', { name: 'Cancel Appointment' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    await user.click(screen.getByText('I understand that cancelling this appointment cannot be undone.'));
    await waitFor(() => expect(cancel.disabled).toBe(false));
    await user.click(cancel);

    await screen.findByRole('heading', { name: 'Appointment Cancelled' });
    expect(screen.getByTestId('cancelled-refund').textContent).toBe(
      'Your card payment of S$139.52 is being refunded. Card refunds usually reach your account within 5 to 10 business days.',
    );
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/');
    expect(calls(fetchMock, MANAGE_PATH)).toBe(1);
    expect(calls(fetchMock, `/api/registrations/lookup/${REFERENCE}`)).toBe(0);
    expect(calls(fetchMock, '/api/registrations/7/cancel')).toBe(1);
  });
});

describe("manage appointment from an email's signed link (issue 46)", () => {
  it('shows the booking at once, with no lookup form, and moves it with the token', async () => {
    const fetchMock = mockManage(REG, { [`POST ${RESCHEDULE_PATH}`]: MOVED });
    const user = userEvent.setup();
    renderApp(`/manage-appointment?ref=${REFERENCE}&token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Appointment Details' });
    expect(screen.queryByRole('button', { name: 'Look Up Appointment' })).toBeNull();
    expect(screen.queryByLabelText(/^Date of Birth/)).toBeNull();
    expect(bodyOf(fetchMock, 'POST', MANAGE_PATH)).toEqual({ token: TOKEN });

    await chooseNewTime(user);
    await user.click(screen.getByRole('button', { name: 'Move Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Rescheduled' });
    expect(bodyOf(fetchMock, 'POST', RESCHEDULE_PATH)).toEqual({ timeslotId: 11, token: TOKEN });
  });

  it('an expired link says so and asks for the date of birth instead', async () => {
    const expired = "This manage link has expired. Enter the booking's date of birth instead.";
    mockApi({
      [`POST ${MANAGE_PATH}`]: () => Response.json({ success: false, message: expired }, { status: 403 }),
    });
    renderApp(`/manage-appointment?ref=${REFERENCE}&token=${TOKEN}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expired));
    expect((screen.getByLabelText(/Reference Number/) as HTMLInputElement).value).toBe(REFERENCE);
    expect(screen.getByLabelText(/^Date of Birth/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Appointment Details' })).toBeNull();
  });
});

describe('links to the manage page', () => {
  it('the cancel page offers to reschedule instead', async () => {
    mockApi({});
    renderApp('/cancel-appointment');
    expect((await screen.findByRole('link', { name: 'Reschedule instead' })).getAttribute('href')).toBe(
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
