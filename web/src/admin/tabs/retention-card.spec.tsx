import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { RETENTION_MESSAGES, RetentionCard } from './retention-card';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the retention period on the back-office (issue 24)', () => {
  it('shows the period in force, refuses one out of range, saves a valid one', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/privacy-settings': { success: true, data: { retentionDays: 730 } },
      'PUT /api/admin/privacy-settings': (init: RequestInit) =>
        Response.json({ success: true, data: JSON.parse(String(init.body)) }),
    });
    renderWithProviders(<RetentionCard />);
    const input = await screen.findByLabelText(/Retention \(days\)/);
    expect((input as HTMLInputElement).value).toBe('730');
    await userEvent.clear(input);
    await userEvent.type(input, '29');
    await userEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
    expect(await screen.findByText(RETENTION_MESSAGES.range)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, '365');
    await userEvent.click(screen.getByRole('button', { name: 'Save Retention' }));
    expect(await screen.findByText(RETENTION_MESSAGES.saved)).toBeTruthy();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ retentionDays: 365 });
    });
  });
});
