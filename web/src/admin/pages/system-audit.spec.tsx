import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { renderWithProviders, stubApi } from '../test/helpers';
import AuditLogPage, { changedFields } from './audit-log-page';
import SystemPage, { normalizeQueues } from './system-page';

afterEach(() => toaster.remove());

const subscriptions = {
  success: true,
  data: [
    {
      name: 'orders',
      checkpoint: '812.40',
      checkpointUpdatedAt: '2026-05-01T02:00:00.000Z',
      lagEvents: 0,
      lagSeconds: 0,
      holder: 'worker-1',
      leaseExpiresAt: '2026-05-01T02:00:30.000Z',
      leaseActive: true,
      parkedEvents: 1,
      stalled: false,
    },
    {
      name: 'notifications',
      checkpoint: '800.12',
      checkpointUpdatedAt: '2026-05-01T01:58:00.000Z',
      lagEvents: 28,
      lagSeconds: 125,
      holder: null,
      leaseExpiresAt: null,
      leaseActive: false,
      parkedEvents: 0,
      stalled: true,
    },
  ],
};

const parkedEvents = {
  success: true,
  data: [
    {
      subscriber: 'orders',
      eventId: '0190a1b2-0000-7000-8000-000000000001',
      streamId: 'registration-42',
      streamVersion: 1,
      eventType: 'RegistrationBooked',
      globalPosition: 99,
      error: '22P05 unsupported Unicode escape sequence',
      attempts: 3,
      parkedAt: '2026-05-01T02:01:00.000Z',
      retryRequestedAt: null,
    },
  ],
};

const queues = {
  success: true,
  data: {
    queues: [
      {
        name: 'confirmation-email',
        counts: { waiting: 2, active: 0, delayed: 1, failed: 1, completed: 40 },
        failedJobs: [
          {
            id: 'RegistrationBooked:42',
            name: 'send-confirmation',
            failedReason: '550 mailbox unavailable',
            attemptsMade: 8,
            timestamp: 1_777_600_000_000,
            finishedOn: 1_777_600_100_000,
            data: {},
          },
        ],
      },
    ],
    subscriptions: [],
  },
};

describe('system view', () => {
  it('shows projection lag, parked events, queue counts and failed jobs with Retry', async () => {
    let retried = '';
    let parkedRetry = '';
    stubApi({
      'GET /api/admin/system/subscriptions': subscriptions,
      'GET /api/admin/system/parked-events': parkedEvents,
      'POST /api/admin/system/parked-events/orders/0190a1b2-0000-7000-8000-000000000001/retry': (_i, url) => {
        parkedRetry = url.pathname;
        return Response.json({ success: true, message: 'asked' }, { status: 202 });
      },
      'GET /api/admin/queues': queues,
      'POST /api/admin/queues/confirmation-email/jobs/RegistrationBooked%3A42/retry': (_i, url) => {
        retried = url.pathname;
        return Response.json({
          success: true,
          message: 'Job RegistrationBooked:42 of confirmation-email queued again',
        });
      },
    });
    renderWithProviders(<SystemPage />);
    const lag = await screen.findByRole('table', { name: 'Projections and reactors' });
    const orders = within(lag).getByText('orders').closest('tr') as HTMLElement;
    expect(within(orders).getByText('Up to date')).toBeTruthy();
    expect(within(orders).getByText('Lease active')).toBeTruthy();
    const notifications = within(lag).getByText('notifications').closest('tr') as HTMLElement;
    expect(within(orders).getByText('1 parked')).toBeTruthy();
    expect(within(notifications).getByText('Stalled: 28 events')).toBeTruthy();
    expect(within(notifications).getByText('2 min')).toBeTruthy();
    expect(within(notifications).getByText('No worker')).toBeTruthy();

    const parked = await screen.findByRole('table', { name: 'Parked events' });
    expect(within(parked).getByText('22P05 unsupported Unicode escape sequence (3 tries)')).toBeTruthy();
    await userEvent.click(
      within(parked).getByRole('button', { name: 'Retry RegistrationBooked of registration-42 for orders' }),
    );
    expect(await screen.findByText('Retry asked')).toBeTruthy();
    expect(parkedRetry).toBe(
      '/api/admin/system/parked-events/orders/0190a1b2-0000-7000-8000-000000000001/retry',
    );

    const queue = await screen.findByRole('article', { name: 'Queue confirmation-email' });
    expect(within(queue).getByText('waiting: 2')).toBeTruthy();
    expect(within(queue).getByText('failed: 1')).toBeTruthy();
    expect(within(queue).getByText('550 mailbox unavailable')).toBeTruthy();
    await userEvent.click(
      within(queue).getByRole('button', { name: 'Retry confirmation-email job RegistrationBooked:42' }),
    );
    expect(await screen.findByText('Job retried')).toBeTruthy();
    expect(retried).toBe('/api/admin/queues/confirmation-email/jobs/RegistrationBooked%3A42/retry');
  });

  it.each([404, 503])('reads a %s from the queue view as unavailable', async (status) => {
    stubApi({
      'GET /api/admin/system/subscriptions': subscriptions,
      'GET /api/admin/queues': () =>
        Response.json({ success: false, message: 'Redis is not reachable.' }, { status }),
    });
    renderWithProviders(<SystemPage />);
    expect(await screen.findByText('Queue status unavailable')).toBeTruthy();
    expect(await screen.findByText('orders')).toBeTruthy();
  });

  it('reads other queue shapes', () => {
    expect(
      normalizeQueues({
        data: [{ name: 'q', waiting: 1, failed: [{ id: 3, reason: 'boom', attempts: 2 }] }],
      }),
    ).toEqual([
      {
        name: 'q',
        counts: { waiting: 1 },
        failed: [{ id: '3', name: null, reason: 'boom', attempts: 2, failedAt: null }],
      },
    ]);
  });
});

describe('audit log', () => {
  it('shows who changed what, with before and after', async () => {
    stubApi({
      'GET /api/admin/audit-log': {
        success: true,
        data: [
          {
            id: 5,
            actor: 'admin:ana',
            actorRole: 'finance',
            action: 'update',
            entity: 'event',
            entityId: '3',
            before: { name: 'Old name', isActive: true, updatedAt: 'a' },
            after: { name: 'New name', isActive: true, updatedAt: 'b' },
            at: '2026-05-01T02:30:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 25,
      },
    });
    renderWithProviders(<AuditLogPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getByText('Finance ana').closest('tr') as HTMLElement;
    expect(within(row).getByText('1 May 2026, 10:30:00')).toBeTruthy();
    expect(within(row).getByText('update')).toBeTruthy();
    expect(within(row).getByText('#3')).toBeTruthy();
    expect(within(row).getByText('1 field: name')).toBeTruthy();
    expect(within(row).getByText('Old name')).toBeTruthy();
    expect(within(row).getByText('New name')).toBeTruthy();
  });

  it('lists the changed fields only', () => {
    expect(changedFields(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1 }]);
    expect(changedFields({ a: 1, b: [1] }, { a: 1, b: [2] })).toEqual([
      { field: 'b', before: [1], after: [2] },
    ]);
  });
});
