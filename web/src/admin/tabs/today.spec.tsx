import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api';
import { ADMIN_USER, renderWithProviders, stubApi } from '../test/helpers';
import { TodayTab } from './today-tab';

const operations = (revenue: { today: string; last7Days: string } | null) => ({
  success: true,
  data: {
    today: '2026-12-01',
    tomorrow: '2026-12-02',
    slots: [
      {
        timeslotId: 11,
        date: '2026-12-01',
        time: '09:00',
        eventId: 1,
        eventName: 'Annual Check-up',
        orders: 3,
        people: 4,
        checkedIn: 1,
      },
      {
        timeslotId: 12,
        date: '2026-12-02',
        time: '14:30',
        eventId: 1,
        eventName: 'Annual Check-up',
        orders: 1,
        people: 2,
        checkedIn: 0,
      },
    ],
    awaitingPayment: {
      count: 1,
      orders: [
        {
          id: 7,
          referenceNumber: 'HS2612-0101-0007',
          eventName: 'Annual Check-up',
          balance: '139.52',
          holdUntil: '2026-12-01T02:30:00.000Z',
        },
      ],
    },
    revenue,
    waitlistOffers: 2,
    parkedEvents: 0,
  },
});

describe('the Today tab (issue 45)', () => {
  it("shows today's and tomorrow's slots with check-in progress, payments awaiting and revenue", async () => {
    stubApi({ 'GET /api/admin/dashboard/operations': operations({ today: '139.52', last7Days: '880.00' }) });
    renderWithProviders(<TodayTab />);
    const glance = await screen.findByRole('list', { name: 'Today at a glance' });
    expect(within(glance).getByText('Checked in').nextSibling?.textContent).toBe('1 / 4');
    expect(within(glance).getByText('Revenue today').nextSibling?.textContent).toBe('S$139.52');
    expect(within(glance).getByText('Waiting-list offers').nextSibling?.textContent).toBe('2');
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByRole('row', { name: /9:00 AM Annual Check-up 4 1 \/ 4/ })).toBeTruthy();
    const tomorrow = screen.getByRole('region', { name: 'Tomorrow' });
    expect(within(tomorrow).getByText('2:30 PM')).toBeTruthy();
    const awaiting = screen.getByRole('region', { name: 'Awaiting payment' });
    expect(within(awaiting).getByText('HS2612-0101-0007')).toBeTruthy();
    // 02:30 UTC is 10:30 in Singapore
    expect(within(awaiting).getByText('1 Dec 2026, 10:30')).toBeTruthy();
  });

  it('shows no money to a role the api gives none, and says when a day has no appointments', async () => {
    const none = operations(null);
    none.data.slots = [];
    stubApi({ 'GET /api/admin/dashboard/operations': none });
    renderWithProviders(<TodayTab />);
    await screen.findByRole('list', { name: 'Today at a glance' });
    expect(screen.queryByText('Revenue today')).toBeNull();
    expect(screen.getAllByText('No appointments.')).toHaveLength(2);
  });

  it('shows an admin the failed emails and jobs from the queues; a front desk user sees neither', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const queues = {
      success: true,
      data: {
        queues: [
          { name: 'receipt-email', counts: { failed: 2 }, failedJobs: [] },
          { name: 'confirmation-email', counts: { failed: 1 }, failedJobs: [] },
          { name: 'partner-confirmation', counts: { failed: 4 }, failedJobs: [] },
        ],
        subscriptions: [],
      },
    };
    stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/dashboard/operations': operations(null),
      'GET /api/admin/queues': queues,
    });
    const { unmount } = renderWithProviders(<TodayTab />);
    const glance = await screen.findByRole('list', { name: 'Today at a glance' });
    expect((await within(glance).findByText('Failed emails')).nextSibling?.textContent).toBe('3');
    expect(within(glance).getByText('Failed jobs').nextSibling?.textContent).toBe('4');
    unmount();

    stubApi({
      'GET /api/admin/user': { success: true, data: { ...ADMIN_USER, role: 'front_desk' } },
      'GET /api/admin/dashboard/operations': operations(null),
      'GET /api/admin/queues': queues,
    });
    renderWithProviders(<TodayTab />);
    await screen.findByRole('list', { name: 'Today at a glance' });
    expect(screen.queryByText('Failed emails')).toBeNull();
    localStorage.clear();
  });
});
