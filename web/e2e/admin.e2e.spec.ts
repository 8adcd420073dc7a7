import { mkdirSync, readFileSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = 'test-artifacts';
const POSTAL_CODE = '530123';
const EVENT = { name: 'E2E Admin Screening', slug: 'e2e-admin-screening' };

/** Retries `check` until it passes (projections and polling make the admin screens eventually consistent). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

describe('the admin back-office in a browser', () => {
  let stack: ProductStack;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}/admin-${name}.png`, fullPage: true });
  const openTab = async (name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('tabpanel').first().waitFor();
  };
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
  const json = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('runs a day of back-office work', async () => {
    // --- log in
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    // issue 45: the dashboard opens on the Today tab
    await page.getByRole('list', { name: 'Today at a glance' }).waitFor();
    await openTab('Events');

    // --- create an event with two packages and auto-generated timeslots
    await page.getByRole('button', { name: 'Add Event' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(EVENT.name);
    await dialog.getByRole('textbox', { name: /^Location/ }).fill('Ang Mo Kio Hub');
    await dialog.getByText('Basic Health Screening', { exact: true }).click();
    await dialog.getByText('Executive Health Screening', { exact: true }).click();
    await dialog.getByLabel(/Auto-generated/).check();
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toast('Event created');
    await page.getByRole('cell', { name: EVENT.name, exact: true }).waitFor();
    await shot('events');

    // --- book it as a customer through the public API (postal code lookup for a timeslot)
    const detail = (await json(`/api/events/${EVENT.slug}`)).data;
    expect(detail.packages).toHaveLength(2);
    const lookup = await json(
      `/api/auto-timeslots/postal-code?postalCode=${POSTAL_CODE}&eventId=${detail.id}`,
    );
    const slot = lookup.data[0].timeslots[0];
    const booked = (
      await json('/api/registrations', {
        method: 'POST',
        body: JSON.stringify({
          eventId: detail.id,
          packageId: detail.packages[0].id,
          timeslotId: slot.id,
          firstName: 'Alex',
          lastName: 'Tan',
          email: 'alex.e2e@example.com',
          mobileNumber: '91234567',
          gender: 'male',
          identificationNumber: 'S1234567D',
          dateOfBirth: '1990-01-01',
          postalCode: POSTAL_CODE,
          address: '1 Ang Mo Kio Ave 3',
        }),
      })
    ).data;
    const reference: string = booked.reference_number;
    expect(reference).toMatch(/^HS\d{4}-\d{4}-\d{4}$/);

    // --- the order appears in Orders by polling (no reload)
    await openTab('Orders');
    const row = page.locator('tr', { hasText: reference });
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByText('Alex Tan').count()).resolves.toBe(1);
    await shot('orders');

    // --- the seat shows as booked in Postal Codes
    // The tab's own Event select, once the tab before it (Orders has an Event filter too) has gone.
    const theEventSelect = async () => {
      const select = page.getByRole('combobox', { name: /^Event/ });
      await expect.poll(() => select.count(), { timeout: 15_000 }).toBe(1);
      return select;
    };
    const searchSlots = async () => {
      await page.getByRole('button', { name: 'Search' }).click();
      return page.locator(`li[data-timeslot-id="${slot.id}"]`);
    };
    await openTab('Postal Codes');
    await theEventSelect().then((select) => select.selectOption({ label: EVENT.name }));
    await page.getByRole('textbox', { name: /^Postal Code/ }).fill(POSTAL_CODE);
    await eventually(async () => {
      const li = await searchSlots();
      await li.getByText(`Booked: 1/${slot.maxAttendees}`).waitFor({ timeout: 1_000 });
    });
    await page.getByRole('heading', { name: 'North Region' }).waitFor();

    // --- its History shows RegistrationBooked, by the customer
    await openTab('Orders');
    await page.getByRole('button', { name: `View Details of ${reference}` }).click();
    dialog = page.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByRole('heading', { name: 'Personal Information' }).waitFor();
    const booking = dialog.locator('li[data-event-type="RegistrationBooked"]');
    await booking.waitFor({ timeout: 15_000 });
    await booking.getByText('by Customer (public site)').waitFor();
    // --- confirm it as admin: the worker sends the confirmation email, which the history records
    await dialog.getByRole('button', { name: 'Confirm…', exact: true }).click();
    // Only through the dialog that says what confirming does (issue 45): an unpaid order stays owing.
    const consequence = page.getByRole('alertdialog', { name: `Confirm order ${reference}?` });
    await consequence.getByText(/^Confirming it leaves S\$\d+\.\d{2} to pay\.$/).waitFor();
    await consequence.getByRole('button', { name: 'Confirm order' }).click();
    await toast('Order confirmed');
    const emailed = dialog.locator('li[data-event-type="ConfirmationEmailSent"]');
    await emailed.waitFor({ timeout: 20_000 });
    await emailed.getByText(/^by System/).waitFor();
    await shot('order-details');

    // --- cancel it as admin: the history records it and the seat is freed
    // (the toasts sit over the dialog's footer: use the keyboard)
    await dialog.getByRole('button', { name: 'Cancel order…', exact: true }).press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Order' }).click();
    await toast('Order cancelled');
    await dialog
      .locator('li[data-event-type="RegistrationCancelled"]')
      .getByText(/by Admin admin/)
      .waitFor({
        timeout: 15_000,
      });
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await row.getByText('Cancelled').waitFor();

    await openTab('Postal Codes');
    await theEventSelect().then((select) => select.selectOption({ label: EVENT.name }));
    await page.getByRole('textbox', { name: /^Postal Code/ }).fill(POSTAL_CODE);
    let slotRow: Locator = page.locator(`li[data-timeslot-id="${slot.id}"]`);
    await eventually(async () => {
      slotRow = await searchSlots();
      await slotRow.getByText(`Booked: 0/${slot.maxAttendees}`).waitFor({ timeout: 1_000 });
    });

    // --- block the slot: the public lookup no longer offers it as available
    await slotRow.getByText('Available').click();
    await toast('Timeslot updated');
    await slotRow.getByText('Blocked').waitFor();
    await shot('postal-codes');
    await eventually(async () => {
      const again = await json(
        `/api/auto-timeslots/postal-code?postalCode=${POSTAL_CODE}&eventId=${detail.id}`,
      );
      const same = again.data
        .flatMap((d: { timeslots: { id: number; isAvailable: boolean }[] }) => d.timeslots)
        .find((s: { id: number }) => s.id === slot.id);
      expect(same?.isAvailable ?? false).toBe(false);
    });

    // --- and the public booking wizard for that event and postal code no longer offers that time
    const customer = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-SG' });
    try {
      const wizard = await customer.newPage();
      wizard.setDefaultTimeout(30_000);
      await wizard.goto(`${stack.baseUrl}/events/${EVENT.slug}`);
      await wizard.getByRole('heading', { name: 'Select Package' }).waitFor();
      await wizard.getByText('Basic Health Screening', { exact: true }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('heading', { name: 'Personal Information' }).waitFor();
      await wizard.getByLabel('First Name').fill('Bala');
      await wizard.getByLabel('Last Name').fill('Kumar');
      await wizard.getByLabel('Email').fill('bala.e2e@example.com');
      await wizard.getByLabel('Mobile Number').fill('92345678');
      await wizard.getByText('Male', { exact: true }).click();
      await wizard.getByLabel('Identification Number (NRIC/FIN)').fill('S7654321F');
      await wizard.getByLabel('Date of Birth').fill('02/03/1985');
      await wizard.getByLabel('Postal Code').fill(POSTAL_CODE);
      await wizard.getByLabel('Address').fill('2 Ang Mo Kio Ave 3');
      await wizard.getByText('I have read the privacy notice and consent', { exact: false }).click();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('heading', { name: 'Select Appointment Slot' }).waitFor();
      // the slot list has loaded (other days are still offered) before we look for the blocked one
      await wizard.locator('#bk-date [data-part=item]').first().waitFor();
      const day = wizard.locator('#bk-date [data-part=item]', {
        has: wizard.locator(`input[value="${slot.date}"]`),
      });
      if ((await day.count()) > 0) {
        await day.click();
        await wizard.locator('#bk-timeslotId [data-part=item]').first().waitFor();
        const time = wizard.locator('#bk-timeslotId [data-part=item]', {
          has: wizard.locator(`input[value="${slot.id}"]`),
        });
        // either gone from the day, or shown as Unavailable and not selectable
        if ((await time.count()) > 0) {
          expect(await time.getAttribute('data-disabled')).not.toBeNull();
          await time.getByText('Unavailable', { exact: true }).waitFor();
          expect(await time.locator('input').isDisabled()).toBe(true);
        }
      }
      await wizard.screenshot({ path: `${ARTIFACTS}/admin-blocked-slot-public-wizard.png`, fullPage: true });
    } finally {
      await customer.close();
    }

    // --- a promo discount with 25 generated codes
    await openTab('Discounts');
    await page.getByRole('button', { name: 'Add Discount' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E Promo');
    await dialog.getByLabel(/^Promo/).check();
    await dialog.getByRole('textbox', { name: /^Identifier Prefix/ }).fill('E2E');
    for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: /^Value/ }).fill('10');
    await dialog.getByRole('button', { name: 'Create Discount' }).click();
    await toast('Discount created');
    await page.getByRole('button', { name: 'Generate codes for E2E Promo' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Number of codes/).fill('25');
    await dialog.getByRole('button', { name: 'Generate Codes' }).click();
    await toast('Codes Generated');
    await page.getByText('Successfully generated 25 discount codes.').waitFor();
    await expect(dialog.getByLabel('Generated codes').getByText(/^E2E/).count()).resolves.toBe(25);
    await shot('discounts-codes');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await shot('discounts');

    // --- payment test mode: seeded on; live mode is refused while no provider is configured (issue 45)
    await openTab('Payments');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Live payments would fail').waitFor();
    await page.getByRole('button', { name: 'Switch to Live Mode' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Switch to live payments?' });
    // The safe choice has the focus: Enter keeps test mode.
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Keep test mode' }).evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to Live Mode' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Switch to live' }).click();
    await toast('Update failed');
    await page
      .getByText(/^Live payments need the payment provider configured: set BRAINTREE_MERCHANT_ID/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Switch to Live Mode' }).waitFor();
    await shot('payments');

    // --- an API key: shown once, masked afterwards
    await openTab('API Keys');
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('E2E partner');
    await dialog.getByRole('button', { name: 'Generate API Key' }).click();
    const fullKey = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(fullKey.length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Done' }).click();
    const keyRow = page.locator('tr', { hasText: 'E2E partner' });
    await keyRow.getByText(`${fullKey.slice(0, 10)}...`).waitFor();
    expect(await page.content()).not.toContain(fullKey);
    await shot('api-keys');

    // --- the other tabs, for the record
    for (const [tab, file] of [
      ['Packages', 'packages'],
      ['Holidays', 'holidays'],
      ['Email Templates', 'email-templates'],
    ] as const) {
      await openTab(tab);
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      await shot(file);
    }

    // --- Export CSV: header and our order's row
    await openTab('Orders');
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-export-\d{4}-\d{2}-\d{2}\.csv$/);
    await toast('Export successful');
    const csv = readFileSync((await download.path()) as string, 'utf8').split('\r\n');
    expect(csv[0]).toMatch(/^Reference,Status,First Name,Last Name,Email/);
    const line = csv.find((l) => l.startsWith(reference));
    expect(line).toContain('canceled');
    expect(line).toContain('Alex,Tan,alex.e2e@example.com');

    // --- beyond the spec: the audit log and the system view
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await page.locator('tr', { hasText: 'api_key' }).first().waitFor();
    await shot('audit-log');
    await page.getByRole('link', { name: 'System' }).click();
    await page.getByRole('heading', { name: 'System', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'slot_availability', exact: true }).waitFor();
    await page
      .getByText(/Queue status unavailable|No failed jobs|No queues found/)
      .first()
      .waitFor();
    await shot('system');

    // --- log out: the dashboard now sends us to the login
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });
});
