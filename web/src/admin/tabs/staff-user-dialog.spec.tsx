import type { StaffUser } from '@hs/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { UserDialog } from './staff-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const user = (over: Partial<StaffUser>): StaffUser => ({
  id: 7,
  username: 'frontdesk',
  email: null,
  role: 'front_desk',
  active: true,
  totpEnabled: false,
  passwordSet: true,
  lastLogin: null,
  createdAt: '2026-11-25T03:00:00.000Z',
  ...over,
});

describe('Staff tab: editing a user (issue 23)', () => {
  it('deactivates a user who has no email (the first admin, the seeded staff) without asking for one', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/users/7': (init) =>
        Response.json({ success: true, data: { ...user({}), ...JSON.parse(String(init.body)) } }),
    });
    const onSaved = vi.fn();
    const ui = userEvent.setup();
    renderWithProviders(<UserDialog user={user({})} onClose={() => {}} onSaved={onSaved} />);
    await ui.click(await screen.findByRole('checkbox', { name: 'Active' }));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/users/7')).toEqual({ role: 'front_desk', active: false });
  });

  it('keeps a user who has an email sending it', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/users/7': (init) =>
        Response.json({ success: true, data: { ...user({}), ...JSON.parse(String(init.body)) } }),
    });
    const onSaved = vi.fn();
    const ui = userEvent.setup();
    renderWithProviders(
      <UserDialog user={user({ email: 'desk@clinic.example' })} onClose={() => {}} onSaved={onSaved} />,
    );
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/users/7')).toEqual({
      email: 'desk@clinic.example',
      role: 'front_desk',
      active: true,
    });
  });
});
