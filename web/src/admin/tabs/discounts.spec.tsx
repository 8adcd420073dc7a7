import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { bodyOf, renderWithProviders, stubApi } from '../test/helpers';
import type { Discount } from '@hs/contracts';
import { DiscountDialog } from './discount-dialog';
import { DiscountsTab, GenerateCodesDialog } from './discounts-tab';
import { PaymentsTab } from './payments-tab';

afterEach(() => toaster.remove());
const noop = () => {};

const promo: Discount = {
  id: 7,
  name: 'Welcome promotion',
  lineItemLabel: 'Welcome',
  discountType: 'promo',
  description: null,
  identifierPrefix: 'WELCOME',
  identifierLength: 6,
  limitRedemption: false,
  maxRedemptions: null,
  limitBinRedemption: false,
  maxBinRedemptions: null,
  discountValueType: 'percentage',
  value: '10.00',
  isActive: true,
  startDate: null,
  endDate: null,
  applicableForAIA: true,
  applicableForRetail: false,
  applicableForHealthScreening: true,
  applicableForChronic: false,
  applicableForPDT: true,
  codeCount: 0,
  redemptionsUsed: 0,
  redemptionsLeft: null,
  createdAt: '',
  updatedAt: '',
};

const stepOf = () => screen.getByText(/^Step \d of 4/).textContent;

describe('discount dialog steps', () => {
  it('walks Basic Information, Redemption, Applicability, Value & Period with Next and Back', async () => {
    stubApi({});
    renderWithProviders(<DiscountDialog discount={null} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText('Step 1 of 4: Basic Information')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    // Next on an empty step 1: errors under 'Validation Error', stays on step 1
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Validation Error')).toBeTruthy();
    expect(within(alert).getByText('Discount name is required')).toBeTruthy();
    expect(stepOf()).toBe('Step 1 of 4: Basic Information');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));

    await userEvent.type(screen.getByLabelText(/^Name/), 'Summer sale');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepOf()).toBe('Step 2 of 4: Redemption');
    expect(screen.queryByText('Validation Error')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepOf()).toBe('Step 1 of 4: Basic Information');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Summer sale');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepOf()).toBe('Step 3 of 4: Applicability');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepOf()).toBe('Step 4 of 4: Value & Period');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Discount' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Create Discount' }));
    expect(within(screen.getByRole('alert')).getByText('Discount value is required')).toBeTruthy();
  });

  it('demands an Identifier Prefix for promo discounts and uppercases it', async () => {
    stubApi({});
    renderWithProviders(<DiscountDialog discount={null} open onOpenChange={noop} onSaved={noop} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Promo one');
    await userEvent.click(screen.getByLabelText(/^Promo/));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('Identifier Prefix is required for Promo discounts').length).toBeGreaterThan(
      0,
    );
    expect(stepOf()).toBe('Step 1 of 4: Basic Information');
    await userEvent.type(screen.getByLabelText(/^Identifier Prefix/), 'sum-26');
    expect((screen.getByLabelText(/^Identifier Prefix/) as HTMLInputElement).value).toBe('SUM-26');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepOf()).toBe('Step 2 of 4: Redemption');
  });

  it('sends maxRedemptions only when its switch is on, and the whole discount on create', async () => {
    const fetchMock = stubApi({ 'POST /api/admin/discounts': { success: true, data: { id: 1 } } });
    const onSaved = vi.fn();
    renderWithProviders(<DiscountDialog discount={null} open onOpenChange={noop} onSaved={onSaved} />);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Fixed off');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByLabelText(/^Max Redemptions/)).toBeNull();
    await userEvent.click(screen.getByText('Limit redemptions per code'));
    fireEvent.change(screen.getByLabelText(/^Max Redemptions/), { target: { value: '-1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('alert')).getByText('Maximum redemptions must be 0 or more')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Max Redemptions/), { target: { value: '3' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByText('AIA members'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByLabelText(/Fixed Amount/));
    await userEvent.type(screen.getByLabelText(/^Value/), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create Discount' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'POST', '/api/admin/discounts')).toMatchObject({
      name: 'Fixed off',
      discountType: '-',
      identifierPrefix: null,
      identifierLength: null,
      limitRedemption: true,
      maxRedemptions: 3,
      limitBinRedemption: false,
      maxBinRedemptions: null,
      applicableForHealthScreening: true,
      applicableForAIA: true,
      discountValueType: 'fixed',
      value: '20',
      startDate: null,
      endDate: null,
    });
    expect(await screen.findByText('Discount created')).toBeTruthy();
  });

  it('names each type and applicability flag in plain words, with what it does', async () => {
    stubApi({});
    renderWithProviders(<DiscountDialog discount={null} open onOpenChange={noop} onSaved={noop} />);
    const types = within(await screen.findByRole('group', { name: 'Discount Type' }));
    for (const [label, help] of [
      ['Plain', 'No codes can be generated for it, and bookings take a discount only through a code.'],
      ['Promo codes', 'Generate codes to hand out; a customer types one when booking.'],
      [
        'Card range (BIN)',
        "A label only: no booking checks the card's number, and no codes can be generated for it.",
      ],
    ]) {
      expect(types.getByText(label!)).toBeTruthy();
      expect(types.getByText(help!)).toBeTruthy();
    }
    // The API values stay: '-' is the default, picked as 'Plain'.
    expect((types.getByRole('radio', { name: /^Plain/ }) as HTMLInputElement).value).toBe('-');
    expect((types.getByRole('radio', { name: /^Plain/ }) as HTMLInputElement).checked).toBe(true);
    expect((types.getByRole('radio', { name: /^Card range/ }) as HTMLInputElement).value).toBe('bin');
    expect(screen.queryByText('Bin')).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Name/), 'Plain words');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByText('Limit redemptions for the whole discount'));
    expect(screen.getByLabelText(/^Total Max Redemptions/)).toBeTruthy();
    expect(screen.queryByText(/Bin Redemptions/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepOf()).toBe('Step 3 of 4: Applicability');
    const who = within(screen.getByRole('group', { name: 'Who can use its codes' }));
    expect(who.getByText('Health screening bookings')).toBeTruthy();
    expect(
      who.getByText('Must be on for its codes to work: every booking here is a health screening.'),
    ).toBeTruthy();
    expect(who.getByText('AIA members')).toBeTruthy();
    expect(
      who.getByText(
        'Lets a verified AIA member (booking at member prices) use it; off, their booking is refused the code.',
      ),
    ).toBeTruthy();
    const labels = within(screen.getByRole('group', { name: 'Category labels (not checked at booking)' }));
    for (const label of ['Retail', 'Chronic', 'PDT']) expect(labels.getByText(label)).toBeTruthy();
    expect(
      labels.getAllByText('A category label only: shown in the list, never checked at booking.').length,
    ).toBe(3);
  });

  it("edits with 'Update Discount' on the last step", async () => {
    const fetchMock = stubApi({ 'PUT /api/admin/discounts/7': { success: true, data: promo } });
    renderWithProviders(<DiscountDialog discount={promo} open onOpenChange={noop} onSaved={noop} />);
    expect(await screen.findByText('Edit Discount')).toBeTruthy();
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Discount' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', '/api/admin/discounts/7')).toMatchObject({
        identifierPrefix: 'WELCOME',
      }),
    );
    expect(await screen.findByText('Discount updated')).toBeTruthy();
  });
});

