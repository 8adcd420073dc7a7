import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { PayNowCard } from './paynow-card';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const settings = (over: object = {}) => ({
  success: true,
  data: {
    offered: true,
    switchedOn: true,
    configured: true,
    mode: 'test',
    secretKey: '••••••••••demo',
    webhookSecret: '••••••••••ripe',
    fakeServer: true,
    webhookPath: '/api/payments/stripe/webhook',
    ...over,
  },
});

describe('payments tab: PayNow (issue 48)', () => {
  it('shows the masked keys and turns PayNow off with PUT', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/payments/paynow': settings(),
      'PUT /api/admin/payments/paynow': settings({ offered: false, switchedOn: false }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PayNowCard />);
    const toggle = await screen.findByRole('checkbox', { name: 'Offer PayNow to customers' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('••••••••••demo')).toBeTruthy();
    expect(screen.getByText('Stripe (local fake server)')).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('PayNow updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/payments/paynow')).toEqual({ enabled: false });
    expect(await screen.findByText('Not offered')).toBeTruthy();
  });

  it('without the Stripe keys the switch is off and disabled, and says what to set', async () => {
    stubApi({
      'GET /api/admin/payments/paynow': settings({
        offered: false,
        configured: false,
        mode: null,
        secretKey: 'not configured',
        webhookSecret: 'not configured',
        fakeServer: false,
      }),
    });
    renderWithProviders(<PayNowCard />);
    const toggle = (await screen.findByRole('checkbox', {
      name: 'Offer PayNow to customers',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/)).toBeTruthy();
  });
});
