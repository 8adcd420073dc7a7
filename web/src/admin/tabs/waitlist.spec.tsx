import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { ADMIN_USER, renderApp, stubApi } from '../test/helpers';
import type { AdminWaitlistRow } from './waitlist-tab';

const EVENTS = [
  { id: 1, name: 'Annual Check-up', isActive: true, createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Corporate Screening', isActive: true, createdAt: '2026-01-01T00:00:00Z' },
];

const COUNTS = {
  events: 2,
  packages: 3,
  orders: 4,
  apiKeys: 0,
  discounts: 0,
  holidays: 0,
  emailTemplates: 0,
  paymentProvider: 'Braintree',
  waitlist: 7,
};

const ROWS: AdminWaitlistRow[] = [
  {
    id: 'aaa',
    position: 1,
    firstName: 'Mei',
    lastName: 'Tan',
    email: 'mei@example.com',
    mobileNumber: '91234567',
    seats: 2,
    region: 'central',
    postalCode: '180001',
    preferredDates: [],
    // 02:05 UTC is 10:05 in Singapore
    joinedAt: '2026-11-20T02:05:00.000Z',
    status: 'offered',
    offer: {
      timeslotId: 9,
      date: '2026-12-04',
      time: '09:00',
      label: '9:00 AM',
      expiresAt: '2026-11-25T08:30:00.000Z',
    },
  },
  {
    id: 'bbb',
    position: 2,
    firstName: 'Wei',
    lastName: 'Lim',
    email: 'wei@example.com',
    mobileNumber: '98765432',
    seats: 1,
    region: 'north',
    postalCode: '560123',
    preferredDates: ['2026-12-04'],
    joinedAt: '2026-11-21T10:00:00.000Z',
    status: 'waiting',
    offer: null,
  },
  {
    id: 'ccc',
    position: null,
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@example.com',
    mobileNumber: '90000000',
    seats: 1,
    region: 'east',
    postalCode: '460001',
    preferredDates: [],
    joinedAt: '2026-11-19T10:00:00.000Z',
    status: 'left',
    offer: null,
  },
];

/** The first screen waits for the lazy admin chunk, slow on a loaded machine. */
const FIRST = { timeout: 10_000 };

beforeEach(() => localStorage.setItem('auth_token', 't'));
afterEach(() => {
  localStorage.clear();
  toaster.remove();
});

function api(list: unknown = { success: true, data: ROWS }, extra: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/admin/user': { success: true, data: ADMIN_USER },
    'GET /api/admin/dashboard': { success: true, data: COUNTS },
    'GET /api/admin/events': { success: true, data: EVENTS },
    'GET /api/admin/events/1/waitlist': list as object,
    'GET /api/admin/events/2/waitlist': { success: true, data: [] },
    'DELETE /api/admin/waitlist/aaa': { success: true, message: 'Removed from the waiting list' },
    ...extra,
  });
}

describe('admin Waiting List', { timeout: 20_000 }, () => {
  it('shows an event list with position, region, Singapore time and the offer', async () => {
    api();
    renderApp('/admin/dashboard?tab=waitlist&event=1');
    const table = await screen.findByRole('table', { name: 'Waiting list' }, FIRST);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Mei Tan');
    expect(rows[0]!.textContent).toContain('Central (180001)');
    expect(rows[0]!.textContent).toContain('20 Nov 2026, 10:05');
    expect(rows[0]!.textContent).toContain('Offer sent');
    expect(rows[0]!.textContent).toContain('4 Dec 2026, 9:00 AM · until 25 Nov 2026, 16:30');
    expect(rows[1]!.textContent).toContain('Waiting');
    // an ended entry has no position and no remove
    expect(rows[2]!.textContent).toContain('Left');
    expect(within(rows[2]!).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('removes an entry after confirming and refreshes the list', async () => {
    let removed = false;
    const fetchMock = api(undefined, {
      'GET /api/admin/events/1/waitlist': () =>
        Response.json({ success: true, data: removed ? ROWS.slice(1) : ROWS }),
      'DELETE /api/admin/waitlist/aaa': () => {
        removed = true;
        return Response.json({ success: true, message: 'Removed from the waiting list' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/dashboard?tab=waitlist&event=1');
    await user.click(await screen.findByRole('button', { name: 'Remove Mei Tan' }, FIRST));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove Mei Tan from the waiting list?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed from the waiting list')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Mei Tan')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) => String(u).endsWith('/api/admin/waitlist/aaa') && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('switches events, shows the empty and the error state', async () => {
    api(() => Response.json({ success: false, message: 'Database unavailable' }, { status: 500 }));
    const user = userEvent.setup();
    const { location } = renderApp('/admin/dashboard?tab=waitlist');
    // the first event is picked when none is asked for
    expect(await screen.findByText('Database unavailable', {}, FIRST)).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), '2');
    expect(await screen.findByText('Nobody is on the waiting list for this event.')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/admin/dashboard?tab=waitlist&event=2');
  });

  it('opens on the event with the most people waiting, and says how many wait per event (issue 45)', async () => {
    const fetchMock = api(undefined, {
      'GET /api/admin/waitlist/counts': {
        success: true,
        data: [
          { eventId: 2, active: 3 },
          { eventId: 1, active: 2 },
        ],
      },
    });
    renderApp('/admin/dashboard?tab=waitlist');
    expect(await screen.findByText('Nobody is on the waiting list for this event.', {}, FIRST)).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Event' }) as HTMLSelectElement;
    expect(picker.value).toBe('2');
    expect(picker.selectedOptions[0]!.textContent).toMatch(/\(3 waiting\)$/);
    const asked = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);
    expect(asked).not.toContain('/api/admin/events/1/waitlist');
  });

  it("opens from an event's row", async () => {
    api();
    const user = userEvent.setup();
    renderApp('/admin/dashboard?tab=events');
    await user.click(await screen.findByRole('link', { name: 'Waiting list of Annual Check-up' }, FIRST));
    expect(await screen.findByRole('table', { name: 'Waiting list' })).toBeTruthy();
  });
});