describe('discounts tab', () => {
  it('shows type, value, validity and badges, and code generation for promo only', async () => {
    const bin: Discount = {
      ...promo,
      id: 8,
      name: 'Card offer',
      discountType: 'bin',
      discountValueType: 'fixed',
      value: '5.00',
      startDate: '2026-01-01T00:00:00+08:00',
      endDate: null,
    };
    stubApi({
      'GET /api/admin/discounts': {
        success: true,
        data: [
          { ...promo, redemptionsUsed: 3, redemptionsLeft: 7 },
          { ...bin, redemptionsUsed: 3, redemptionsLeft: null },
        ],
      },
    });
    renderWithProviders(<DiscountsTab />);
    expect(await screen.findByText('Welcome promotion')).toBeTruthy();
    expect(screen.getByText('Promo codes')).toBeTruthy();
    expect(screen.getByText('Card range (BIN)')).toBeTruthy();
    expect(screen.queryByText('Bin')).toBeNull();
    expect(screen.getByText('10%')).toBeTruthy();
    expect(screen.getByText('$5.00')).toBeTruthy();
    expect(screen.getByText('Always valid')).toBeTruthy();
    expect(screen.getByText('From Jan 1, 2026')).toBeTruthy();
    // The server's redemption counts on each row.
    expect(screen.getByRole('columnheader', { name: 'Redemptions' })).toBeTruthy();
    expect(screen.getByText('3 used · 7 left')).toBeTruthy();
    expect(screen.getByText('3 used · no limit')).toBeTruthy();
    expect(screen.getAllByText('Health screening bookings').length).toBe(2);
    expect(screen.getAllByText('AIA members').length).toBe(2);
    expect(screen.getAllByText('PDT').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Generate codes for Welcome promotion' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate codes for Card offer' })).toBeNull();
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /api/admin/discounts': { success: true, data: [] } });
    renderWithProviders(<DiscountsTab />);
    expect(await screen.findByText('No discounts found. Add one to get started.')).toBeTruthy();
  });
});

