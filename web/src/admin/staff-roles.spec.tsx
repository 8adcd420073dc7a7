import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../components/ui/toaster';
import { canSeePage, canSeeTab } from '../lib/staff-roles';
import { ADMIN_USER, bodyOf, renderApp, stubApi } from './test/helpers';

afterEach(() => {
  toaster.remove();
  localStorage.clear();
});

const emptyOrders = { success: true, data: [], total: 0, page: 1, pageSize: 20 };
const signedInAs = (role: string) => {
  localStorage.setItem('auth_token', `tok-${role}`);
  return stubApi({
    'GET /api/admin/user': { success: true, data: { ...ADMIN_USER, username: role, role } },
    'GET /api/admin/events': { success: true, data: [] },
    'GET /api/admin/registrations': emptyOrders,
  });
};

describe('the back-office by staff role (issue 23)', () => {
  it('front desk: the admin frame, only its pages in the nav, only the Orders tab, no counts', async () => {
    const fetchMock = signedInAs('front_desk');
    renderApp('/admin/dashboard');
    // the first render also loads the admin chunk: more than the default second
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
    // the spec's admin-page rules apply: no not-allowed card for a staff role
    expect(screen.queryByText('Admin not allow to go to appointment page')).toBeNull();
    // The banner names the role (issue 45), not "an admin".
    expect(screen.getByRole('note').textContent).toContain('You are logged in as front_desk (Front desk).');
    expect(screen.getByRole('note').textContent).not.toContain('admin');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toContain('Account');
    expect(links).not.toContain('Email');
    expect(links).not.toContain('Audit Log');
    expect(links).not.toContain('System');
    // issue 45: the Today tab first, then order lookup
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Today', 'Orders']);
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    // order lookup only: no export (nor the change buttons, which the api refuses it too)
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Overview' })).toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);
    expect(asked).not.toContain('/api/admin/dashboard');
  });

  it('finance sees the Orders tab with its export, and a page it may not open says so instead of loading it', async () => {
    signedInAs('finance');
    const { unmount } = renderApp('/admin/dashboard?tab=orders');
    expect(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 5000 })).toBeTruthy();
    // Issue 25: and the Reports tab; issue 45: the Today tab first.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Today',
      'Orders',
      'Reports',
      'Companies',
    ]);
    unmount();
    renderApp('/admin/email');
    expect(await screen.findByText('This page is not available for your role')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Email/ })).toBeNull();
  });

  it('a role outside the staff roles still gets the spec refusal', async () => {
    signedInAs('viewer');
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Admin not allow to go to appointment page')).toBeTruthy();
  });

  it('an admin who must enrol a second factor is sent to the Account page first', async () => {
    localStorage.setItem('auth_token', 'tok-admin');
    stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/account': {
        success: true,
        data: { ...ADMIN_USER, totpRequired: true, totpEnabled: false, recoveryCodesLeft: 0 },
      },
      'GET /api/admin/events': { success: true, data: [] },
    });
    renderApp('/admin/audit-log');
    expect(await screen.findByText('Set up two-factor authentication', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe('/admin/account');
  });

  it('page and tab rules', () => {
    expect(canSeePage('front_desk', '/admin')).toBe(true);
    expect(canSeePage('front_desk', '/admin/check-in')).toBe(true);
    expect(canSeePage('finance', '/admin/check-in')).toBe(false);
    expect(canSeePage('finance', '/admin/system')).toBe(false);
    expect(canSeePage('admin', '/admin/system')).toBe(true);
    expect(canSeeTab('finance', 'orders')).toBe(true);
    expect(canSeeTab('finance', 'discounts')).toBe(false);
    expect(canSeeTab('admin', 'staff')).toBe(true);
    expect(canSeeTab('front_desk', 'staff')).toBe(false);
  });
});

describe('login with a second factor', () => {
  it('asks for the code after the password, then signs in with it', async () => {
    const fetchMock = stubApi({
      'POST /api/admin/login': (init) => {
        const body = JSON.parse(String(init.body)) as { code?: string };
        if (!body.code)
          return Response.json(
            {
              success: false,
              message: 'Enter the code from your authenticator app',
              errors: [{ field: 'code', message: 'A 6-digit code (or a recovery code) is needed' }],
            },
            { status: 401 },
          );
        return Response.json({ success: true, data: { token: 'tok-2fa', user: ADMIN_USER } });
      },
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/events': { success: true, data: [] },
    });
    const { location } = renderApp('/admin/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'plum orchard 7 lanterns');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.queryByText('Login failed')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
    expect(bodyOf(fetchMock, 'POST', '/api/admin/login', 1)).toEqual({
      username: 'admin',
      password: 'plum orchard 7 lanterns',
      code: '123456',
    });
  });
});
