import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { checkRefundForm, refundableCents } from '../lib/refunds';
import { adminOrder } from '../test/order-fixture';
import { bodyOf, renderWithProviders, stubApi, CANCEL_PREVIEW_ROUTE } from '../test/helpers';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderDetailsDialog } from './order-details-dialog';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const history = { success: true, data: [] };
const REFUNDS_PATH = '/api/admin/registrations/7/refunds';

/** The Idempotency-Key header of every refund request so far. */
function refundKeys(fetchMock: ReturnType<typeof stubApi>): (string | null)[] {
  return fetchMock.mock.calls
    .filter(([u, init]) => String(u) === REFUNDS_PATH && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

function renderDetails(order = adminOrder()) {
  renderWithProviders(
    <OrderDetailsDialog order={order} onClose={() => {}} onCancel={() => {}} onConfirm={() => {}} />,
  );
}

describe('refund rules', () => {
  it('refundable is paid minus refunded, never below zero', () => {
    expect(refundableCents(adminOrder({ paidAmount: '98.10', refundedAmount: '20.00' }))).toBe(7810);
    expect(refundableCents(adminOrder({ paidAmount: '10.00', refundedAmount: '10.00' }))).toBe(0);
  });

  it('wants a positive amount up to the refundable part, and a reason', () => {
    expect(checkRefundForm({ amount: '12.50', reason: 'Goodwill' }, 9810)).toEqual({});
    expect(checkRefundForm({ amount: '98.11', reason: 'x' }, 9810).amount).toBe(
      'The amount can be at most S$98.10, what was paid and not yet refunded.',
    );
    expect(checkRefundForm({ amount: '0', reason: 'x' }, 9810).amount).toBe(
      'The amount must be more than S$0.00.',
    );
    expect(checkRefundForm({ amount: '1.234', reason: 'x' }, 9810).amount).toBe(
      'Enter an amount in dollars, e.g. 12.50.',
    );
    expect(checkRefundForm({ amount: '1', reason: '  ' }, 9810).reason).toBe('Enter a reason.');
  });
});

describe('order details: refunds', () => {
  it('shows the refunded amount, the refunds, and the review badge', async () => {
    const order = adminOrder({
      status: 'canceled',
      refundedAmount: '20.00',
      refundReview: true,
      refunds: [
        {
          id: 'rf-1',
          amount: '20.00',
          kind: 'refund',
          status: 'succeeded',
          transactionId: 'txn-refund-9',
          reason: 'Goodwill',
          createdAt: '2026-05-02T06:15:00.000Z',
        },
      ],
    });
    stubApi({
      'GET /api/admin/registrations/7': { success: true, data: order },
      'GET /api/admin/registrations/7/history': history,
    });
    renderDetails(order);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refund needs review')).toBeTruthy();
    const refunded = within(dialog).getByText('Refunded');
    expect(refunded.nextElementSibling?.textContent).toBe('S$20.00');
    const list = within(dialog).getByRole('list', { name: 'Refunds' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('S$20.00')).toBeTruthy();
    expect(within(item).getByText('Refund')).toBeTruthy();
    expect(within(item).getByText('Succeeded')).toBeTruthy();
    expect(within(item).getByText('2 May 2026, 14:15 SGT')).toBeTruthy();
    expect(within(item).getByText('txn-refund-9')).toBeTruthy();
    expect(within(item).getByText('Goodwill')).toBeTruthy();
    // S$78.10 is still refundable
    expect(within(dialog).getByRole('button', { name: 'Refund…' })).toBeTruthy();
  });

  it('offers no Refund when nothing is left to refund', async () => {
    const order = adminOrder({ refundedAmount: '98.10' });
    stubApi({
      'GET /api/admin/registrations/7': { success: true, data: order },
      'GET /api/admin/registrations/7/history': history,
    });
    renderDetails(order);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Payment Information');
    expect(within(dialog).queryByRole('button', { name: 'Refund…' })).toBeNull();
  });

  it('refunds part of the payment with a reason, one Idempotency-Key per opening, with the keyboard', async () => {
    let refunded = false;
    const fetchMock = stubApi({
      'GET /api/admin/registrations/7': () =>
        Response.json({
          success: true,
          data: adminOrder(refunded ? { refundedAmount: '12.50' } : {}),
        }),
      'GET /api/admin/registrations/7/history': history,
      [`POST ${REFUNDS_PATH}`]: () => {
        refunded = true;
        return Response.json(
          {
            success: true,
            data: { id: 'rf-1', amount: '12.50', status: 'succeeded', transactionId: 'txn-r1' },
          },
          { status: 201 },
        );
      },
    });
    const user = userEvent.setup();
    renderDetails();
    const details = await screen.findByRole('dialog');
    await user.click(within(details).getByRole('button', { name: 'Refund…' }));
    const form = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(form).getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.value).toBe('98.10');

    // the reason is required: nothing is sent without it, and the reason field takes focus
    await user.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Enter a reason.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(/Reason/));
    expect(refundKeys(fetchMock)).toEqual([]);

    await user.keyboard('Goodwill gesture');
    await user.clear(amount);
    await user.type(amount, '12.50{Enter}');
    expect(await screen.findByText('Refund issued')).toBeTruthy();
    expect(screen.getByText('S$12.50 refunded to the card (transaction txn-r1).')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', REFUNDS_PATH)).toEqual({ amount: '12.50', reason: 'Goodwill gesture' });
    const [first] = refundKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund' })).toBeNull());

    // a second opening is a new refund: a new key, and the rest as the default
    await user.click(within(details).getByRole('button', { name: 'Refund…' }));
    const again = await screen.findByRole('dialog', { name: 'Refund' });
    await waitFor(() =>
      expect((within(again).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('85.60'),
    );
    await user.type(within(again).getByLabelText(/Reason/), 'Rest');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundKeys(fetchMock)).toHaveLength(2));
    expect(refundKeys(fetchMock)[1]).not.toBe(first);
  });

  it("shows the api's message in the dialog and keeps the key while the outcome is unknown", async () => {
    let answer = 0;
    const fetchMock = stubApi({
      'GET /api/admin/registrations/7': { success: true, data: adminOrder() },
      'GET /api/admin/registrations/7/history': history,
      [`POST ${REFUNDS_PATH}`]: () => {
        answer += 1;
        if (answer === 1)
          return Response.json(
            {
              success: false,
              message: 'The payment gateway did not accept the refund. Nothing was refunded.',
            },
            { status: 502 },
          );
        return Response.json({ success: false, message: 'Internal error' }, { status: 500 });
      },
    });
    const user = userEvent.setup();
    renderDetails();
    const details = await screen.findByRole('dialog');
    await user.click(within(details).getByRole('button', { name: 'Refund…' }));
    const form = await screen.findByRole('dialog', { name: 'Refund' });
    await user.type(within(form).getByLabelText(/Reason/), 'Customer asked');
    const submit = within(form).getByRole('button', { name: 'Refund' });
    await user.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The payment gateway did not accept the refund. Nothing was refunded.',
    );
    await user.click(submit);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Internal error'));
    await user.click(submit);
    await waitFor(() => expect(refundKeys(fetchMock)).toHaveLength(3));
    const [k1, k2, k3] = refundKeys(fetchMock);
    // nothing was refunded after the 502: a new refund; after the 500 nobody knows: the same key again
    expect(k2).not.toBe(k1);
    expect(k3).toBe(k2);
    expect(screen.getByRole('dialog', { name: 'Refund' })).toBeTruthy();
  });
});

describe('cancel order: the refund in the same confirmation', () => {
  function renderCancel(order = adminOrder(), onConfirm = vi.fn(async () => true)) {
    renderWithProviders(<CancelOrderDialog order={order} onOpenChange={() => {}} onConfirm={onConfirm} />);
    return onConfirm;
  }

  it('refunds the card after the cancel when the box stays ticked', async () => {
    const fetchMock = stubApi({
      ...CANCEL_PREVIEW_ROUTE,
      [`POST ${REFUNDS_PATH}`]: () =>
        Response.json(
          {
            success: true,
            data: { id: 'rf-1', amount: '98.10', status: 'succeeded', transactionId: 'txn-r1' },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    const onConfirm = renderCancel();
    const confirm = await screen.findByRole('alertdialog');
    const box = within(confirm).getByRole('checkbox', {
      name: 'Refund S$98.10 to the card',
    }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    // the server's consequence is read before the cancel can go ahead
    await within(confirm).findByTestId('status-change-consequence');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Refund issued')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetchMock, 'POST', REFUNDS_PATH)).toEqual({
      amount: '98.10',
      reason: 'Order cancelled by staff',
    });
    expect(refundKeys(fetchMock)[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes no refund when unticked (Space on the box)', async () => {
    const fetchMock = stubApi({ ...CANCEL_PREVIEW_ROUTE });
    const user = userEvent.setup();
    const onConfirm = renderCancel();
    const confirm = await screen.findByRole('alertdialog');
    const box = within(confirm).getByRole('checkbox', {
      name: 'Refund S$98.10 to the card',
    }) as HTMLInputElement;
    box.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(box.checked).toBe(false));
    // the server's consequence is read before the cancel can go ahead
    await within(confirm).findByTestId('status-change-consequence');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(refundKeys(fetchMock)).toEqual([]);
  });

  it('does not refund when the cancel failed', async () => {
    const fetchMock = stubApi({ ...CANCEL_PREVIEW_ROUTE });
    const user = userEvent.setup();
    const onConfirm = renderCancel(
      adminOrder(),
      vi.fn(async () => false),
    );
    const confirm = await screen.findByRole('alertdialog');
    // the server's consequence is read before the cancel can go ahead
    await within(confirm).findByTestId('status-change-consequence');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(refundKeys(fetchMock)).toEqual([]);
  });

  it('offers no refund for an order without a card payment', async () => {
    stubApi({ ...CANCEL_PREVIEW_ROUTE });
    renderCancel(adminOrder({ status: 'pending', paidAmount: '0.00', balanceDue: '98.10' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).queryByRole('checkbox')).toBeNull();
  });

  it('says when the refund failed after the cancel', async () => {
    stubApi({
      ...CANCEL_PREVIEW_ROUTE,
      [`POST ${REFUNDS_PATH}`]: () =>
        Response.json(
          { success: false, message: 'The payment gateway did not accept the refund. Nothing was refunded.' },
          { status: 502 },
        ),
    });
    const user = userEvent.setup();
    renderCancel();
    const confirm = await screen.findByRole('alertdialog');
    // the server's consequence is read before the cancel can go ahead
    await within(confirm).findByTestId('status-change-consequence');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(
      await screen.findByText(
        "The order was cancelled but the refund failed: The payment gateway did not accept the refund. Nothing was refunded. Use Refund in the order's details to try again.",
      ),
    ).toBeTruthy();
  });
});