describe('generate codes dialog', () => {
  it('defaults to 10 and refuses counts outside 1-1000', async () => {
    stubApi({});
    renderWithProviders(<GenerateCodesDialog discount={promo} onClose={noop} onGenerated={noop} />);
    const count = (await screen.findByLabelText(/^Number of codes/)) as HTMLInputElement;
    expect(count.value).toBe('10');
    fireEvent.change(count, { target: { value: '1001' } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Codes' }));
    expect(screen.getByText('Please enter a valid number between 1 and 1000')).toBeTruthy();
    fireEvent.change(count, { target: { value: '0' } });
    fireEvent.blur(count);
    expect(screen.getByText('Please enter a valid number between 1 and 1000')).toBeTruthy();
  });

  it("generates, lists the codes in a 200 px scroller and toasts 'Codes Generated'", async () => {
    const codes = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      identifier: `WELCOME${String(i).padStart(6, '0')}`,
    }));
    const fetchMock = stubApi({
      'POST /api/admin/discounts/7/generate-identifiers': { success: true, data: codes },
    });
    renderWithProviders(<GenerateCodesDialog discount={promo} onClose={noop} onGenerated={noop} />);
    fireEvent.change(await screen.findByLabelText(/^Number of codes/), { target: { value: '25' } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Codes' }));
    expect(await screen.findByText('Codes Generated')).toBeTruthy();
    expect(screen.getByText('Successfully generated 25 discount codes.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/discounts/7/generate-identifiers')).toEqual({ count: 25 });
    expect(within(screen.getByTestId('generated-codes')).getAllByRole('listitem').length).toBe(25);
    expect(screen.getByRole('button', { name: 'Copy All' })).toBeTruthy();
  });

  it("toasts 'Failed to generate discount codes: {message}'", async () => {
    stubApi({
      'POST /api/admin/discounts/7/generate-identifiers': () =>
        Response.json({ success: false, message: 'Only promo discounts have codes' }, { status: 400 }),
    });
    renderWithProviders(<GenerateCodesDialog discount={promo} onClose={noop} onGenerated={noop} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Codes' }));
    expect(
      await screen.findByText('Failed to generate discount codes: Only promo discounts have codes'),
    ).toBeTruthy();
  });
});

describe('payments tab', () => {
  const answer = (testMode: boolean) => ({
    success: true,
    testMode,
    message: testMode ? 'Payment test mode enabled' : 'Payment test mode disabled: live payments',
    provider: {
      name: 'Braintree',
      environment: 'production',
      merchantId: '••••••1234',
      merchantAccountName: 'HS SG',
      configured: true,
    },
  });

  it("switches from test to live with 'Payment settings updated'", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/payments/test-mode': answer(true),
      'POST /api/admin/payments/test-mode': answer(false),
    });
    renderWithProviders(<PaymentsTab />);
    expect(await screen.findByRole('button', { name: 'Switch to Live Mode' })).toBeTruthy();
    expect(screen.getByText('Test')).toBeTruthy();
    expect(screen.getByText('••••••1234')).toBeTruthy();
    expect(screen.getByText('production')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Live Mode' }));
    // Only through the confirmation (issue 45); its focus on the safe choice is checked in a real browser
    // (web/e2e/admin.e2e.spec.ts): jsdom has no layout, so the focus trap finds nothing focusable.
    const confirm = await screen.findByRole('alertdialog', { name: 'Switch to live payments?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch to live' }));
    expect(await screen.findByText('Payment settings updated')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', '/api/admin/payments/test-mode')).toEqual({ enabled: false });
    expect(await screen.findByRole('button', { name: 'Enable Test Mode' })).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('keeps test mode when the server refuses live mode, saying what is missing', async () => {
    const refusal =
      'Live payments need the payment provider configured: set BRAINTREE_MERCHANT_ID on the server.';
    stubApi({
      'GET /api/admin/payments/test-mode': answer(true),
      'POST /api/admin/payments/test-mode': () =>
        Response.json({ success: false, message: refusal }, { status: 409 }),
      'POST /api/admin/payments/provider-check': {
        success: true,
        data: { ok: false, configured: false, message: refusal, checkedAt: '2026-05-01T02:00:00.000Z' },
      },
    });
    renderWithProviders(<PaymentsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Live payments would fail')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Live Mode' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Switch to live payments?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch to live' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Switch to Live Mode' })).toBeTruthy();
  });

  it('in live mode, checks the provider by itself when the tab opens (issue 45)', async () => {
    stubApi({
      'GET /api/admin/payments/test-mode': answer(false),
      'POST /api/admin/payments/provider-check': {
        success: true,
        data: {
          ok: false,
          configured: true,
          message: 'The payment provider did not give a client token.',
          checkedAt: '2026-05-01T02:00:00.000Z',
        },
      },
    });
    renderWithProviders(<PaymentsTab />);
    expect(await screen.findByText('Live payments would fail')).toBeTruthy();
    expect(screen.getByText('The payment provider did not give a client token.')).toBeTruthy();
  });

  it("shows 'Failed to fetch payment test mode status' when the status call fails", async () => {
    stubApi({ 'GET /api/admin/payments/test-mode': () => new Response('nope', { status: 500 }) });
    renderWithProviders(<PaymentsTab />);
    expect(await screen.findByText('Failed to fetch payment test mode status')).toBeTruthy();
  });

  it("toasts 'Update failed' / 'Server error. Please try again.' on a server error", async () => {
    stubApi({
      'GET /api/admin/payments/test-mode': answer(false),
      'POST /api/admin/payments/test-mode': () => new Response('boom', { status: 500 }),
    });
    renderWithProviders(<PaymentsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Test Mode' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(screen.getByText('Server error. Please try again.')).toBeTruthy();
  });
});
