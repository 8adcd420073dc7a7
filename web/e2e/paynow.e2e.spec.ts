import { mkdirSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import L from '../src/i18n/locales/en.json';
import { ARTIFACTS, PHONE, axeFindings, keepFailureArtifacts } from './lib';

/*
 * Issue 48 on a phone (360 px), against the built api, worker and the fake Stripe server: book,
 * choose PayNow, see the QR (decoded from a screenshot, it is the intent's own EMVCo payload), the
 * amount, the reference and the hold; simulate the scan; the page turns to paid without a reload.
 */
const MANUAL_EVENT = 'community-health-screening-2026';

interface FakeIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  next_action: { paynow_display_qr_code: { data: string } } | null;
}
interface PayNowAnswer {
  data: {
    paymentIntentId: string;
    qrData: string;
    amount: string;
    expiresAt: string | null;
    reference: string;
  };
}

const singaporeHHmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Singapore',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** What a banking app's camera reads: the QR decoded from the pixels the page shows. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}

describe('PayNow on the confirmation page, on a phone', () => {
  let stack: ProductStack;
  let browser: Browser;
  let context: BrowserContext;

  const main = (page: Page) => page.getByRole('main');
  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function fakeIntent(id: string): Promise<FakeIntent> {
    const res = await fetch(`${stack.env.STRIPE_API_URL}/__fake/payment_intents`);
    const intents = (await res.json()) as FakeIntent[];
    const intent = intents.find((pi) => pi.id === id);
    if (!intent) throw new Error(`the fake Stripe has no intent ${id}: ${JSON.stringify(intents)}`);
    return intent;
  }

  /** The community event's Basic package, booked through the wizard: the page awaiting payment. */
  async function book(page: Page): Promise<string> {
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    await page.getByRole('heading', { name: L.wizard.step0 }).waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    await page.getByLabel(L.person.firstName).fill('Siew Ling');
    await page.getByLabel(L.person.lastName).fill('Goh');
    await page.getByLabel(L.person.email).fill('paynow.e2e@example.com');
    await page.getByLabel(L.person.mobileNumber).fill('91234567');
    await page.getByText(L.person.female, { exact: true }).click();
    await page.getByLabel(L.person.idBooker).fill('S1234567D');
    await page.getByLabel(L.person.dateOfBirth).fill('04/03/1985');
    await page.getByLabel(L.person.postalCode).fill('560123');
    await page.getByLabel(L.person.address).fill('123 Ang Mo Kio Avenue 3');
    await page.getByText(L.privacy.consent).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step2 }).waitFor();
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step3 }).waitFor();
    await page.getByRole('button', { name: L.wizard.confirm }).click();
    await page.waitForURL(/\/booking\/confirmation\/HS[\d-]+\?showPayment=true$/);
    await main(page).getByRole('heading', { name: L.msg.paymentPending, level: 1 }).waitFor();
    return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack({ paynow: true }), launchBrowser()]);
    context = await browser.newContext({ viewport: PHONE, locale: 'en-SG' });
  });
  afterEach(
    keepFailureArtifacts(
      'paynow',
      () => stack,
      () => context.pages().at(-1),
    ),
  );
  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await stack?.stop();
  });

  it('book, choose PayNow, scan the QR (simulated), and the page turns to paid without a reload', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const reference = await book(page);

    // Card is the default; the arrow key moves the choice to PayNow, as in any radio group.
    const choice = page.getByRole('group', { name: L.payment.method });
    const card = choice.getByRole('radio', { name: L.msg.methodCard });
    expect(await card.isChecked()).toBe(true);
    // ...with the card's Pay still on the first screen
    const pay = page.getByRole('button', { name: /^Pay S\$[\d,.]+$/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
    const payBox = (await pay.boundingBox())!;
    expect(payBox.y + payBox.height).toBeLessThanOrEqual(PHONE.height);
    const asked = page.waitForResponse(
      (r) => r.url().endsWith('/api/payments/paynow') && r.request().method() === 'POST',
    );
    await card.focus();
    await page.keyboard.press('ArrowRight');
    expect(await choice.getByRole('radio', { name: 'PayNow' }).isChecked()).toBe(true);
    const answer = await asked;
    expect(answer.status()).toBe(201);
    const { data: intent } = (await answer.json()) as PayNowAnswer;

    // The QR for the balance due, large enough to scan from another phone, and what it pays.
    const amount = `S$${intent.amount}`;
    const qr = page.getByRole('img', { name: `PayNow QR code to pay ${amount}` });
    await qr.waitFor();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(240);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await noSideways(page)).toBe(true);

    const panel = page.getByTestId('paynow-payment');
    await panel.getByText(L.payment.paynow.waiting).waitFor();
    const facts = await panel
      .locator('dt')
      .evaluateAll((dts) =>
        Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
      );
    expect(facts).toEqual({
      [L.payment.paynow.amount]: amount,
      [L.success.reference]: reference,
      [L.payment.paynow.heldUntil]: singaporeHHmm(intent.expiresAt!),
    });
    const save = panel.getByRole('link', { name: L.payment.paynow.save });
    expect(await save.getAttribute('download')).toBe(`paynow-${reference}.png`);
    expect(await save.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    await panel.getByText(L.payment.paynow.phoneHint).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/paynow-qr.png`, fullPage: true });

    // What a banking app reads from the screen is the intent's own PayNow payload, for the balance due.
    const fake = await fakeIntent(intent.paymentIntentId);
    const payload = fake.next_action?.paynow_display_qr_code.data;
    expect(payload).toMatch(/^000201/);
    expect(decodeQr(await qr.screenshot())).toBe(payload);
    expect(intent.qrData).toBe(payload);
    expect(fake.amount).toBe(Math.round(Number(intent.amount) * 100));
    expect(fake.currency).toBe('sgd');

    // The scan (simulated in payment test mode); the page learns it from the server, with no reload.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await panel.getByRole('button', { name: L.payment.paynow.simulate }).click();
    await main(page)
      .getByRole('heading', { name: L.msg.bookingConfirmed, level: 1 })
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(new URL(page.url()).pathname).toBe(`/booking/confirmation/${reference}`);
    expect((await page.getByTestId('payment-method').textContent())?.trim()).toBe('PayNow');
    await page.getByTestId('check-in-qr').locator('img').waitFor();
    expect((await fakeIntent(intent.paymentIntentId)).status).toBe('succeeded');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/paynow-paid.png`, fullPage: true });

    // the server's view: paid by PayNow, nothing left to pay
    const lookup = (await (await fetch(`${stack.baseUrl}/api/registrations/lookup/${reference}`)).json()) as {
      data: { status: string; balanceDue: string; paymentMethod: string; transactionId: string };
    };
    expect(lookup.data).toMatchObject({
      status: 'paid',
      balanceDue: '0.00',
      paymentMethod: 'paynow',
      transactionId: intent.paymentIntentId,
    });
    await page.close();
  });
});
