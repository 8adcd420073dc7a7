import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { ADMIN_USER, renderApp, stubApi } from '../test/helpers';

afterEach(() => toaster.remove());

const dashboardApi = {
  'GET /api/admin/user': { success: true, data: ADMIN_USER },
  'GET /api/admin/dashboard': {
    success: true,
    data: {
      events: 0,
      packages: 0,
      orders: 0,
      apiKeys: 0,
      discounts: 0,
      holidays: 0,
      emailTemplates: 0,
      paymentProvider: 'Braintree',
    },
  },
  'GET /api/admin/events': { success: true, data: [] },
};

describe('/admin/login', () => {
  it('shows Username, Password and Login', async () => {
    stubApi({});
    renderApp('/admin/login');
    // The first render of the file also loads the admin chunk: more than the default second under load.
    await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 });
    expect(screen.getByLabelText(/^Username/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('checks both fields on submit and focuses the first invalid one', async () => {
    const fetchMock = stubApi({});
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a field when it loses focus', async () => {
    stubApi({});
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.click(screen.getByLabelText(/^Username/));
    await userEvent.tab();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it("toasts 'Login failed' with the server's message and shows it on the page", async () => {
    stubApi({
      'POST /api/admin/login': () =>
        Response.json({ success: false, message: 'Invalid credentials' }, { status: 401 }),
    });
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getAllByText('Invalid credentials').length).toBe(2);
    expect(screen.getByRole('alert').textContent).toContain('Invalid credentials');
  });

  it("falls back to 'Invalid credentials' (toast) and 'An error occurred during login' (page)", async () => {
    stubApi({ 'POST /api/admin/login': () => new Response('boom', { status: 500 }) });
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid credentials')).toBeTruthy();
    expect(screen.getByText('An error occurred during login')).toBeTruthy();
  });

  it("signs in, toasts 'Login successful' / 'You are now logged in' and opens the dashboard", async () => {
    stubApi({
      ...dashboardApi,
      'POST /api/admin/login': { success: true, data: { token: 'tok-9', user: ADMIN_USER } },
    });
    const { location } = renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('You are now logged in')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBe('tok-9');
  });

  it("dismisses the last 'Login failed' once an attempt succeeds (issue 45)", async () => {
    let attempts = 0;
    stubApi({
      ...dashboardApi,
      'POST /api/admin/login': () =>
        ++attempts === 1
          ? Response.json({ success: false, message: 'Invalid credentials' }, { status: 401 })
          : Response.json({ success: true, data: { token: 'tok-10', user: ADMIN_USER } }),
    });
    renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Login failed')).toBeNull());
  });

  it('sends a signed-in admin straight to the dashboard', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    stubApi(dashboardApi);
    const { location } = renderApp('/admin/login');
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/dashboard'));
  });
});
