import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('the check-in page', () => {
  it('finds a party by name, shows its balance due loudly, and checks one person in', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/events': { success: true, data: [{ id: 3, name: 'Community Screening' }] },
      'GET /api/admin/events/3/attendees': sheet(),
      'POST /api/admin/check-ins': {
        success: true,
        data: {
          message: 'Checked in 1 person',
          alreadyCheckedIn: false,
          party: party({
            people: [
              person('p1', 'Mei Tan'),
              person('p2', 'Wei Lim', { checkedInAt: '2026-06-01T01:02:00.000Z', checkedInBy: 'desk1' }),
            ],
          }),
        },
      },
    });
    renderWithProviders(<CheckInPage />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Event').value).toBe('3'));
    await userEvent.type(screen.getByLabelText('Reference number or name'), 'Wei');
    const card = await screen.findByTestId('party-card');
    expect(within(card).getByTestId('balance-due').textContent).toContain('S$139.52');
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
});
