import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { TestEmailDialog } from './email-templates-tab';

afterEach(() => {
  toaster.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const authOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => new Headers(init?.headers).get('Authorization'));

describe('Test Email dialog', () => {
  it("sends the test email with the admin's bearer token (the path is not under /api/admin/)", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/test-email': { success: true, message: 'Test confirmation email sent to ops@example.com' },
    });
    renderWithProviders(<TestEmailDialog open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/Recipient Email/), 'ops@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(authOf(fetchMock, '/api/test-email')).toEqual(['Bearer tok']);
  });

  it('opens the previews in a new tab after the api set the short-lived preview cookie (no token in the URL)', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'POST /api/admin/previews/session': { success: true, data: { expiresIn: 60 } },
    });
    const tab = { opener: {} as unknown, location: { href: '' } };
    const open = vi.fn(() => tab as unknown as Window);
    vi.stubGlobal('open', open);
    renderWithProviders(<TestEmailDialog open onOpenChange={() => {}} />);
    await userEvent.type(await screen.findByLabelText(/Recipient Email/), 'ops@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Preview Template' }));
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const email = new URL(tab.location.href, 'http://localhost');
    expect(email.pathname).toBe('/api/test-email');
    expect(Object.fromEntries(email.searchParams)).toEqual({
      email: 'ops@example.com',
      type: 'confirmation',
      render: '1',
    });
    expect(tab.opener).toBeNull();

    tab.location.href = '';
    await userEvent.click(screen.getByRole('radio', { name: 'PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const pdf = new URL(tab.location.href, 'http://localhost');
    expect(pdf.pathname).toBe('/api/test-pdf');
    expect(pdf.searchParams.has('token')).toBe(false);
    expect(open).toHaveBeenCalledTimes(2);
    // The cookie comes back on the answer to a bearer call; the tab only follows once it is set.
    expect(authOf(fetchMock, '/api/admin/previews/session')).toEqual(['Bearer tok', 'Bearer tok']);
    const sessionCalls = fetchMock.mock.calls.filter(
      ([input]) => new URL(String(input), 'http://localhost').pathname === '/api/admin/previews/session',
    );
    for (const [, init] of sessionCalls) expect(init?.credentials).toBe('include');
  });
});
