import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toaster } from '../../components/ui/toaster';
import { bodyOf, type Handler, mockApi, renderApp } from '../../public/test-utils';
import PaymentPanel from './payment-panel';

afterEach(() => {
  toaster.remove();
});

const REFERENCE = 'HS2612-0001-0007';
const LOOKUP = `GET /api/registrations/lookup/${REFERENCE}`;
const HOLD_UNTIL = '2026-12-01T06:32:00.000Z'; // 14:32 in Singapore
const INTENT = {
  paymentIntentId: 'pi_Test123',
  qrData: '00020101021226...6304ABCD',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>',
  amount: '139.52',
  expiresAt: HOLD_UNTIL,
  reference: REFERENCE,
  testMode: false,
};
const PENDING = {
  id: 7,
  referenceNumber: REFERENCE,
  status: 'pending_payment',
  firstName: 'Mei',
  lastName: 'Tan',
  email: 'mei@example.com',
  eventId: 1,
  eventName: 'Community Health Screening',
  packageName: 'Basic Health Screening',
  timeslotDate: '2026-12-01',
  timeslotTime: '09:00',
  location: 'Toa Payoh',
  totalAmount: '139.52',
  whiteCoatPaidAmount: '0.00',
  balanceDue: '139.52',
  paymentMethod: null as string | null,
  transactionId: null as string | null,
  participants: [],
  confirmationEmailSent: false,
  holdUntil: HOLD_UNTIL as string | null,
};
const PAID = {
  ...PENDING,
  status: 'paid',
  balanceDue: '0.00',
  paymentMethod: 'paynow',
  transactionId: 'pi_Test123',
  holdUntil: null,
};

/** The lookup answers pending `pendingReads` times, then paid; `reads()` counts them. */
function lookupTurningPaid(pendingReads: number) {
  let reads = 0;
  const handler: Handler = () => {
    reads += 1;
    return Response.json({ success: true, data: reads > pendingReads ? PAID : PENDING });
  };
  return { handler, reads: () => reads };
}

function routes(overrides: Record<string, unknown> = {}) {
  return {
    'GET /api/payments/client-token': { success: true, token: 'test-abc', message: 'ok' },
    'GET /api/payments/methods': { success: true, data: { card: true, paynow: true, testMode: false } },
    'POST /api/payments/paynow': () => Response.json({ success: true, data: INTENT }, { status: 201 }),
    [LOOKUP]: { success: true, data: PENDING },
    ...overrides,
  };
}

function renderPanel(onPaid = vi.fn()) {
  render(
    <>
      <PaymentPanel
        registrationId={7}
        reference={REFERENCE}
        balanceCents={13952}
        onPaid={onPaid}
        onClose={() => {}}
      />
      <Toaster />
    </>,
  );
  return onPaid;
}

async function choosePayNow() {
  await userEvent.setup().click(await screen.findByRole('radio', { name: 'PayNow' }));
}

