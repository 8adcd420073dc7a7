import type { AdminEvent } from '@hs/contracts';
import { VENUE_MESSAGES } from '@hs/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { EventWhereCell } from './event-venues-editor';
import { EventDialog } from './event-dialog';

/** Issue 46: the event dialog's venues, checked as the api checks them, and the warning when there is nowhere to go. */
afterEach(() => toaster.remove());

const noop = () => {};
const event: AdminEvent = {
  id: 9,
  name: 'Corporate Wellness Day',
  slug: 'corporate-wellness-day',
  description: null,
  location: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  packageIds: [],
  dates: [],
  packages: [],
  timeslots: [],
  config: { configType: 'auto', numSlots: 6, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 12 },
  reminders: [{ offsetHours: 24, channel: 'email' }],
  venue: null,
  regionVenues: {},
};
const WARNING = /no venue and no location/;

describe('event dialog: venues', () => {
  it('warns while an active event has nowhere to go, refuses a bad postal code, then saves the venue', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/packages': { success: true, data: [] },
      'PUT /api/admin/events/9': () => Response.json({ success: true, data: event }),
    });
    renderWithProviders(<EventDialog event={event} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText(WARNING)).toBeTruthy();
    // a region-based event offers each region's venue too
    expect(screen.getByText(/North region venue/)).toBeTruthy();

    const [name] = screen.getAllByLabelText('Venue name');
    await userEvent.type(name!, 'MBFC Tower 1 Wellness Suite');
    expect(screen.queryByText(WARNING)).toBeNull();
    await userEvent.type(screen.getAllByLabelText('Address')[0]!, '8 Marina Boulevard');
    await userEvent.type(screen.getAllByLabelText('Postal code')[0]!, '1898');
    await userEvent.type(screen.getAllByLabelText('Contact phone (+65)')[0]!, '6634 8800');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText(VENUE_MESSAGES.postalCode)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.clear(screen.getAllByLabelText('Postal code')[0]!);
    await userEvent.type(screen.getAllByLabelText('Postal code')[0]!, '018981');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PUT', '/api/admin/events/9')).toBeTruthy());
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/events/9')).toMatchObject({
      venue: {
        name: 'MBFC Tower 1 Wellness Suite',
        address: '8 Marina Boulevard',
        postalCode: '018981',
        phone: '+65 6634 8800',
        mapUrl: null,
        lat: null,
        lng: null,
      },
      regionVenues: {},
    });
  });

  it("the events table warns about an active event without venue or location, and names one's venue", () => {
    const { rerender } = render(<EventWhereCell event={event} />);
    expect(screen.getByText('No venue or location')).toBeTruthy();
    rerender(<EventWhereCell event={{ ...event, isActive: false }} />);
    expect(screen.queryByText('No venue or location')).toBeNull();
    const woodlands = {
      name: 'Woodlands Family Clinic',
      address: '900 South Woodlands Drive',
      postalCode: '730900',
      mapUrl: null,
      phone: null,
      email: null,
      lat: null,
      lng: null,
    };
    rerender(<EventWhereCell event={{ ...event, regionVenues: { north: woodlands } }} />);
    expect(screen.getByText('1 region venue')).toBeTruthy();
  });
});
