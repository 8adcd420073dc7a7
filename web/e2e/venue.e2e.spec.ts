import { mkdirSync } from 'node:fs';
import { formatSGD, parseMoney, withGstCents } from '@hs/domain';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json';
import zh from '../src/i18n/locales/zh.json';

/*
 * Issue 46: where to go. On a phone (360 px), in English and in Chinese, the demo's partner event
 * (booked by postal-code region, one clinic per region) names its clinics by region on the event page,
 * shows the clinic of the booker's region in the slot step, and the review names it with its address
 * and map link: no "Location not specified", no "Island-wide clinics near you". The package cards
 * show prices with GST included, marked as such.
 */
const ARTIFACTS = 'test-artifacts';
const EVENT = 'whitecoat-health-screening';
// The seed's North clinic (services/api/src/seed/demo-data.ts); 560123 is in the North region.
const NORTH_CLINIC = 'Woodlands Family Clinic';
const NORTH_ADDRESS = '900 South Woodlands Drive';

describe('the venue on the booking pages', () => {
  let stack: ProductStack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startProductStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('in %s, the slot step and the review name the region clinic at 360 px', async (language, L) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-SG' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/events/${EVENT}`);
    await page.getByRole('heading', { name: en.wizard.step0 }).waitFor();
    if (language !== 'en') {
      await page.getByLabel('Language').selectOption(language);
      await page.getByRole('heading', { name: L.wizard.step0 }).waitFor();
    }
    // the event page: its clinics by region, not "Location not specified"
    const main = page.locator('main');
    await main.getByText(L.venue.byRegion_other.replace('{{count}}', '5')).waitFor();
    expect(await main.getByText(L.common.locationNotSpecified).count()).toBe(0);
    expect(await main.getByText(NORTH_CLINIC).count()).toBeGreaterThan(0);

    // the package card's price to the public includes GST, and says so (IRAS)
    const detail = await (await fetch(`${stack.baseUrl}/api/events/${EVENT}`)).json();
    const basic = detail.data.packages.find((p: { name: string }) => p.name === 'Basic Health Screening');
    const shown = formatSGD(withGstCents(parseMoney(basic.price) ?? 0));
    const card = page.locator('#bk-packageId [data-part=item]', { hasText: 'Basic Health Screening' });
    const cardText = await card.innerText();
    expect(cardText).toContain(shown);
    expect(cardText).toContain(L.wizard.inclGst);
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    await page.getByLabel(L.person.firstName).fill('Mei Ling');
    await page.getByLabel(L.person.lastName).fill('Tan');
    await page.getByLabel(L.person.email).fill(`venue.${language}@example.com`);
    await page.getByLabel(L.person.mobileNumber).fill('91234567');
    await page.getByText(L.person.female, { exact: true }).click();
    await page.getByLabel(L.person.idBooker).fill(language === 'en' ? 'S2345678H' : 'S3456789A');
    await page.getByLabel(L.person.dateOfBirth).fill('04/03/1970');
    await page.getByLabel(L.person.postalCode).fill('560123');
    await page.getByLabel(L.person.address).fill('123 Ang Mo Kio Avenue 3');
    await page.getByText(L.privacy.consent).click();
    await page.getByRole('button', { name: L.wizard.next }).click();

    // the slot step: the North region's clinic
    await page.getByRole('heading', { name: L.wizard.step2 }).waitFor();
    const where = page.getByRole('region', { name: L.venue.heading });
    await where.getByText(NORTH_CLINIC).waitFor();
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: L.wizard.next }).click();

    // the review: the clinic's name, address with its postal code, and map link
    await page.getByRole('heading', { name: L.wizard.step3 }).waitFor();
    const appointment = page.getByRole('region', { name: L.review.appointment });
    const venue = appointment.getByTestId('venue');
    await venue.getByText(NORTH_CLINIC).waitFor();
    const text = await venue.innerText();
    expect(text).toContain(NORTH_ADDRESS);
    expect(text).toContain(L.venue.postal.replace('{{postalCode}}', '730900'));
    const map = venue.getByRole('link', { name: L.venue.map });
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\//);
    const reviewText = await appointment.innerText();
    expect(reviewText).not.toContain(L.common.locationNotSpecified);
    expect(reviewText).not.toContain('Island-wide');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.screenshot({ path: `${ARTIFACTS}/venue-review-${language}.png`, fullPage: true });
    await context.close();
  });
});
