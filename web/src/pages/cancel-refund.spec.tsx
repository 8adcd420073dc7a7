import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../components/ui/toaster';
import { mockApi, renderApp } from '../public/test-utils';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0002';
const REG = {
  id: 7,
  referenceNumber: REFERENCE,
  reference_number: REFERENCE,
  status: 'paid',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotDate: '2026-12-01',
  timeslotTime: '9:00 AM',
  location: 'Toa Payoh',
  totalAmount: '139.52',
  balanceDue: '0.00',
  confirmationEmailSent: true,
};

async function lookUp(data: object) {
  mockApi({ [`GET /api/registrations/lookup/${REFERENCE}`]: { success: true, data } });
  const user = userEvent.setup();
  renderApp('/cancel-appointment');
  await user.type(await screen.findByLabelText(/Reference Number/), REFERENCE);
  await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
  await screen.findByRole('heading', { name: 'Appointment Details' });
}

describe('cancel appointment: the refund a cancel makes, said before the customer confirms', () => {
  it('an automatic refund names the amount', async () => {
    await lookUp({ ...REG, cancellationRefund: { kind: 'automatic', amount: '139.52' } });
    expect(screen.getByTestId('cancel-refund').textContent).toBe(
      'Your card payment of S$139.52 will be refunded automatically.',
    );
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeTruthy();
  });

  it('once cancelled, says how much is refunded and when, and offers booking again first (issue 46)', async () => {
    mockApi({
      [`GET /api/registrations/lookup/${REFERENCE}`]: {
        success: true,
        data: { ...REG, cancellationRefund: { kind: 'automatic', amount: '139.52' } },
      },
      'POST /api/registrations/7/cancel': { success: true, message: 'ok', data: { status: 'cancelled' } },
    });
    const user = userEvent.setup();
    renderApp('/cancel-appointment');
    await user.type(await screen.findByLabelText(/Reference Number/), REFERENCE);
    await user.click(screen.getByRole('button', { name: 'Look Up Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Details' });
    await user.click(screen.getByText('I understand that cancelling this appointment cannot be undone.'));
    await user.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    await screen.findByRole('heading', { name: 'Appointment Cancelled' });
    expect(screen.getByTestId('cancelled-refund').textContent).toBe(
      'Your card payment of S$139.52 is being refunded. Card refunds usually reach your account within 5 to 10 business days.',
    );
    expect(screen.getByRole('link', { name: 'Book again' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Cancel Another Appointment' })).toBeTruthy();
  });

  it('too close to the appointment: no automatic refund, staff review one', async () => {
    await lookUp({ ...REG, cancellationRefund: { kind: 'review', amount: '139.52' } });
    expect(screen.getByTestId('cancel-refund').textContent).toBe(
      'Your appointment is too close for an automatic refund, so no refund is made when you cancel; our staff will review a refund of your card payment.',
    );
  });

  it('says nothing about a refund when there is none', async () => {
    await lookUp({ ...REG, cancellationRefund: { kind: 'none', amount: '0.00' } });
    expect(screen.queryByTestId('cancel-refund')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toBeTruthy();
  });

  it('an expired reservation says so and offers no cancel', async () => {
    await lookUp({ ...REG, status: 'expired', cancellationRefund: { kind: 'none', amount: '0.00' } });
    expect(screen.getByText('This reservation has expired and its seats were released.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Appointment' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
