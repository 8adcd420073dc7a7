import { mkdirSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import L from '../src/i18n/locales/en.json';
import { ARTIFACTS, PHONE, axeFindings, keepFailureArtifacts } from './lib';

/*
 * Issue 49 on a phone (360 px), against the built api and the fake Singpass: on step 2 press
 * "Retrieve Myinfo with Singpass", pick the demo insurer member on the fake's login page, come back
 * to the same step with the form as left, the fields filled and the identity locked, and book.
 */
const MANUAL_EVENT = 'community-health-screening-2026';

describe('Retrieve Myinfo with Singpass, on a phone', () => {
  let stack: ProductStack;
  let browser: Browser;
  let context: BrowserContext;

  const field = (page: Page, name: string) => page.locator(`#bk-${name}`);
  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack({ singpass: true }), launchBrowser()]);
    context = await browser.newContext({ viewport: PHONE, locale: 'en-SG' });
  });
  afterEach(
    keepFailureArtifacts(
      'myinfo',
      () => stack,
      () => context.pages().at(-1),
    ),
  );
  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await stack?.stop();
  });

  it('press the button, pick a persona, come back filled and locked, and book', async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    await page.getByRole('heading', { name: L.wizard.step0 }).waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();

    // what the person entered before leaving is there when they come back
    await page.getByLabel(L.person.medicalConditions).fill('Mild asthma');
    await page.getByText(L.privacy.consent).click();
    await page.getByText(L.person.aiaMember).click();

    const button = page.getByRole('button', { name: 'Retrieve Myinfo with Singpass', exact: true });
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/myinfo-button.png`, fullPage: true });

    // keyboard-usable: reached with Tab from the step's heading, pressed with Enter, a visible focus ring
    await page.getByRole('heading', { name: L.wizard.step1 }).focus();
    for (let i = 0; i < 5 && !(await button.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await button.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');

    // the fake Singpass's login page: the demo insurer member
    await page.waitForURL((url) => url.origin !== new URL(stack.baseUrl).origin);
    await page.getByRole('button', { name: /^Tan Wei Ming/ }).click();

    // back on step 2, the handle off the address
    await page.waitForURL(new RegExp(`/events/${MANUAL_EVENT}$`));
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    await expect.poll(() => field(page, 'identificationNumber').inputValue()).toBe('S8012345J');
    expect(new URL(page.url()).hash).toBe('');
    expect(await field(page, 'firstName').inputValue()).toBe('Wei Ming');
    expect(await field(page, 'lastName').inputValue()).toBe('Tan');
    expect(await field(page, 'dateOfBirth').inputValue()).toBe('14/05/1980');
    expect(await field(page, 'mobileNumber').inputValue()).toBe('91234567');
    expect(await field(page, 'email').inputValue()).toBe('tan.weiming@example.sg');
    expect(await field(page, 'postalCode').inputValue()).toBe('560123');
    for (const name of ['identificationNumber', 'firstName', 'lastName', 'dateOfBirth']) {
      expect(await field(page, name).getAttribute('readonly'), name).not.toBeNull();
    }
    expect(await page.getByText(L.myinfo.from).count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByLabel(L.person.medicalConditions).inputValue()).toBe('Mild asthma');
    await page.getByLabel(L.myinfo.nameSplit).waitFor();
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/myinfo-filled.png`, fullPage: true });

    // the address Myinfo gave (the unit comes with it); then on through the member check to the booking
    expect(await field(page, 'address').inputValue()).not.toBe('');
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step2 }).waitFor();
    // the member check's toast sits over the first date on a phone: the second date
    await page.locator('#bk-date [data-part=item]').nth(1).click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step3 }).waitFor();
    const booked = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/registrations' && r.method() === 'POST',
    );
    await page.getByRole('button', { name: L.wizard.confirm }).click();
    const sent = (await booked).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      identificationNumber: 'S8012345J',
      dateOfBirth: '1980-05-14',
      firstName: 'Wei Ming',
      lastName: 'Tan',
      gender: 'male',
      medicalConditions: 'Mild asthma',
    });
    expect(sent.myinfoHandle).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await page.waitForURL(/\/booking\/confirmation\/HS[\d-]+\?(showPayment=true|booked=1)$/);
  });
});
