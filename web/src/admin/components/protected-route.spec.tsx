import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { ADMIN_USER, renderApp, stubApi } from '../test/helpers';
import { pageReload, RELOAD_FLAG } from './protected-route';

// The back office is a lazy chunk: its first transform (a loaded CI) is paid here, not in the first test's wait.
beforeAll(async () => {
  await import('../admin-app');
}, 60_000);

afterEach(() => toaster.remove());

const counts = {
  success: true,
  data: {
    events: 3,
    packages: 4,
    orders: 0,
    apiKeys: 1,
    discounts: 2,
    holidays: 22,
    emailTemplates: 6,
    paymentProvider: 'Braintree',
  },
};

describe('protected admin routes', () => {
  it('redirects a visitor without a token to /admin/login', async () => {
    stubApi({});
    const { location } = renderApp('/admin/dashboard');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'), { timeout: 5_000 });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('protects /admin too', async () => {
    stubApi({});
    const { location } = renderApp('/admin');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'), { timeout: 5_000 });
  });

  it('shows a spinner while auth loads, then the dashboard', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    let release: () => void = () => {};
    stubApi({
      'GET /api/admin/user': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({ success: true, data: ADMIN_USER }));
        }),
      'GET /api/admin/dashboard': counts,
      'GET /api/admin/events': { success: true, data: [] },
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Health Screening Admin')).toBeTruthy();
    expect(screen.getByText('Welcome, admin')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Today',
      'Events',
      'Packages',
      'Orders',
      'Waiting List',
      'Reports',
      'Companies',
      'Postal Codes',
      'Discounts',
      'Holidays',
      'Email Templates',
      'Payments',
      'API Keys',
      'Staff',
    ]);
    // issue 45: the dashboard opens on the Today tab, no catalogue counts above the tabs
    expect(await screen.findByRole('heading', { level: 2, name: 'Today' })).toBeTruthy();
    expect(screen.queryByText('Total Events')).toBeNull();
  });

  it('reloads once when a stored token gives no user, then sends to login', async () => {
    localStorage.setItem('auth_token', 'stale');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    stubApi({
      'GET /api/admin/user': () =>
        Response.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
    });
    const first = renderApp('/admin/dashboard');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_FLAG)).toBe('1');
    expect(first.location.history.at(-1)).toBe('/admin/dashboard');
    first.unmount();

    // after the reload: same answer, no second reload
    const second = renderApp('/admin/dashboard');
    await waitFor(() => expect(second.location.history.at(-1)).toBe('/admin/login'));
    expect(reload).toHaveBeenCalledTimes(1);
    // The refused token is forgotten, so public pages no longer send the visitor back here.
    expect(localStorage.getItem('auth_token')).toBeNull();
    second.unmount();
    stubApi({ 'GET /api/events': { success: true, data: [] } });
    const third = renderApp('/');
    expect(await screen.findByText(/No events found/)).toBeTruthy();
    expect(third.location.history).toEqual(['/']);
  });

  it('refuses a signed-in user without the admin role, with Logout', async () => {
    localStorage.setItem('auth_token', 'tok-2');
    stubApi({
      'GET /api/admin/user': { success: true, data: { ...ADMIN_USER, role: 'staff' } },
      'POST /api/admin/logout': { success: true },
    });
    const { location } = renderApp('/admin/dashboard');
    expect(await screen.findByText('Admin not allow to go to appointment page')).toBeTruthy();
    expect(screen.getByText('Please relogin to the admin account')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'), { timeout: 5_000 });
    expect(await screen.findByText('Logout successful')).toBeTruthy();
  });
});
