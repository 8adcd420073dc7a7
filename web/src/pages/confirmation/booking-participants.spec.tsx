import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, EVENT, mockApi, renderApp } from '../../public/test-utils';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0002';

const participant = (over: object) => ({
  id: '5f0c6c1e-8d6a-4c1b-9a59-0a6d3f1b2c01',
  registrationId: 7,
  firstName: 'Mei',
  lastName: 'Tan',
  name: 'Mei Tan',
  gender: 'Female',
  email: 'mei@example.com',
  mobileNumber: '91234567',
  packageId: 1,
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  isAiaMember: false,
  isPrimary: true,
  ...over,
});
const KAI = participant({
  id: '5f0c6c1e-8d6a-4c1b-9a59-0a6d3f1b2c02',
  firstName: 'Kai',
  lastName: 'Lim',
  name: 'Kai Lim',
  gender: 'Male',
  email: null,
  isPrimary: false,
});

const booking = (participants: object[], balanceDue: string) => ({
  id: 7,
  referenceNumber: REFERENCE,
  status: 'pending_payment',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  eventName: 'WhiteCoat Health Screening',
  packageId: 1,
  packageName: 'Basic Health Screening',
  packagePrice: '128.00',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: null,
  totalAmount: balanceDue,
  balanceDue,
  participants,
  confirmationEmailSent: false,
});

/** The api as the server would answer it: every change re-prices the booking the lookup then shows. */
function api(overrides: Record<string, unknown> = {}) {
  let current = booking([participant({})], '139.52');
  const changed = (next: ReturnType<typeof booking>, status = 200) => {
    current = next;
    return Response.json(
      { success: true, data: { registrationId: 7, totalAmount: next.totalAmount, position: '1.9' } },
      { status },
    );
  };
  return mockApi({
    [`GET /api/registrations/lookup/${REFERENCE}`]: () => Response.json({ success: true, data: current }),
    'GET /api/events': { success: true, data: [EVENT] },
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    'POST /api/participants': () => changed(booking([participant({}), KAI], '265.16'), 201),
    [`PUT /api/participants/${KAI.id}`]: () =>
      changed(booking([participant({}), { ...KAI, firstName: 'Kaiden', name: 'Kaiden Lim' }], '265.16')),
    [`DELETE /api/participants/${KAI.id}`]: () => changed(booking([participant({})], '139.52')),
    ...overrides,
  });
}

describe('participants of a booking, managed by reference on the confirmation page', () => {
  it('adds, edits and removes participants; the balance due and the payment panel follow', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByText('Participants (1 / 10)')).toBeTruthy();
    expect(await screen.findByText('Amount due:', { exact: false })).toBeTruthy();
    expect(screen.getAllByText('S$139.52').length).toBeGreaterThan(0);
    // each participant's package price with GST in it, marked so (issue 46): S$128.00 before GST
    expect(screen.getByText('Basic Health Screening · S$139.52 (incl. 9% GST)')).toBeTruthy();
    // the primary contact cannot be removed here
    expect(screen.queryByRole('button', { name: 'Remove Mei Tan' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Participant' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/First Name/), 'Kai');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Lim');
    await user.click(within(dialog).getByRole('radio', { name: 'Male' }));
    await user.type(within(dialog).getByLabelText(/Identification Number/), 'T0123456G');
    await user.type(within(dialog).getByLabelText(/Date of Birth/), '2010-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Add Participant' }));
    expect(await screen.findByText('Participant Added')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/participants')).toMatchObject({
      registrationId: 7,
      referenceNumber: REFERENCE,
      firstName: 'Kai',
      lastName: 'Lim',
      gender: 'Male',
      identificationNumber: 'T0123456G',
      dateOfBirth: '2010-01-02',
      packageId: 1,
    });
    // re-priced by the server: the lookup read at the change's position shows the new balance
    expect(await screen.findByText('Participants (2 / 10)')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('S$265.16').length).toBeGreaterThan(1));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`/lookup/${REFERENCE}?position=1.9`))).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Edit Kai Lim' }));
    const edit = await screen.findByRole('dialog');
    await user.clear(within(edit).getByLabelText(/First Name/));
    await user.type(within(edit).getByLabelText(/First Name/), 'Kaiden');
    await user.click(within(edit).getByRole('button', { name: 'Update Participant' }));
    expect(await screen.findByText('Participant Updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', `/api/participants/${KAI.id}`)).toEqual({
      referenceNumber: REFERENCE,
      firstName: 'Kaiden',
      lastName: 'Lim',
      gender: 'Male',
      email: null,
      mobileNumber: '91234567',
    });
    expect(await screen.findByText('Kaiden Lim')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Kaiden Lim' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Participant Removed')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) =>
          init?.method === 'DELETE' &&
          String(u) === `/api/participants/${KAI.id}?referenceNumber=${REFERENCE}`,
      ),
    ).toBe(true);
    expect(await screen.findByText('Participants (1 / 10)')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('S$139.52').length).toBeGreaterThan(1));
  });

  it("says 'Failed to add participant' with the server's reason, and keeps the form open", async () => {
    api({
      'POST /api/participants': () =>
        Response.json({ success: false, message: 'This booking is already paid' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderApp(`/booking/confirmation/${REFERENCE}`);
    await user.click(await screen.findByRole('button', { name: 'Add Participant' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/First Name/), 'Kai');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Lim');
    await user.click(within(dialog).getByRole('radio', { name: 'Male' }));
    await user.type(within(dialog).getByLabelText(/Identification Number/), 'T0123456G');
    await user.type(within(dialog).getByLabelText(/Date of Birth/), '2010-01-02');
    await user.click(within(dialog).getByRole('button', { name: 'Add Participant' }));
    expect(await screen.findByText('Failed to add participant')).toBeTruthy();
    expect(screen.getByText('This booking is already paid')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("says 'Failed to update participant' and 'Failed to remove participant'", async () => {
    const refuse = () => Response.json({ success: false, message: 'Participant not found' }, { status: 404 });
    api({
      'GET /api/registrations/lookup/HS2612-0001-0002': {
        success: true,
        data: booking([participant({}), KAI], '265.16'),
      },
      [`PUT /api/participants/${KAI.id}`]: refuse,
      [`DELETE /api/participants/${KAI.id}`]: refuse,
    });
    const user = userEvent.setup();
    renderApp(`/booking/confirmation/${REFERENCE}`);
    await user.click(await screen.findByRole('button', { name: 'Edit Kai Lim' }));
    const edit = await screen.findByRole('dialog');
    await user.click(within(edit).getByRole('button', { name: 'Update Participant' }));
    expect(await screen.findByText('Failed to update participant')).toBeTruthy();
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove Kai Lim' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove participant')).toBeTruthy();
  });

  it('offers no changes on a paid booking', async () => {
    api({
      'GET /api/registrations/lookup/HS2612-0001-0002': {
        success: true,
        data: { ...booking([participant({}), KAI], '0.00'), status: 'paid', confirmationEmailSent: true },
      },
    });
    renderApp(`/booking/confirmation/${REFERENCE}`);
    expect(await screen.findByText('Participants (2 / 10)')).toBeTruthy();
    expect(screen.getByText('Kai Lim')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Participant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Kai Lim' })).toBeNull();
  });
});
