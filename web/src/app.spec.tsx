import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App, AppProviders } from './app';
import { PublicLayout } from './components/layout/public-layout';
import { toaster } from './components/ui/toaster';
import { useAuth } from './lib/auth';

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const utils = render(<App location={location} swr={{ provider: () => new Map() }} />);
  return { ...utils, location };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

describe('app shell', () => {
  it('renders the home page at /', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Available Health Screening' })).toBeTruthy();
    expect(
      screen.getByText('Please select an event to book your health screening appointment.'),
    ).toBeTruthy();
  });

  it('renders the 404 page for an unknown route, with a link back home', async () => {
    const { location } = renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home.getAttribute('href')).toBe('/');
    await userEvent.click(home);
    expect(location.history.at(-1)).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Available Health Screening' })).toBeTruthy();
  });

  it('renders the 404 page for an unknown /admin path too, without asking for a login', async () => {
    const { location } = renderAt('/admin/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(location.history.at(-1)).toBe('/admin/no-such-page');
  });

  it('shows the header with the Appointments link and no admin actions for a visitor', () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'Appointments' });
    expect(link.getAttribute('href')).toBe('/');
    // issue 46: self-service is one click from every page
    const manage = screen.getAllByRole('link', { name: 'Manage booking' });
    expect(manage.map((a) => a.getAttribute('href'))).toEqual(['/manage-appointment', '/manage-appointment']);
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
    expect(screen.queryByRole('button', { name: /logout/i })).toBeNull();
  });

  it("shows the footer's copyright line with the current year", () => {
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: 'Manage booking' }).getAttribute('href')).toBe(
      '/manage-appointment',
    );
  });

  it('opens the mobile side menu with the same links', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Appointments');
    expect(within(dialog).getByRole('link', { name: 'Manage booking' })).toBeTruthy();
  });

  it('loads the admin area lazily under /admin', async () => {
    renderAt('/admin/dashboard');
    expect(await screen.findByText('Health Screening Admin')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Appointments' })).toBeNull();
  });
});

/** The header of a public page for a signed-in admin (the page itself would redirect to the dashboard). */
function renderHeaderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <AppProviders location={location} swr={{ provider: () => new Map() }}>
      <PublicLayout>
        <p>page</p>
      </PublicLayout>
    </AppProviders>,
  );
  return { ...utils, location };
}

describe('signed-in admin in the header', () => {
  function stubAdminApi({ logoutStatus = 200 }: { logoutStatus?: number } = {}) {
    let releaseLogout: () => void = () => {};
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/admin/user') {
        return Response.json({
          success: true,
          data: { id: 1, username: 'admin', email: null, role: 'admin', lastLogin: null },
        });
      }
      if (url === '/api/admin/logout') {
        await new Promise<void>((resolve) => {
          releaseLogout = resolve;
        });
        return logoutStatus === 200
          ? Response.json({ success: true })
          : Response.json({ success: false, message: 'Server unavailable' }, { status: logoutStatus });
      }
      return new Response('not found', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { fetchMock, release: () => releaseLogout() };
  }

  it("shows Admin Dashboard and Logout, and 'Logging out...' while logging out", async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const { fetchMock, release } = stubAdminApi();
    const { location } = renderHeaderAt('/');

    const dashboard = await screen.findByRole('link', { name: 'Admin Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/admin/dashboard');
    const userCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/user');
    expect(new Headers(userCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logging out...')).toBeTruthy();

    await act(async () => release());
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(await screen.findByText('Logout successful')).toBeTruthy();
  });

  it("toasts 'Logout failed' when logout fails, and still logs out locally", async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const { release } = stubAdminApi({ logoutStatus: 500 });
    renderHeaderAt('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await act(async () => release());
    expect(await screen.findByText('Logout failed')).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull());
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
  });
});

function AuthProbe() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<AuthProbe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
