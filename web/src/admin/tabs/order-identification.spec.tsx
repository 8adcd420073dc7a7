import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { exportFileName } from '../lib/orders';
import { personalDataFileName } from '../lib/personal-data';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { adminOrder } from '../test/order-fixture';
import { OrdersTab } from './orders-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const FINANCE_USER = { ...ADMIN_USER, id: 2, username: 'money', role: 'finance' };
const order = adminOrder({
  participants: [
    {
      id: 'p1',
      registrationId: 7,
      firstName: 'Alex',
      lastName: 'Tan',
      gender: 'Male',
      email: 'alex@example.com',
      mobileNumber: '91234567',
      packageId: 1,
      packageName: 'Basic Health',
      packagePrice: '100.00',
      originalPrice: '100.00',
      discountAmount: '0.00',
      isAiaMember: false,
      isPrimary: true,
      identificationNumber: 'S****001X',
      dateOfBirth: '1990-01-01',
      aiaMemberId: null,
    },
    {
      id: 'p2',
      registrationId: 7,
      firstName: 'Kid',
      lastName: 'Tan',
      gender: 'Female',
      email: null,
      mobileNumber: null,
      packageId: 1,
      packageName: 'Basic Health',
      packagePrice: '100.00',
      originalPrice: '100.00',
      discountAmount: '0.00',
      isAiaMember: false,
      isPrimary: false,
      identificationNumber: 'T****456G',
      dateOfBirth: '2012-03-04',
      aiaMemberId: null,
    },
  ],
});

function routes(user: object, extra: Record<string, object | (() => Response)> = {}) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  return stubApi({
    'GET /api/admin/user': { success: true, data: user },
    'GET /api/admin/events': { success: true, data: [] },
    'GET /api/admin/registrations': { success: true, data: [order], total: 1, page: 1, pageSize: 20 },
    'GET /api/admin/registrations/7': { success: true, data: order },
    'GET /api/admin/registrations/7/history': { success: true, data: [] },
    ...extra,
  });
}

async function openDialog() {
  renderWithProviders(<OrdersTab />);
  await userEvent.click(await screen.findByRole('button', { name: 'View Details of HS2605-0101-1234' }));
  return screen.findByRole('dialog');
}

/** Clicks on anchors record their download name instead of navigating. */
function recordDownloads() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

describe('identification numbers in the order dialog (issue 24)', () => {
  it('shows them masked; an admin reveals them, once, through the recorded api call', async () => {
    const fetchMock = routes(ADMIN_USER, {
      'POST /api/admin/registrations/7/reveal-identification': {
        success: true,
        data: {
          identificationNumbers: [
            {
              participantId: 'p1',
              name: 'Alex Tan',
              isPrimary: true,
              identificationNumber: 'S0000001X',
              aiaMemberId: null,
            },
            {
              participantId: 'p2',
              name: 'Kid Tan',
              isPrimary: false,
              identificationNumber: 'T0123456G',
              aiaMemberId: null,
            },
          ],
        },
      },
    });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('identification-number').textContent).toBe('S****001X');
    expect(within(dialog).getByText('(T****456G)')).toBeTruthy();
    expect(dialog.textContent).not.toContain('S0000001X');

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reveal' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('identification-number').textContent).toBe('S0000001X'),
    );
    expect(within(dialog).getByText('(T0123456G)')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reveal' })).toBeNull();
    const reveals = fetchMock.mock.calls.filter(
      ([u, init]) => String(u).includes('reveal') && init?.method === 'POST',
    );
    expect(reveals).toHaveLength(1);
    expect(new Headers(reveals[0]![1]?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('keeps them masked and toasts the refusal when the api says no', async () => {
    routes(ADMIN_USER, {
      'POST /api/admin/registrations/7/reveal-identification': () =>
        Response.json({ success: false, message: 'The finance role does not allow this' }, { status: 403 }),
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText(/Failed to reveal the identification numbers/)).toBeTruthy();
    expect(within(dialog).getByTestId('identification-number').textContent).toBe('S****001X');
  });

  it('offers neither Reveal nor the personal-data download to other roles', async () => {
    routes(FINANCE_USER);
    renderWithProviders(<OrdersTab />);
    // finance may export (masked): the button shows once the role is known
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export unmasked CSV' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of HS2605-0101-1234' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('identification-number').textContent).toBe('S****001X');
    expect(within(dialog).queryByRole('button', { name: 'Reveal' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Download personal data' })).toBeNull();
  });

  it('downloads the access request as personal-data-{reference}.json', async () => {
    const downloads = recordDownloads();
    const fetchMock = routes(ADMIN_USER, {
      'GET /api/admin/registrations/7/personal-data': {
        success: true,
        data: { contact: { email: 'alex@example.com' } },
      },
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download personal data' }));
    await waitFor(() => expect(downloads).toEqual([personalDataFileName('HS2605-0101-1234')]));
    expect(personalDataFileName('HS2605-0101-1234')).toBe('personal-data-HS2605-0101-1234.json');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/admin/registrations/7/personal-data')).toBe(
      true,
    );
  });

  it('the unmasked export is a separate admin button asking for unmasked=true, saved under its own name', async () => {
    const downloads = recordDownloads();
    const fetchMock = routes(ADMIN_USER, {
      'GET /api/admin/registrations/export': () =>
        new Response('Reference,Identification Number\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    renderWithProviders(<OrdersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export unmasked CSV' }));
    await waitFor(() => expect(downloads).toEqual([exportFileName(undefined, true)]));
    expect(exportFileName('2026-05-01', true)).toBe('orders-export-unmasked-2026-05-01.csv');
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/export'));
    expect(String(call?.[0])).toBe('/api/admin/registrations/export?unmasked=true');
  });
});
