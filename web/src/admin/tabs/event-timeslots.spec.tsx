import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import type { AdminEvent } from '@hs/contracts';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { EventDialog } from './event-dialog';

afterEach(() => toaster.remove());

const noop = () => {};
const manualEvent: AdminEvent = {
  id: 4,
  name: 'Corporate Wellness Day',
  slug: 'corporate-wellness-day',
  description: null,
  location: 'Raffles Place',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  packageIds: [],
  dates: [],
  packages: [],
  timeslots: [],
  config: { configType: 'manual', numSlots: 10, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 30 },
  reminders: [{ offsetHours: 24, channel: 'email' }],
  venue: null,
  regionVenues: {},
};

const slots = (extra = false) => ({
  success: true,
  region: 'south',
  regionName: 'South',
  data: {
    '2026-07-01': {
      date: { label: 'Wednesday, 1 July 2026', value: '2026-07-01' },
      timeslots: [
        {
          id: 1,
          label: '9:00 AM',
          date: '2026-07-01',
          time: '09:00',
          region: null,
          isAvailable: true,
          currentAttendees: 4,
          maxAttendees: 30,
        },
        ...(extra
          ? [
              {
                id: 2,
                label: '2:00 PM',
                date: '2026-07-01',
                time: '14:00',
                region: null,
                isAvailable: true,
                currentAttendees: 0,
                maxAttendees: 25,
              },
            ]
          : []),
      ],
    },
  },
});

describe('event dialog: manual dates and timeslots', () => {
  it('lists the upcoming slots and adds one with date, time and capacity', async () => {
    let added = false;
    const fetchMock = stubApi({
      'GET /api/admin/packages': { success: true, data: [] },
      'GET /api/admin/timeslots/postal-code': () => Response.json(slots(added)),
      'POST /api/admin/events/4/timeslots': () => {
        added = true;
        return Response.json(
          {
            success: true,
            data: {
              id: 2,
              label: '2:00 PM',
              date: '2026-07-01',
              time: '14:00',
              region: null,
              isAvailable: true,
              currentAttendees: 0,
              maxAttendees: 25,
            },
          },
          { status: 201 },
        );
      },
    });
    renderWithProviders(<EventDialog event={manualEvent} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText('9:00 AM · 4/30 booked')).toBeTruthy();
    expect(screen.getByText('Wednesday, 1 July 2026')).toBeTruthy();
    expect((screen.getByLabelText('Capacity') as HTMLInputElement).value).toBe('30');

    await userEvent.click(screen.getByRole('button', { name: 'Add Timeslot' }));
    expect(screen.getByText('Please enter a valid date')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '14:00' } });
    await userEvent.clear(screen.getByLabelText('Capacity'));
    await userEvent.type(screen.getByLabelText('Capacity'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Add Timeslot' }));
    expect(await screen.findByText('Timeslot added')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/events/4/timeslots')).toEqual({
      date: '2026-07-01',
      time: '14:00',
      maxAttendees: 25,
    });
    await waitFor(() => expect(screen.getByText('2:00 PM · 0/25 booked')).toBeTruthy());
    // the event itself was not submitted
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("toasts 'Failed to create timeslot: {message}'", async () => {
    stubApi({
      'GET /api/admin/packages': { success: true, data: [] },
      'GET /api/admin/timeslots/postal-code': slots(),
      'POST /api/admin/events/4/timeslots': () =>
        Response.json(
          { success: false, message: 'This event already has a timeslot at that date and time' },
          { status: 409 },
        ),
    });
    renderWithProviders(<EventDialog event={manualEvent} open onOpenChange={noop} onSaved={noop} />);
    await screen.findByText('9:00 AM · 4/30 booked');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Timeslot' }));
    expect(
      await screen.findByText(
        'Failed to create timeslot: This event already has a timeslot at that date and time',
      ),
    ).toBeTruthy();
  });

  it('checks the capacity against the event config range and sends nothing out of it', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/packages': { success: true, data: [] },
      'GET /api/admin/timeslots/postal-code': slots(),
    });
    renderWithProviders(<EventDialog event={manualEvent} open onOpenChange={noop} onSaved={noop} />);
    await screen.findByText('9:00 AM · 4/30 booked');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-07-01' } });
    await userEvent.clear(screen.getByLabelText('Capacity'));
    await userEvent.type(screen.getByLabelText('Capacity'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add Timeslot' }));
    expect(screen.getByText('Capacity must be between 1 and 10000')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks to save first when the event is not manual yet', async () => {
    stubApi({ 'GET /api/admin/packages': { success: true, data: [] } });
    renderWithProviders(<EventDialog event={null} open onOpenChange={noop} onSaved={noop} />);
    expect(
      await screen.findByText(
        'Save the event with manual timeslots, then edit it to add its dates and timeslots.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Timeslot' })).toBeNull();
  });
});
