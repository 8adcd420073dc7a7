import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
// The server's one list of email types (templates.ts imports nothing, so the web can read it here).
import { EMAIL_TYPES } from '../../../../packages/notifications/src/templates';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { EMAIL_TYPE_LABELS, TestEmailDialog } from './email-templates-tab';

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
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const email = new URL(tab.location.href, 'http://localhost');
    expect(email.pathname).toBe('/api/test-email');
    // a preview shows sample data: the recipient is not sent along
    expect(Object.fromEntries(email.searchParams)).toEqual({ type: 'confirmation', render: '1' });
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

  it('offers every email type the product sends, with a label each (issue 45)', async () => {
    stubApi({ 'GET /api/admin/user': { success: true, data: ADMIN_USER } });
    renderWithProviders(<TestEmailDialog open onOpenChange={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'Email Type' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value).sort()).toEqual([...EMAIL_TYPES].sort());
    expect(Object.keys(EMAIL_TYPE_LABELS).sort()).toEqual([...EMAIL_TYPES].sort());
    const labels = options.map((o) => o.textContent);
    expect(new Set(labels).size).toBe(EMAIL_TYPES.length);
    expect(labels).toEqual(
      expect.arrayContaining(['Booking confirmation', 'Reminder', 'Cancellation', 'Refund', 'Rescheduled']),
    );
    for (const label of labels) expect(label).not.toMatch(/_/);
    expect((select as HTMLSelectElement).value).toBe('confirmation');
  });

  it('previews any type with no recipient, and offers the PDF only where the email has one', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'POST /api/admin/previews/session': { success: true, data: { expiresIn: 60 } },
    });
    const tab = { opener: {} as unknown, location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab as unknown as Window),
    );
    renderWithProviders(<TestEmailDialog open onOpenChange={() => {}} />);
    const select = await screen.findByRole('combobox', { name: 'Email Type' });
    const preview = within(screen.getByRole('region', { name: 'Preview' }));
    for (const [type, label] of [
      ['refund', 'Refund'],
      ['waitlist_offer', 'Waiting list: seats offered'],
      ['cancellation', 'Cancellation'],
    ] as const) {
      await userEvent.selectOptions(select, label);
      // no PDF behind these emails' preview
      expect(preview.queryByRole('radio', { name: 'PDF' })).toBeNull();
      tab.location.href = '';
      await userEvent.click(preview.getByRole('button', { name: 'Preview' }));
      await waitFor(() => expect(tab.location.href).not.toBe(''));
      const url = new URL(tab.location.href, 'http://localhost');
      expect(url.pathname).toBe('/api/test-email');
      expect(Object.fromEntries(url.searchParams)).toEqual({ type, render: '1' });
    }
    // nothing was checked or sent: no recipient asked for, no error shown
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/test-email'))).toBe(false);

    // the invoice has a PDF: Email / PDF
    await userEvent.selectOptions(select, 'Invoice');
    await userEvent.click(preview.getByRole('radio', { name: 'PDF' }));
    tab.location.href = '';
    await userEvent.click(preview.getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const pdf = new URL(tab.location.href, 'http://localhost');
    expect(pdf.pathname).toBe('/api/test-pdf');
    expect(pdf.searchParams.get('type')).toBe('invoice');
    // a type with no PDF goes back to the email preview
    await userEvent.selectOptions(select, 'Reminder');
    expect(preview.queryByRole('button', { name: 'Preview PDF' })).toBeNull();
    expect(preview.getByRole('button', { name: 'Preview' })).toBeTruthy();
  });

  it('sends a test email of the chosen type, and asks for a recipient only to send', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/test-email': { success: true, message: 'Test rescheduled email sent to ops@example.com' },
    });
    renderWithProviders(<TestEmailDialog open onOpenChange={() => {}} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Email Type' }), 'Rescheduled');
    const sendSection = within(screen.getByRole('region', { name: 'Send test email' }));
    expect(sendSection.getByText(/Sends the Rescheduled email/)).toBeTruthy();
    await userEvent.click(sendSection.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/test-email'))).toBe(false);

    await userEvent.type(sendSection.getByLabelText(/Recipient Email/), 'ops@example.com');
    await userEvent.click(sendSection.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    const sent = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/test-email');
    expect(sent.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { email: 'ops@example.com', type: 'rescheduled' },
    ]);
  });
});
