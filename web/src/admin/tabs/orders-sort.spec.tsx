import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import type { AdminOrder } from '@hs/contracts';
import { appointmentAriaSort, nextAppointmentSort, ordersKey } from '../lib/orders';
import { renderWithProviders, stubApi, CANCEL_PREVIEW_ROUTE } from '../test/helpers';
import { adminOrder } from '../test/order-fixture';
import { ORDERS_CARDS_QUERY, OrdersTab } from './orders-tab';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const events = { success: true, data: [{ id: 1, name: 'Community Screening', slug: 'community' }] };
const pending = (over: Partial<AdminOrder> = {}) =>
  adminOrder({ status: 'pending', paidAmount: '0.00', balanceDue: '98.10', ...over });
const page = (data: AdminOrder[], total = data.length) => ({
  success: true,
  data,
  total,
  page: 1,
  pageSize: 20,
});

/** Renders the tab over `orders` (of `total`), recording the query of every list request. */
async function renderRecordingQueries(orders: AdminOrder[] = [pending()], total?: number) {
  const seen: URLSearchParams[] = [];
  stubApi({
    'GET /api/admin/events': events,
    'GET /api/admin/registrations': (_init, url) => {
      seen.push(url.searchParams);
      return Response.json(page(orders, total));
    },
  });
  renderWithProviders(<OrdersTab />);
  await screen.findAllByText(orders[0]!.referenceNumber);
  return seen;
}

/** A window as wide as a phone: the cards' media query matches. */
function narrowWindow() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === ORDERS_CARDS_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('orders sorted by appointment (issue 45)', () => {
  it('cycles the order: ascending first, then descending and back', () => {
    expect(nextAppointmentSort(undefined)).toBe('appointment');
    expect(nextAppointmentSort('created')).toBe('appointment');
    expect(nextAppointmentSort('appointment')).toBe('-appointment');
    expect(nextAppointmentSort('-appointment')).toBe('appointment');
    expect(appointmentAriaSort('created')).toBe('none');
    expect(appointmentAriaSort('appointment')).toBe('ascending');
    expect(appointmentAriaSort('-appointment')).toBe('descending');
    // the default order is the api's own: no sort parameter
    const params = (sort?: 'created' | 'appointment') =>
      ordersKey({ status: 'all', eventId: '', search: '', page: 1, sort })[1];
    expect(params().sort).toBeUndefined();
    expect(params('created').sort).toBeUndefined();
    expect(params('appointment').sort).toBe('appointment');
  });

  it('sorts from the Appointment header, which says how the column is sorted', async () => {
    const seen = await renderRecordingQueries();
    expect(seen.at(-1)?.get('sort')).toBeNull();
    const table = screen.getByRole('table', { name: 'Orders' });
    const header = within(table).getByRole('columnheader', { name: /Appointment/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    // no other column claims an order
    for (const other of within(table).getAllByRole('columnheader'))
      if (other !== header) expect(other.hasAttribute('aria-sort')).toBe(false);
    const button = within(header).getByRole('button', { name: /^Appointment/ });

    await userEvent.click(button);
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('appointment'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(button);
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('-appointment'));
    expect(header.getAttribute('aria-sort')).toBe('descending');

    // and back (the ascending page may come from the cache: no request needed)
    await userEvent.click(button);
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
  });

  it('sorts from the keyboard', async () => {
    const seen = await renderRecordingQueries();
    const header = screen.getByRole('columnheader', { name: /Appointment/ });
    const button = within(header).getByRole('button');
    // reached with Tab like any other control, then Enter and Space
    button.focus();
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('appointment'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('-appointment'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('starts again at the first page when the order changes, keeping the filters', async () => {
    const seen = await renderRecordingQueries([pending()], 45);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(seen.at(-1)?.get('status')).toBe('pending'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.at(-1)?.get('page')).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: /^Appointment/ }));
    await waitFor(() => {
      expect(seen.at(-1)?.get('sort')).toBe('appointment');
      expect(seen.at(-1)?.get('page')).toBe('1');
    });
    expect(seen.at(-1)?.get('status')).toBe('pending');
  });
});

describe('orders as cards below md (issue 45)', () => {
  it('shows each order as a card with its status and row actions instead of the table', async () => {
    narrowWindow();
    const fetchMock = stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/registrations': page([
        pending(),
        adminOrder({ id: 8, referenceNumber: 'HS2605-0101-9999', status: 'canceled', firstName: 'Bea' }),
      ]),
      ...CANCEL_PREVIEW_ROUTE,
      'PATCH /api/admin/registrations/7': { success: true, data: pending({ status: 'canceled' }) },
    });
    renderWithProviders(<OrdersTab />);
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = cards[0]!;
    expect(within(card).getByText('HS2605-0101-1234')).toBeTruthy();
    expect(within(card).getByText('Alex Tan')).toBeTruthy();
    expect(within(card).getByText('Community Screening')).toBeTruthy();
    expect(within(card).getByText('1 Jun 2026, 09:00')).toBeTruthy();
    expect(within(card).getByText(/S\$98\.10 · Balance S\$98\.10/)).toBeTruthy();
    expect(within(card).getByText('Pending')).toBeTruthy();
    for (const action of ['View Details of', 'Mark as Confirmed', 'Cancel Order'])
      expect(within(card).getByRole('button', { name: `${action} HS2605-0101-1234` })).toBeTruthy();
    // the same rules as the table's rows: a cancelled order cannot be cancelled again
    expect(within(cards[1]!).getByText('Cancelled')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button', { name: /^Cancel Order/ })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Order HS2605-0101-1234' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) => String(u).endsWith('/registrations/7') && init?.method === 'PATCH',
      ),
    ).toBe(true);
  });

  it('sorts the cards with a Sort field, as they have no column header', async () => {
    narrowWindow();
    const seen = await renderRecordingQueries();
    const sort = screen.getByLabelText('Sort');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['created', 'appointment', '-appointment']);
    await userEvent.selectOptions(sort, '-appointment');
    await waitFor(() => expect(seen.at(-1)?.get('sort')).toBe('-appointment'));
  });

  it('keeps the table (and no Sort field) at md and up', async () => {
    await renderRecordingQueries();
    expect(screen.getByRole('table', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByLabelText('Sort')).toBeNull();
  });
});
