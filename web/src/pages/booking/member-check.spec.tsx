import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, beforeAll } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, EVENT, mockApi, renderApp, TIMESLOTS } from '../../public/test-utils';
import { preloadLaterSteps } from './later-steps';

// the wizard's steps after the first are a chunk of their own, fetched while the first is shown
beforeAll(async () => {
  await preloadLaterSteps();
});

/** Issue 46: the insurer (AIA) check runs only when the booker asks for it. */
afterEach(() => {
  toaster.remove();
});

const VERIFIED = {
  success: true,
  status: 'success',
  isAiaMember: true,
  message: 'ok',
  benefitProfileData: { succeeded: true, data: [{ isValid: true }] },
};
const BOOKED = {
  success: true,
  data: { reference_number: 'HS2612-0001-0003', id: 9, status: 'pending_payment', balanceDue: '1.00' },
};
const CONFLICT = 'This code cannot be combined with the AIA member price.';

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/events/whitecoat-health-screening': { success: true, data: EVENT },
    'GET /api/timeslots/postal-code': TIMESLOTS,
    'POST /api/verify-aia-healthshield': VERIFIED,
    'POST /api/registrations': () => Response.json(BOOKED, { status: 201 }),
    ...overrides,
  });
}
const calls = (fetchMock: ReturnType<typeof api>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://localhost').pathname === path).length;

async function toStep2(user: ReturnType<typeof userEvent.setup>) {
  const { location } = renderApp('/events/whitecoat-health-screening');
  await user.click(await screen.findByRole('radio', { name: /Basic Health Screening/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Personal Information' });
  await user.type(screen.getByLabelText(/First Name/), 'Mei');
  await user.type(screen.getByLabelText(/Last Name/), 'Tan');
  await user.type(screen.getByLabelText(/^Email/), 'mei@example.com');
  await user.type(screen.getByLabelText(/Mobile Number/), '91234567');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText(/Identification Number/), 's1234567d');
  await user.type(screen.getByLabelText(/Date of Birth/), '15/06/1985');
  await user.type(screen.getByLabelText(/Postal Code/), '180001');
  await user.type(screen.getByLabelText(/^Address/), '1 Example Road');
  await user.click(screen.getByText(/I have read the privacy notice and consent/));
  return location;
}

async function toReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Select Appointment Slot' });
  await user.click(screen.getByRole('radio', { name: /Tuesday, 1 December 2026/ }));
  await user.click(screen.getByRole('radio', { name: /9:00 AM/ }));
  await user.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Review Booking' });
}

describe('AIA member check is opt-in (issue 46)', { timeout: 20_000 }, () => {
  it('offers the check with what it sends, and without the tick checks nobody and books at standard prices', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    await toStep2(user);
    const box = screen.getByRole('checkbox', { name: 'I am an AIA Health Shield member: check my benefits' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(
      screen.getByText(
        'We check the NRIC/FIN and date of birth with AIA to apply the member price. Nothing else is shared.',
      ),
    ).toBeTruthy();
    await toReview(user);
    expect(calls(fetchMock, '/api/verify-aia-healthshield')).toBe(0);
    // no member message of any kind: neither benefits applied nor none found
    expect(screen.queryByText(/AIA Health Shield Benefits Applied|No active AIA Health Shield/)).toBeNull();
    expect(screen.queryByText('Verification Error')).toBeNull();
    expect(screen.getByText('Standard pricing')).toBeTruthy();
    // 128.00 x 1.09: the standard price, on the person's line and as the total
    await waitFor(() =>
      expect(within(screen.getByTestId('price-breakdown')).getAllByText('S$139.52')).toHaveLength(2),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      isAiaMember: false,
      aiaMemberId: '',
    });
  });

  it('checks once with the tick and shows the spec message; unticking before Next checks nobody', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    await toStep2(user);
    await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('AIA Health Shield Benefits Applied')).toBeTruthy();
    expect(calls(fetchMock, '/api/verify-aia-healthshield')).toBe(1);
    expect(bodyOf(fetchMock, 'POST', '/api/verify-aia-healthshield')).toEqual({
      identificationNumber: 'S1234567D',
      dateOfBirth: '1985-06-15',
    });
    // back to step 2, untick: going on asks the insurer nothing more
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    await screen.findByRole('heading', { name: 'Personal Information' });
    await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
    await toReview(user);
    expect(calls(fetchMock, '/api/verify-aia-healthshield')).toBe(1);
    expect(screen.getByText('Standard pricing')).toBeTruthy();
  });

  it('falls back to standard pricing with a clear toast over the check limit (429)', async () => {
    api({
      'POST /api/verify-aia-healthshield': () =>
        Response.json(
          {
            success: false,
            message:
              'Too many membership checks for this identification number. Please try again in 10 minutes.',
          },
          { status: 429 },
        ),
    });
    const user = userEvent.setup();
    await toStep2(user);
    await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
    await toReview(user);
    expect(screen.getByText('Membership check not available')).toBeTruthy();
    expect(
      screen.getByText(
        'Too many membership checks for this identification number. Please try again in 10 minutes. Standard pricing will apply.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Standard pricing')).toBeTruthy();
  });

  it('says a code cannot combine with the member price, shows both totals, picks the lower, and books the pick', async () => {
    const fetchMock = api({
      'POST /api/discounts/validate': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        return body.isAiaMember
          ? Response.json({ success: false, message: CONFLICT }, { status: 409 })
          : Response.json({
              success: true,
              code: 'SAVE40',
              discountAmount: '40.00',
              type: 'fixed',
              description: 'Forty off',
              discountIdentifierId: 77,
            });
      },
    });
    const user = userEvent.setup();
    await toStep2(user);
    await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
    await toReview(user);
    await user.type(screen.getByLabelText('Discount code'), 'save40');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/This code cannot be combined with the AIA member price\./)).toBeTruthy();
    expect(screen.queryByText('Invalid Discount Code')).toBeNull();
    // member: 98.00 x 1.09 = 106.82; the code at standard prices: (128.00 - 40.00) x 1.09 = 95.92
    const member = screen.getByRole('radio', { name: /AIA member price/ }) as HTMLInputElement;
    const code = screen.getByRole('radio', { name: /Code SAVE40 at standard prices/ }) as HTMLInputElement;
    expect(screen.getByText('Total S$106.82 (incl. 9% GST)')).toBeTruthy();
    expect(screen.getByText('Total S$95.92 (incl. 9% GST)')).toBeTruthy();
    expect(code.checked).toBe(true);
    expect(member.checked).toBe(false);
    // the second check was at standard prices, on the standard subtotal
    const validations = fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/discounts/validate'));
    expect(JSON.parse(String(validations[1]?.[1]?.body))).toMatchObject({
      isAiaMember: false,
      subtotal: '128.00',
    });
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    // the pick travels as isAiaMember and discountCodeId; the server prices it again
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      isAiaMember: false,
      discountCodeId: 77,
      discountCode: 'SAVE40',
    });
  });

  it('books the member price without the code when the member price is picked', async () => {
    const fetchMock = api({
      'POST /api/discounts/validate': (_url: URL, init?: RequestInit) =>
        JSON.parse(String(init?.body)).isAiaMember
          ? Response.json({ success: false, message: CONFLICT }, { status: 409 })
          : Response.json({
              success: true,
              code: 'SAVE5',
              discountAmount: '5.00',
              type: 'fixed',
              description: 'Five off',
              discountIdentifierId: 78,
            }),
    });
    const user = userEvent.setup();
    await toStep2(user);
    await user.click(screen.getByText('I am an AIA Health Shield member: check my benefits'));
    await toReview(user);
    await user.type(screen.getByLabelText('Discount code'), 'save5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // (128.00 - 5.00) x 1.09 = 134.07 is dearer than 106.82: the member price is picked
    const member = (await screen.findByRole('radio', { name: /AIA member price/ })) as HTMLInputElement;
    expect(member.checked).toBe(true);
    expect(screen.getByText('Member pricing applied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toBeTruthy());
    expect(bodyOf(fetchMock, 'POST', '/api/registrations')).toMatchObject({
      isAiaMember: true,
      aiaMemberId: 'S1234567D',
      discountCodeId: null,
    });
  });
});
