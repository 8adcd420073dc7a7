import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentLabel } from '../lib/consent';
import { renderWithProviders, stubApi } from '../test/helpers';
import { adminOrder } from '../test/order-fixture';
import { OrderDetailsDialog } from './order-details-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const AT = '2026-11-25T02:30:00.000Z';

describe('order dialog: privacy consent (issue 24)', () => {
  it('says what the booking recorded: given (with the notice version), not given, or nothing recorded', () => {
    expect(consentLabel({ given: true, noticeVersion: 3, at: AT })).toMatch(/^Given to notice version 3, /);
    expect(consentLabel({ given: false, noticeVersion: 2, at: AT })).toBe(
      'Not given (booked without the consent tick; notice version 2 in force)',
    );
    expect(consentLabel(null)).toBe('Not recorded (booked before consent was asked)');
    expect(consentLabel(undefined)).toBe('Not recorded (booked before consent was asked)');
  });

  it('shows the consent line among the personal information', async () => {
    const order = adminOrder({ consent: { given: true, noticeVersion: 4, at: AT } });
    stubApi({
      [`GET /api/admin/registrations/${order.id}`]: { success: true, data: order },
      [`GET /api/admin/registrations/${order.id}/history`]: { success: true, data: [] },
    });
    renderWithProviders(
      <OrderDetailsDialog order={order} onClose={() => {}} onCancel={() => {}} onConfirm={() => {}} />,
    );
    expect(await screen.findByText('Privacy Consent')).toBeTruthy();
    expect(screen.getByText(/^Given to notice version 4, /)).toBeTruthy();
  });
});
