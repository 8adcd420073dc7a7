import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { PaymentsTab } from './payments-tab';
import { parseHoldMinutes } from './seat-hold-card';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const testMode = {
  success: true,
  testMode: false,
  message: 'Payment test mode disabled: live payments',
  provider: {
    name: 'Braintree',
    environment: 'production',
    merchantId: '••••••1234',
    merchantAccountName: 'HS SG',
    configured: true,
  },
};

describe('payments tab: seat hold', () => {
  it('accepts whole minutes from 1 to 1440 only', () => {
    expect(parseHoldMinutes('1')).toBe(1);
    expect(parseHoldMinutes(' 1440 ')).toBe(1440);
    for (const bad of ['', '0', '1441', '12.5', '-3', 'abc']) expect(parseHoldMinutes(bad), bad).toBeNull();
  });

  it('shows the saved minutes, refuses an out-of-range value and saves a valid one with PUT', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/payments/test-mode': testMode,
      'GET /api/admin/payments/hold': { success: true, data: { holdMinutes: 30 } },
      'PUT /api/admin/payments/hold': (init) =>
        Response.json({ success: true, data: JSON.parse(String(init.body)) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsTab />);
    const field = (await screen.findByLabelText(/Seat hold \(minutes\)/)) as HTMLInputElement;
    expect(field.value).toBe('30');

    await user.clear(field);
    await user.type(field, '1441');
    await user.click(screen.getByRole('button', { name: 'Save Seat Hold' }));
    expect(await screen.findByText('Enter whole minutes from 1 to 1440.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/payments/hold')).toBeUndefined();

    await user.clear(field);
    await user.type(field, '45{Enter}');
    expect(await screen.findByText('Seat hold saved')).toBeTruthy();
    expect(screen.getByText('Unpaid bookings now hold their seats for 45 minutes.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/payments/hold')).toEqual({ holdMinutes: 45 });
    expect(screen.queryByText('Enter whole minutes from 1 to 1440.')).toBeNull();
    expect(field.value).toBe('45');
  });

  it("toasts the api's message when saving fails", async () => {
    stubApi({
      'GET /api/admin/payments/test-mode': testMode,
      'GET /api/admin/payments/hold': { success: true, data: { holdMinutes: 30 } },
      'PUT /api/admin/payments/hold': () =>
        Response.json({ success: false, message: 'holdMinutes must be at most 1440' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PaymentsTab />);
    const field = await screen.findByLabelText(/Seat hold \(minutes\)/);
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: 'Save Seat Hold' }));
    const toast = await screen.findByText('Failed to save the seat hold: holdMinutes must be at most 1440');
    expect(within(toast.parentElement as HTMLElement).getByText('Error')).toBeTruthy();
  });
});
