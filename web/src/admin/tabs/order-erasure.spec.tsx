import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { adminOrder } from '../test/order-fixture';
import { OrdersTab } from './orders-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const FINANCE_USER = { ...ADMIN_USER, id: 2, username: 'money', role: 'finance' };
const REFERENCE = 'HS2605-0101-1234';
// 25 Nov 2026, 17:30 UTC is already 26 Nov in Singapore
const ERASED_AT = '2026-11-25T17:30:00.000Z';

function routes(user: object, orders: ReturnType<typeof adminOrder>[], extra: Record<string, unknown> = {}) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  let detail = 0;
  return stubApi({
    'GET /api/admin/user': { success: true, data: user },
    'GET /api/admin/events': { success: true, data: [] },
    'GET /api/admin/registrations': { success: true, data: [orders[0]], total: 1, page: 1, pageSize: 20 },
    // the order as the api has it: before the erasure, then after
    'GET /api/admin/registrations/7': () =>
      Response.json({
        success: true,
        data: orders[detail++ === 0 ? 0 : orders.length - 1],
      }),
    'GET /api/admin/registrations/7/history': { success: true, data: [] },
    ...(extra as object),
  });
}

async function openDialog() {
  renderWithProviders(<OrdersTab />);
  await userEvent.click(await screen.findByRole('button', { name: `View Details of ${REFERENCE}` }));
  return screen.findByRole('dialog', { name: 'Order Details' });
}

const erased = adminOrder({
  firstName: '',
  lastName: '',
  email: '',
  mobileNumber: null,
  address: null,
  identificationNumber: null,
  personalDataErasedAt: ERASED_AT,
});

describe('erasing personal data in the order dialog (issue 24)', () => {
  it('an erased order says when (Singapore date) and offers neither Reveal, Download nor Erase', async () => {
    routes(ADMIN_USER, [erased]);
    const dialog = await openDialog();
    // the list row says so instead of an empty name
    expect(screen.getAllByText('Personal data erased').length).toBeGreaterThan(0);
    expect((await within(dialog).findByTestId('personal-data-erased')).textContent).toBe(
      'Personal data erased on 26 Nov 2026',
    );
    for (const name of ['Reveal', 'Download personal data', 'Erase personal data…']) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
  });

  it('an admin erases after typing the reference; the dialog then shows the erased state', async () => {
    const fetchMock = routes(ADMIN_USER, [adminOrder(), erased], {
      'POST /api/admin/registrations/7/erase-personal-data': {
        success: true,
        data: { registrationId: 7, referenceNumber: REFERENCE, erasedAt: ERASED_AT },
      },
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Erase personal data…' }));
    const confirm = await screen.findByRole('alertdialog');
    const erase = within(confirm).getByRole('button', { name: 'Erase' });
    expect(erase.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(confirm).getByLabelText(`Type ${REFERENCE} to confirm`), REFERENCE);
    await userEvent.click(erase);
    expect(await screen.findByText('Personal data erased')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('personal-data-erased')).toBeTruthy());
    const posts = fetchMock.mock.calls.filter(
      ([u, init]) => String(u).includes('erase') && init?.method === 'POST',
    );
    expect(posts).toHaveLength(1);
  });

  it('is not offered to other roles', async () => {
    routes(FINANCE_USER, [adminOrder()]);
    renderWithProviders(<OrdersTab />);
    // the role is known once the export button shows
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: `View Details of ${REFERENCE}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(within(dialog).getByTestId('identification-number')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Erase personal data…' })).toBeNull();
  });
});
