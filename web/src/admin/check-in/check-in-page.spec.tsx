import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDaysToDay, singaporeToday } from '@hs/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CheckInPage from '../pages/check-in-page';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import { searchParties } from './attendee-search';

afterEach(() => vi.unstubAllGlobals());

const person = (participantId: string, name: string, over = {}) => ({
  participantId,
  name,
  packageName: 'Basic Health',
  isPrimary: participantId.endsWith('1'),
  checkedInAt: null,
  checkedInBy: null,
  noShow: false,
  ...over,
});
const party = (over = {}) => ({
  registrationId: 7,
  referenceNumber: 'HS2606-0101-1234',
  status: 'pending_payment',
  paymentStatus: 'balance_due' as const,
  balanceDue: '139.52',
  date: '2026-06-01',
  time: '09:00',
  contactName: 'Mei Tan',
  people: [person('p1', 'Mei Tan'), person('p2', 'Wei Lim')],
  ...over,
});
const sheet = (parties = [party()]) => ({
  success: true,
  data: {
    eventId: 3,
    eventName: 'Community Screening',
    location: null,
    date: '2026-06-01',
    slots: [{ timeslotId: 1, time: '09:00', parties }],
  },
});

describe('searchParties', () => {
  it('matches part of the reference (dashes ignored) or of a name, from two characters', () => {
    const s = sheet().data;
    expect(searchParties(s, '0101 12')).toHaveLength(1);
    expect(searchParties(s, 'wei')).toHaveLength(1);
    expect(searchParties(s, 'w')).toHaveLength(0);
    expect(searchParties(s, 'nobody')).toHaveLength(0);
  });
});

const paid = (over = {}) => party({ status: 'paid', paymentStatus: 'paid', balanceDue: '0.00', ...over });
const answer = (message: string, p: object) => ({
  success: true,
  data: { message, alreadyCheckedIn: false, party: p },
});
const noSlotsToday = { success: true, data: { today: '2026-06-01', tomorrow: '2026-06-02', slots: [] } };

