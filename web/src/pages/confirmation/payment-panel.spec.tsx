import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toaster } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { bodyOf, mockApi } from '../../public/test-utils';
import PaymentPanel, { paymentFailure } from './payment-panel';

afterEach(() => {
  toaster.remove();
});

async function renderAndPay(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({
    'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    ...routes,
  });
  const onPaid = vi.fn();
  render(
    <>
      <PaymentPanel
        registrationId={7}
        reference="HS2612-0001-0007"
        balanceCents={13952}
        onPaid={onPaid}
        onClose={() => {}}
      />
      <Toaster />
    </>,
  );
  const pay = await screen.findByRole('button', { name: 'Pay S$139.52' });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
  await userEvent.setup().click(pay);
  return { fetchMock, onPaid };
}

describe('payment panel', () => {
  it('records the charge on the booking after the processor accepts it', async () => {
    const { fetchMock, onPaid } = await renderAndPay({
      'POST /api/payments/process': { success: true, transactionId: 'txn-1', message: 'ok' },
      'POST /api/registrations/7/payment': { success: true, data: { id: 7, status: 'paid' } },
    });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/registrations/7/payment')).toEqual({
      transactionId: 'txn-1',
      amount: 139.52,
    });
    expect(onPaid).toHaveBeenCalledWith('txn-1');
  });

  it("says 'Payment Recorded' when recording fails after the charge, and still counts it as paid", async () => {
    const { onPaid } = await renderAndPay({
      'POST /api/payments/process': { success: true, transactionId: 'txn-2', message: 'ok' },
      'POST /api/registrations/7/payment': () =>
        Response.json({ success: false, message: 'boom' }, { status: 500 }),
    });
    expect(await screen.findByText('Payment Recorded')).toBeTruthy();
    expect(screen.getByText(/Please contact support\./)).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(onPaid).toHaveBeenCalledWith('txn-2');
  });

  it("shows 'Payment Failed' with the processor's message when the card is declined", async () => {
    const { onPaid } = await renderAndPay({
      'POST /api/payments/process': () =>
        Response.json(
          { success: false, transactionId: null, message: 'Card declined', amount: '139.52' },
          { status: 402 },
        ),
    });
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getAllByText('Card declined').length).toBeGreaterThan(0);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('maps each kind of failure to its toast', () => {
    expect(paymentFailure(new ApiError(402, '{"success":false}'))).toEqual({
      title: 'Payment Failed',
      description: 'Payment processing failed',
    });
    expect(paymentFailure(new TypeError('Failed to fetch'))).toEqual({
      title: 'Connection Error',
      description: 'Network error. Please try again later.',
    });
    expect(paymentFailure(new Error('Payment system not initialized'))).toEqual({
      title: 'Payment Error',
      description: 'Payment system not initialized',
    });
  });

  it("shows 'Connection Error' when the payment server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <>
        <PaymentPanel
          registrationId={7}
          reference="HS2612-0001-0007"
          balanceCents={13952}
          onPaid={() => {}}
          onClose={() => {}}
        />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('Connection Error')).toBeTruthy();
    expect(screen.getByText('Unable to connect to payment server.')).toBeTruthy();
    expect(screen.getByText('Network error. Please try again later.')).toBeTruthy();
  });
});
