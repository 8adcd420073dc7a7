import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { PostalCodesTab } from './postal-codes-tab';

afterEach(() => toaster.remove());

const events = {
  success: true,
  data: [{ id: 3, name: 'Community Screening', slug: 'community', config: { configType: 'auto' } }],
};

const slot = (
  id: number,
  date: string,
  time: string,
  label: string,
  current: number,
  isAvailable = true,
) => ({
  id,
  label,
  date,
  time,
  region: 'north',
  isAvailable,
  currentAttendees: current,
  maxAttendees: 20,
});

const found = {
  success: true,
  region: 'north',
  regionName: 'North',
  data: {
    '2026-06-03': {
      date: { label: 'Wednesday, 3 June 2026', value: '2026-06-03' },
      timeslots: [
        slot(12, '2026-06-03', '08:00', '8:00 AM', 0),
        slot(13, '2026-06-03', '10:00', '10:00 AM', 20, false),
      ],
    },
    '2026-06-01': {
      date: { label: 'Monday, 1 June 2026', value: '2026-06-01' },
      timeslots: [slot(10, '2026-06-01', '09:00', '9:00 AM', 3)],
    },
  },
};

async function search(opts: { postalCode?: string; date?: string }) {
  await screen.findByRole('option', { name: 'Community Screening' });
  await userEvent.selectOptions(screen.getByLabelText(/^Event/), '3');
  if (opts.postalCode)
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal Code/ }), opts.postalCode);
  if (opts.date) await userEvent.type(screen.getByLabelText('Date'), opts.date);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('postal codes tab', () => {
  it('groups the slots by date under the region heading, with Booked and the switch', async () => {
    const seen: URLSearchParams[] = [];
    stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': (_i, url) => {
        seen.push(url.searchParams);
        return Response.json(found);
      },
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '530123' });
    expect(await screen.findByRole('heading', { name: 'North Region' })).toBeTruthy();
    expect(Object.fromEntries(seen[0]!)).toEqual({ eventId: '3', postalCode: '530123' });
    const days = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(days).toEqual(['Monday, 1 June 2026', 'Wednesday, 3 June 2026']);
    const monday = screen.getByRole('region', { name: 'Monday, 1 June 2026' });
    expect(within(monday).getByText('9:00 AM')).toBeTruthy();
    expect(within(monday).getByText('Booked: 3/20')).toBeTruthy();
    expect(within(monday).getByRole('checkbox', { name: /^Available/ })).toBeTruthy();
    const wednesday = screen.getByRole('region', { name: 'Wednesday, 3 June 2026' });
    expect(within(wednesday).getByText('Booked: 20/20')).toBeTruthy();
    expect(within(wednesday).getByRole('checkbox', { name: /^Blocked/ })).toBeTruthy();
  });

  it("blocks a slot: PUT isAvailable false, 'Timeslot updated', the switch reads Blocked", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': found,
      'PUT /api/admin/timeslots/10/availability': {
        success: true,
        data: slot(10, '2026-06-01', '09:00', '9:00 AM', 3, false),
        position: null,
      },
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '530123' });
    const monday = await screen.findByRole('region', { name: 'Monday, 1 June 2026' });
    await userEvent.click(within(monday).getByRole('checkbox', { name: /^Available/ }));
    expect(await screen.findByText('Timeslot updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/timeslots/10/availability')).toEqual({ isAvailable: false });
    await waitFor(() => expect(within(monday).getByRole('checkbox', { name: /^Blocked/ })).toBeTruthy());
  });

  it("raises a slot's capacity: PUT maxAttendees, 'Timeslot updated', Booked shows the new capacity; a refusal is toasted", async () => {
    let answer: Response = Response.json({
      success: true,
      data: { ...slot(10, '2026-06-01', '09:00', '9:00 AM', 3), maxAttendees: 25 },
      position: null,
    });
    const fetchMock = stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': found,
      'PUT /api/admin/timeslots/10/capacity': () => answer,
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '530123' });
    const monday = await screen.findByRole('region', { name: 'Monday, 1 June 2026' });
    const input = within(monday).getByRole('spinbutton', { name: 'Capacity of 9:00 AM on 2026-06-01' });
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    await userEvent.click(within(monday).getByRole('button', { name: 'Set capacity' }));
    expect(await screen.findByText('Timeslot updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/admin/timeslots/10/capacity')).toEqual({ maxAttendees: 25 });
    await waitFor(() => expect(within(monday).getByText('Booked: 3/25')).toBeTruthy());

    answer = Response.json(
      { success: false, message: 'Capacity cannot be lower than the 3 seats already booked' },
      { status: 409 },
    );
    await userEvent.clear(input);
    await userEvent.type(input, '2');
    await userEvent.click(within(monday).getByRole('button', { name: 'Set capacity' }));
    expect(
      await screen.findByText(
        'Failed to update timeslot: Capacity cannot be lower than the 3 seats already booked',
      ),
    ).toBeTruthy();
    expect(within(monday).getByText('Booked: 3/25')).toBeTruthy();
  });

  it("toasts 'Failed to update timeslot: {message}'", async () => {
    stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': found,
      'PUT /api/admin/timeslots/10/availability': () =>
        Response.json({ success: false, message: 'Timeslot not found' }, { status: 404 }),
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '530123' });
    const monday = await screen.findByRole('region', { name: 'Monday, 1 June 2026' });
    await userEvent.click(within(monday).getByRole('checkbox', { name: /^Available/ }));
    expect(await screen.findByText('Failed to update timeslot: Timeslot not found')).toBeTruthy();
    expect(within(monday).getByRole('checkbox', { name: /^Available/ })).toBeTruthy();
  });

  it('shows the empty texts for a postal code and for a date', async () => {
    const seen: URLSearchParams[] = [];
    stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': (_i, url) => {
        seen.push(url.searchParams);
        return Response.json({ success: true, region: null, regionName: null, data: {} });
      },
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '530123' });
    expect(await screen.findByText('No timeslots found for this postal code and event.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: /^Postal Code/ }));
    await userEvent.type(screen.getByLabelText('Date'), '2026-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No timeslots found for the selected date.')).toBeTruthy();
    expect(Object.fromEntries(seen[1]!)).toEqual({ eventId: '3', date: '2026-06-01' });
  });

  it("shows 'Error loading timeslots' with the server's message, else 'Failed to fetch timeslots'", async () => {
    let answer = () =>
      Response.json({ success: false, message: 'No region serves this postal code' }, { status: 404 });
    stubApi({
      'GET /api/admin/events': events,
      'GET /api/admin/timeslots/postal-code': () => answer(),
    });
    renderWithProviders(<PostalCodesTab />);
    await search({ postalCode: '999999' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading timeslots')).toBeTruthy();
    expect(within(alert).getByText('No region serves this postal code')).toBeTruthy();
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Failed to fetch timeslots')).toBeTruthy();
  });

  it("checks the search: 'Please select an event', 'Postal code must be 6 digits', a postal code or a date", async () => {
    const fetchMock = stubApi({ 'GET /api/admin/events': events });
    renderWithProviders(<PostalCodesTab />);
    await screen.findByRole('option', { name: 'Community Screening' });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please select an event')).toBeTruthy();
    expect(screen.getByText('Please enter a postal code or select a date')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText(/^Event/), '3');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal Code/ }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Postal code must be 6 digits')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/timeslots/'))).toBe(false);
  });

  it('the /admin/postal-timeslots page takes a postal code only', async () => {
    stubApi({ 'GET /api/admin/events': events });
    renderWithProviders(<PostalCodesTab postalOnly />);
    await screen.findByRole('option', { name: 'Community Screening' });
    expect(screen.queryByLabelText('Date')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText(/^Event/), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a postal code')).toBeTruthy();
  });
});
