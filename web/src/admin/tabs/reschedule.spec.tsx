import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { adminOrder } from '../test/order-fixture';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { OrderDetailsDialog } from './order-details-dialog';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const RESCHEDULE_PATH = '/api/admin/registrations/7/reschedule';

const slot = (id: number, time: string, label: string, region: string, booked: number, over = {}) => ({
  id,
  label,
  date: '2026-06-01',
  time,
  region,
  isAvailable: true,
  currentAttendees: booked,
  maxAttendees: 10,
  ...over,
});

/** 1 June: the order's own slot (3), one with room in another region, a full one and a blocked one. */
const DAY = {
  success: true,
  region: null,
  regionName: null,
  postalCode: null,
  data: {
    '2026-06-01': {
      date: { label: 'Monday, 1 June 2026', value: '2026-06-01' },
      timeslots: [
        slot(3, '09:00', '9:00 AM', 'north', 4),
        slot(4, '11:00', '11:00 AM', 'north', 10),
        slot(5, '10:00', '10:00 AM', 'east', 7),
        slot(6, '08:00', '8:00 AM', 'west', 0, { isAvailable: false }),
      ],
    },
  },
};

function setUp(order = adminOrder()) {
  const searches: URLSearchParams[] = [];
  const fetchMock = stubApi({
    'GET /api/admin/registrations/7': { success: true, data: order },
    'GET /api/admin/registrations/7/history': { success: true, data: [] },
    'GET /api/admin/timeslots/postal-code': (_init, url) => {
      searches.push(url.searchParams);
      return Response.json(DAY);
    },
    [`POST ${RESCHEDULE_PATH}`]: {
      success: true,
      data: {
        referenceNumber: order.referenceNumber,
        timeslotId: 5,
        date: '2026-06-01',
        time: '10:00',
        label: '10:00 AM',
        dateLabel: 'Monday, 1 June 2026',
        position: '42',
      },
    },
  });
  renderWithProviders(
    <OrderDetailsDialog order={order} onClose={() => {}} onCancel={() => {}} onConfirm={() => {}} />,
  );
  return { fetchMock, searches };
}

async function openReschedule() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reschedule…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
  await within(dialog).findByRole('radio', { name: /10:00 AM/ });
  return { user, dialog };
}

describe('order details: reschedule', () => {
  // In .ci/run this file's first test twice missed its nested dialog, from state files before it in
  // the same worker left (the web tests share a worker's modules). It reproduces with
  // `npx vitest run --maxWorkers 1 --no-file-parallelism src/admin/pages/login-page.spec.tsx
  // src/admin/components/protected-route.spec.tsx src/admin/tabs/reschedule.spec.tsx` (from web/), with
  // every test of protected-route but with no single one. Until that is found it is tried twice; the
  // rest of the file, after it, always passed.
  it("lists the date's slots of every region with seats left; full, blocked and current ones cannot be chosen", {
    retry: 1,
  }, async () => {
    const { searches } = setUp();
    const { dialog } = await openReschedule();
    expect(searches[0]?.get('eventId')).toBe('1');
    expect(searches[0]?.get('date')).toBe('2026-06-01');
    const radio = (name: RegExp) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;
    expect(radio(/10:00 AM · East.*3 seats left/).disabled).toBe(false);
    expect(radio(/11:00 AM · North.*Full/).disabled).toBe(true);
    expect(radio(/8:00 AM · West.*Blocked/).disabled).toBe(true);
    expect(radio(/9:00 AM · North.*Current timeslot/).disabled).toBe(true);
  });

  it('posts the chosen slot, toasts and refreshes the order', async () => {
    const { fetchMock } = setUp();
    const { user, dialog } = await openReschedule();
    const orderReads = () =>
      fetchMock.mock.calls.filter(
        ([u]) => new URL(String(u), 'http://localhost').pathname === '/api/admin/registrations/7',
      ).length;
    const before = orderReads();
    await user.click(within(dialog).getByRole('radio', { name: /10:00 AM/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', RESCHEDULE_PATH)).toEqual({ timeslotId: 5 }));
    expect(await screen.findByText('HS2605-0101-1234 moved to Monday, 1 June 2026, 10:00 AM.')).toBeTruthy();
    await waitFor(() => expect(orderReads()).toBeGreaterThan(before));
  });

  it('a slot without room for every participant cannot be chosen', async () => {
    const four = [{ firstName: 'A' }, { firstName: 'B' }, { firstName: 'C' }, { firstName: 'D' }];
    setUp(adminOrder({ participants: four as never }));
    const { dialog } = await openReschedule();
    // 3 seats left, 4 participants
    expect((within(dialog).getByRole('radio', { name: /10:00 AM/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('is not offered for a cancelled order', async () => {
    setUp(adminOrder({ status: 'canceled' }));
    await screen.findByRole('heading', { name: 'Booking Information' });
    expect(screen.queryByRole('button', { name: 'Reschedule…' })).toBeNull();
  });
});
