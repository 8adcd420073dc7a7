import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { PARTICIPANTS_KEY } from '../../public/legacy-storage';
import { EVENT, mockApi, renderApp } from '../../public/test-utils';

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

describe('participants page', () => {
  it('asks for an email before making a participant without one the primary contact', async () => {
    localStorage.setItem(
      PARTICIPANTS_KEY,
      JSON.stringify([
        person({ isPrimary: true }),
        person({ firstName: 'Kai', lastName: 'Lim', email: null, identificationNumber: 'T0123456G' }),
      ]),
    );
    mockApi({ 'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT } });
    const user = userEvent.setup();
    renderApp('/booking/whitecoat-health-screening/participants?eventId=1&packageId=1');
    await user.click(await screen.findByRole('button', { name: 'Make Kai Lim primary' }));
    // Not made primary yet: the form asks for the email the primary contact needs.
    expect(await screen.findByText('Email required')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update Participant' }));
    expect(screen.queryByText('Primary Contact Changed')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Email/), 'kai@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Update Participant' }));
    expect(await screen.findByText('Primary Contact Changed')).toBeTruthy();
    // Exactly one primary, the new one: Mei is back in the others' table with a Make primary action.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Mei Tan primary' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Make Kai Lim primary' })).toBeNull();
  });
});
