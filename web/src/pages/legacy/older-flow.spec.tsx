import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { BOOKING_DETAILS_KEY, REGISTRATION_DATA_KEY } from '../../public/legacy-storage';
import { bodyOf, mockApi, renderApp } from '../../public/test-utils';

afterEach(() => {
  toaster.remove();
  sessionStorage.clear();
  localStorage.clear();
});

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

describe('older flow', { timeout: 20_000 }, () => {
  it('sends /registration and /confirmation home without stored details', async () => {
    mockApi({});
    const a = renderApp('/registration');
    await waitFor(() => expect(a.location.history?.at(-1)).toBe('/'));
    a.unmount();
    const b = renderApp('/confirmation');
    await waitFor(() => expect(b.location.history?.at(-1)).toBe('/'));
  });

  it('validates the simple form, posts the simple payload and shows Booking Confirmed!', async () => {
    sessionStorage.setItem(BOOKING_DETAILS_KEY, JSON.stringify(DETAILS));
    const fetchMock = mockApi({
      'POST /api/registrations': {
        success: true,
        data: {
          reference_number: 'HS2612-0001-0002',
          id: 3,
          status: 'pending_payment',
          balanceDue: '139.52',
        },
      },
    });
    const user = userEvent.setup();
    const { location } = renderApp('/registration');
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(screen.getByText('Valid phone number is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/First Name/), 'Ahmad');
    await user.type(screen.getByLabelText(/Last Name/), 'Ibrahim');
    await user.click(screen.getByText('Male', { exact: true }));
    await user.type(screen.getByLabelText(/Date of Birth/), '02/03/1985');
    await user.type(screen.getByLabelText(/Identification Number/), 's7654321f');
    await user.type(screen.getByLabelText(/Email/), 'ahmad@example.com');
    await user.type(screen.getByLabelText(/Mobile Number/), '98765432');
    await user.click(screen.getByText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/confirmation'));
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toEqual({
      eventId: 2,
      timeslotId: 5,
      packageId: 1,
      firstName: 'Ahmad',
      lastName: 'Ibrahim',
      gender: 'male',
      dateOfBirth: '1985-03-02',
      identificationNumber: 'S7654321F',
      mobileNumber: '98765432',
      email: 'ahmad@example.com',
      medicalConditions: '',
    });
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(screen.getByText('HS2612-0001-0002')).toBeTruthy();
    expect(screen.getByText('Basic Health Screening (S$128.00)')).toBeTruthy();
    expect(screen.getByText('Drink plenty of water.')).toBeTruthy();
    // the ID number masked (issue 24), never in clear on a page that may be printed
    expect(screen.getByText('S****321F')).toBeTruthy();
    expect(document.body.textContent).not.toContain('S7654321F');
    expect(JSON.parse(sessionStorage.getItem(REGISTRATION_DATA_KEY) ?? '{}').referenceNumber).toBe(
      'HS2612-0001-0002',
    );
  });

  it("toasts 'Registration failed' with the server message", async () => {
    sessionStorage.setItem(BOOKING_DETAILS_KEY, JSON.stringify(DETAILS));
    mockApi({
      'POST /api/registrations': () =>
        Response.json({ success: false, message: 'This timeslot is full' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderApp('/registration');
    await user.type(await screen.findByLabelText(/First Name/), 'Ahmad');
    await user.type(screen.getByLabelText(/Last Name/), 'Ibrahim');
    await user.click(screen.getByText('Other', { exact: true }));
    await user.type(screen.getByLabelText(/Date of Birth/), '1985-03-02');
    await user.type(screen.getByLabelText(/Identification Number/), 'S7654321F');
    await user.type(screen.getByLabelText(/Email/), 'ahmad@example.com');
    await user.type(screen.getByLabelText(/Mobile Number/), '98765432');
    await user.click(screen.getByText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(screen.getByText('This timeslot is full')).toBeTruthy();
  });
});