describe('PayNow in the payment panel', () => {
  it('offers PayNow beside the card only when the server says it is offered; card stays the default', async () => {
    mockApi(
      routes({
        'GET /api/payments/methods': { success: true, data: { card: true, paynow: false, testMode: true } },
      }),
    );
    renderPanel();
    await screen.findByRole('button', { name: 'Pay S$139.52' });
    await screen.findByText('Choose a test card', undefined, { timeout: 3000 });
    expect(screen.queryByRole('radio', { name: 'PayNow' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull();
  });

  it('with PayNow offered, card is chosen first and the drop-in is as it was', async () => {
    const fetchMock = mockApi(routes());
    renderPanel();
    const choice = await screen.findByRole('group', { name: 'Payment method' });
    const card = within(choice).getByRole('radio', { name: 'Card' }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect((within(choice).getByRole('radio', { name: 'PayNow' }) as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText('Choose a test card', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay S$139.52' })).toBeTruthy();
    // no QR is asked for until PayNow is chosen
    expect(bodyOf(fetchMock, 'POST', '/api/payments/paynow')).toBeUndefined();
  });

  it('shows the QR, the amount, the reference and until when the seats are held, waiting for the payment', async () => {
    const fetchMock = mockApi(routes());
    renderPanel();
    await choosePayNow();
    const qr = (await screen.findByRole('img', {
      name: 'PayNow QR code to pay S$139.52',
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(INTENT.qrSvg)}`,
    );
    expect(Number(qr.getAttribute('width'))).toBeGreaterThanOrEqual(240);
    expect(bodyOf(fetchMock, 'POST', '/api/payments/paynow')).toEqual({ registrationId: 7 });

    const panel = screen.getByTestId('paynow-payment');
    const facts = Object.fromEntries(
      [...panel.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Amount: 'S$139.52', 'Reference Number': REFERENCE, 'Seats held until': '14:32' });
    expect(screen.getByTestId('paynow-status').textContent).toBe('Waiting for your payment…');
    const save = screen.getByRole('link', { name: 'Save QR code' });
    expect(save.getAttribute('download')).toMatch(new RegExp(`^paynow-${REFERENCE}\\.(svg|png)$`));
    expect(save.getAttribute('href')).toMatch(/^data:image\//);
    expect(screen.getByText(/scan it from your gallery/)).toBeTruthy();
    // paying is the banking app's: no Pay button, and no simulation outside test mode
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate PayNow payment' })).toBeNull();
  });

  it('turns to paid on its own when the booking, read again, says it is paid', async () => {
    const lookup = lookupTurningPaid(1);
    mockApi(routes({ [LOOKUP]: lookup.handler }));
    const onPaid = renderPanel();
    await choosePayNow();
    await screen.findByText('Waiting for your payment…');
    await waitFor(() => expect(screen.getByTestId('paynow-status').textContent).toBe('Paid'), {
      timeout: 10_000,
    });
    expect(lookup.reads()).toBe(2);
    expect(onPaid).toHaveBeenCalledWith('pi_Test123');
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
  }, 15_000);

  it('in payment test mode, "Simulate PayNow payment" has the fake provider pay the QR', async () => {
    const lookup = lookupTurningPaid(Number.POSITIVE_INFINITY);
    let simulated = false;
    const fetchMock = mockApi(
      routes({
        'POST /api/payments/paynow': () =>
          Response.json({ success: true, data: { ...INTENT, testMode: true } }, { status: 201 }),
        'POST /api/payments/paynow/pi_Test123/simulate': () => {
          simulated = true;
          return Response.json({ success: true });
        },
        // paid once the (fake) provider's webhook has recorded it
        [LOOKUP]: (url: URL, init: RequestInit | undefined) =>
          simulated ? Response.json({ success: true, data: PAID }) : (lookup.handler(url, init) as Response),
      }),
    );
    const onPaid = renderPanel();
    await choosePayNow();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Simulate PayNow payment' }));
    expect(bodyOf(fetchMock, 'POST', '/api/payments/paynow/pi_Test123/simulate')).toEqual({
      registrationId: 7,
    });
    await waitFor(() => expect(screen.getByTestId('paynow-status').textContent).toBe('Paid'), {
      timeout: 10_000,
    });
    expect(onPaid).toHaveBeenCalledWith('pi_Test123');
    expect(screen.queryByRole('button', { name: 'Simulate PayNow payment' })).toBeNull();
  }, 15_000);

  it("shows the server's refusal as it comes (409), with nothing to retry", async () => {
    mockApi(
      routes({
        'POST /api/payments/paynow': () =>
          Response.json(
            { success: false, message: 'This reservation has expired. Please book again.' },
            { status: 409 },
          ),
      }),
    );
    renderPanel();
    await choosePayNow();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reservation has expired. Please book again.',
    );
    expect(screen.queryByRole('img', { name: /PayNow QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the payment server cannot be reached (502)', async () => {
    let calls = 0;
    mockApi(
      routes({
        'POST /api/payments/paynow': () => {
          calls += 1;
          return calls === 1
            ? Response.json(
                { success: false, message: 'Unable to connect to payment server.' },
                { status: 502 },
              )
            : Response.json({ success: true, data: INTENT }, { status: 201 });
        },
      }),
    );
    renderPanel();
    await choosePayNow();
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to connect to payment server.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'PayNow QR code to pay S$139.52' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('PayNow on the confirmation page', () => {
  it('the page turns to the confirmed booking, paid by PayNow, without a reload', async () => {
    const lookup = lookupTurningPaid(2);
    mockApi(routes({ [LOOKUP]: lookup.handler }));
    renderApp(`/booking/confirmation/${REFERENCE}`);
    await choosePayNow();
    expect(await screen.findByRole('img', { name: 'PayNow QR code to pay S$139.52' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Booking Confirmed' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('payment-panel')).toBeNull();
    expect(screen.getByTestId('payment-method').textContent).toBe('PayNow');
  }, 15_000);
});
