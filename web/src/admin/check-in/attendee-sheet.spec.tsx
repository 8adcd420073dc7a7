import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, renderApp, stubApi } from '../test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const person = (participantId: string, name: string, over = {}) => ({
  participantId,
  name,
  packageName: 'Basic Health',
  isPrimary: true,
  checkedInAt: null,
  checkedInBy: null,
  noShow: false,
  ...over,
});
const party = (registrationId: number, referenceNumber: string, people: object[], over = {}) => ({
  registrationId,
  referenceNumber,
  status: 'paid',
  paymentStatus: 'paid',
  balanceDue: '0.00',
  date: '2026-06-01',
  time: '09:00',
  contactName: 'x',
  people,
  ...over,
});

describe('the printable attendee sheet', () => {
  it('shows one section per slot with each person, payment and check-in', async () => {
    localStorage.setItem('auth_token', 'token');
    stubApi({
      'GET /api/admin/user': { success: true, data: { ...ADMIN_USER, username: 'desk', role: 'front_desk' } },
      'GET /api/admin/events/3/attendees': {
        success: true,
        data: {
          eventId: 3,
          eventName: 'Community Screening',
          location: 'Toa Payoh',
          date: '2026-06-01',
          slots: [
            {
              timeslotId: 1,
              time: '09:00',
              parties: [
                party(7, 'HS-A', [
                  person('p1', 'Mei Tan', { checkedInAt: '2026-06-01T01:02:00.000Z', checkedInBy: 'desk1' }),
                ]),
              ],
            },
            {
              timeslotId: 2,
              time: '10:30',
              parties: [
                party(8, 'HS-B', [person('p2', 'Wei Lim')], {
                  paymentStatus: 'balance_due',
                  balanceDue: '139.52',
                }),
              ],
            },
          ],
        },
      },
    });
    renderApp('/admin/attendees?eventId=3&date=2026-06-01');
    await screen.findByRole('heading', { name: 'Attendees: Community Screening' }, { timeout: 5000 });
    const first = screen.getByRole('region', { name: 'Slot 09:00' });
    expect(
      within(first).getByRole('row', { name: /Mei Tan HS-A Basic Health Paid 09:02 \(desk1\)/ }),
    ).toBeTruthy();
    const second = screen.getByRole('region', { name: 'Slot 10:30' });
    expect(within(second).getByRole('row', { name: /Wei Lim HS-B Basic Health Due S\$139.52/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});