describe('the check-in page', () => {
  it("opens on today's event and slot and lists that slot's bookings without a search (issue 45)", async () => {
    const today = singaporeToday();
    stubApi({
      'GET /api/admin/events': {
        success: true,
        data: [
          { id: 3, name: 'Community Screening' },
          { id: 4, name: 'Corporate Day' },
        ],
      },
      'GET /api/admin/dashboard/operations': {
        success: true,
        data: {
          today,
          tomorrow: addDaysToDay(today, 1),
          slots: [
            {
              timeslotId: 12,
              date: today,
              time: '00:00',
              eventId: 4,
              eventName: 'Corporate Day',
              orders: 1,
              people: 2,
              checkedIn: 0,
            },
          ],
          awaitingPayment: { count: 0, orders: [] },
          revenue: null,
          waitlistOffers: 0,
          parkedEvents: 0,
        },
      },
      'GET /api/admin/events/4/attendees': {
        success: true,
        data: {
          ...sheet().data,
          eventId: 4,
          date: today,
          slots: [{ timeslotId: 12, time: '00:00', parties: [paid()] }],
        },
      },
    });
    renderWithProviders(<CheckInPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('4'));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Slot').value).toBe('12'));
    expect(within(await screen.findByTestId('party-card')).getByText('HS2606-0101-1234')).toBeTruthy();
  });

  it('checks one person of a paid party in', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [{ id: 3, name: 'Community Screening' }] },
      'GET /api/admin/dashboard/operations': noSlotsToday,
      'GET /api/admin/events/3/attendees': sheet([paid()]),
      'POST /api/admin/check-ins': answer(
        'Checked in 1 person',
        paid({
          people: [
            person('p1', 'Mei Tan'),
            person('p2', 'Wei Lim', { checkedInAt: '2026-06-01T01:02:00.000Z', checkedInBy: 'desk1' }),
          ],
        }),
      ),
    });
    renderWithProviders(<CheckInPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('3'));
    await userEvent.type(screen.getByLabelText('Reference number or name'), 'Wei');
    const card = await screen.findByTestId('party-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Check in Wei Lim' }));
    expect((await screen.findByTestId('check-in-notice')).textContent).toBe('Checked in 1 person');
    expect(bodyOf(fetchMock, 'POST', '/api/admin/check-ins')).toEqual({
      referenceNumber: 'HS2606-0101-1234',
      participantIds: ['p2'],
    });
    expect(await within(card).findByText('In at 09:02 by desk1')).toBeTruthy();
    // the rest of the group still to come
    expect(within(card).getByRole('button', { name: 'Check in the group (1)' })).toBeTruthy();
  });

  it('a balance due offers no check-in until the desk records the payment (issue 45)', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [{ id: 3, name: 'Community Screening' }] },
      'GET /api/admin/dashboard/operations': noSlotsToday,
      'GET /api/admin/events/3/attendees': sheet(),
      'POST /api/admin/registrations/7/desk-payment': answer('Payment of S$139.52 recorded: NETS', paid()),
    });
    renderWithProviders(<CheckInPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('3'));
    await userEvent.type(screen.getByLabelText('Reference number or name'), 'Mei');
    const card = await screen.findByTestId('party-card');
    expect(within(card).getByTestId('balance-due').textContent).toContain('S$139.52');
    expect(within(card).queryByRole('button', { name: /^Check in/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Record payment at the desk…' }));
    await userEvent.click(within(card).getByLabelText('NETS'));
    await userEvent.click(within(card).getByRole('button', { name: 'Record S$139.52 paid by NETS' }));
    expect((await screen.findByTestId('check-in-notice')).textContent).toBe(
      'Payment of S$139.52 recorded: NETS',
    );
    expect(bodyOf(fetchMock, 'POST', '/api/admin/registrations/7/desk-payment')).toEqual({
      method: 'nets',
      expectedAmount: '139.52',
    });
    expect(await within(card).findByRole('button', { name: 'Check in the group (2)' })).toBeTruthy();
  });

  it('waives a balance only with a reason, and undoes a check-in with one', async () => {
    const today = singaporeToday();
    const inToday = party({
      date: today,
      people: [person('p1', 'Mei Tan', { checkedInAt: '2026-06-01T01:02:00.000Z', checkedInBy: 'desk1' })],
    });
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [{ id: 3, name: 'Community Screening' }] },
      'GET /api/admin/dashboard/operations': noSlotsToday,
      'GET /api/admin/events/3/attendees': sheet([party({ date: today })]),
      'POST /api/admin/check-ins': answer('Checked in 2 people', inToday),
      'POST /api/admin/registrations/7/check-in/undo': answer(
        'Check-in undone for 1 person',
        party({ date: today }),
      ),
    });
    renderWithProviders(<CheckInPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('3'));
    await userEvent.type(screen.getByLabelText('Reference number or name'), 'Mei');
    const card = await screen.findByTestId('party-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Waive balance…' }));
    const waive = within(card).getByRole('button', { name: 'Waive and check in' });
    expect((waive as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(card).getByLabelText(/Why is the balance waived/), 'Billed to the employer');
    await userEvent.click(waive);
    expect((await screen.findByTestId('check-in-notice')).textContent).toBe('Checked in 2 people');
    expect(bodyOf(fetchMock, 'POST', '/api/admin/check-ins')).toEqual({
      referenceNumber: 'HS2606-0101-1234',
      waiveReason: 'Billed to the employer',
    });
    // waived once: the payment can still be recorded, and no second waiver is asked
    expect(await within(card).findByRole('button', { name: 'Record payment at the desk…' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Waive balance…' })).toBeNull();

    await userEvent.click(await within(card).findByRole('button', { name: 'Undo check-in…' }));
    const undo = within(card).getByRole('button', { name: 'Undo check-in' });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(card).getByLabelText(/Why undo the check-in/), 'Wrong booking');
    await userEvent.click(undo);
    await waitFor(() =>
      expect(screen.getByTestId('check-in-notice').textContent).toBe('Check-in undone for 1 person'),
    );
    expect(bodyOf(fetchMock, 'POST', '/api/admin/registrations/7/check-in/undo')).toEqual({
      reason: 'Wrong booking',
    });
    // nobody in again: the forms start afresh, the balance stands before the check-in once more
    expect(await within(card).findByRole('button', { name: 'Waive balance…' })).toBeTruthy();
  });
});
