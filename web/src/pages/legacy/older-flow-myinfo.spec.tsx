import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { BOOKING_DETAILS_KEY } from '../../public/legacy-storage';
import { navigation } from '../../public/myinfo';
import { MYINFO_HANDLE, MYINFO_ROUTES } from '../../public/myinfo/myinfo-fixtures';
import { bodyOf, mockApi, renderApp } from '../../public/test-utils';

/* Issue 49 on the older flow's Personal Details form (/registration). */
const DETAILS = {
  eventId: 2,
  eventSlug: 'community',
  eventName: 'Community Health Screening',
  location: 'Toa Payoh',
  packageId: 1,
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotId: 5,
  date: '2026-12-05',
  time: '09:00',
  timeLabel: '9:00 AM',
};
const BOOKED = { success: true, data: { reference_number: 'HS2612-0001-0002', id: 3, status: 'confirmed' } };

afterEach(() => {
  toaster.remove();
  window.history.replaceState(null, '', '/');
});

const input = (name: string) => document.getElementById(`reg-${name}`) as HTMLInputElement;

async function leaveAndComeBack(user: ReturnType<typeof userEvent.setup>, fragment: string) {
  const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
  sessionStorage.setItem(BOOKING_DETAILS_KEY, JSON.stringify(DETAILS));
  window.history.replaceState(null, '', '/registration');
  renderApp('/registration');
  await user.type(await screen.findByLabelText(/Medical Conditions/), 'Diabetes');
  await user.click(await screen.findByRole('button', { name: 'Retrieve Myinfo with Singpass' }));
  expect(assign).toHaveBeenCalledWith('/api/myinfo/authorize?returnTo=%2Fregistration');
  cleanup();
  window.history.replaceState(null, '', `/registration#${fragment}`);
  renderApp('/registration');
}

describe('Retrieve Myinfo with Singpass on the older flow', { timeout: 30_000 }, () => {
  it('fills and locks the identity, and books with the handle', async () => {
    const fetchMock = mockApi({ ...MYINFO_ROUTES, 'POST /api/registrations': BOOKED });
    const user = userEvent.setup();
    await leaveAndComeBack(user, `myinfo=${MYINFO_HANDLE}`);
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    expect(window.location.hash).toBe('');
    expect(input('medicalConditions').value).toBe('Diabetes');
    expect(input('dateOfBirth').value).toBe('06/10/1988');
    expect(input('dateOfBirth').readOnly).toBe(true);
    expect(input('email').value).toBe('weiming@example.com');
    await user.click(screen.getByText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      myinfoHandle: MYINFO_HANDLE,
      identificationNumber: 'S9812381D',
      dateOfBirth: '1988-10-06',
      firstName: 'Wei Ming',
      lastName: 'Tan',
      gender: 'male',
      medicalConditions: 'Diabetes',
    });
  });

  it('a refusal of the identity (400) is shown above the form', async () => {
    const message = 'Your identification number and date of birth must be as Myinfo gave them';
    mockApi({
      ...MYINFO_ROUTES,
      'POST /api/registrations': () =>
        Response.json(
          { success: false, message, errors: [{ field: 'identificationNumber', message }] },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    await leaveAndComeBack(user, `myinfo=${MYINFO_HANDLE}`);
    await waitFor(() => expect(input('identificationNumber').value).toBe('S9812381D'));
    await user.click(screen.getByText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(message));
    // still Myinfo's: locked, the handle kept
    expect(input('identificationNumber').readOnly).toBe(true);
  });

  it('a cancel at Singpass brings the form back as left with a message', async () => {
    mockApi(MYINFO_ROUTES);
    const user = userEvent.setup();
    await leaveAndComeBack(user, 'myinfo-error=cancelled');
    expect((await screen.findByRole('alert')).textContent).toContain('You cancelled at Singpass.');
    expect(input('medicalConditions').value).toBe('Diabetes');
  });
});
