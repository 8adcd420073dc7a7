import { mkdirSync, readFileSync } from 'node:fs';
import { type ProductStack, launchBrowser, parseIcs, startProductStack } from '@hs/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en.json';
import zh from '../src/i18n/locales/zh.json';
import { ARTIFACTS, PHONE, axeFindings, keepFailureArtifacts } from './lib';

/*
 * Issue 46: one confirmation page for every booking path, on a phone (360 px) in English and Chinese.
 * A zero-balance booking (partner-paid in English, a 100 % code in Chinese) and a card-paid one each
 * land on /booking/confirmation/{reference} with the check-in QR, Add to Calendar, Print and Manage
 * booking; on the pending page Pay is on the first screen; after paying the view is back at the top;
 * a reload keeps the confirmation.
 */
const MANUAL_EVENT = 'community-health-screening-2026';
const PARTNER_EVENT = 'whitecoat-health-screening';
const REFERENCE = /^HS\d{4}-\d{4}-\d{4}$/;

type Catalogue = typeof en;
type Lang = 'en' | 'zh';
const CATALOGUES: Record<Lang, Catalogue> = { en, zh: zh as unknown as Catalogue };

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  nric: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the one confirmation page on a phone', () => {
  let stack: ProductStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A phone-sized page in `lang` (the header's switch, as a visitor does it; the choice is kept). */
  async function phonePage(lang: Lang): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true, locale: 'en-SG' });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    if (lang !== 'en') {
      await page.goto(`${stack.baseUrl}/`);
      await page.getByLabel('Language').selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
    }
    return page;
  }

  async function fillPersonal(page: Page, L: Catalogue, p: Person) {
    await page.getByLabel(L.person.firstName).fill(p.firstName);
    await page.getByLabel(L.person.lastName).fill(p.lastName);
    await page.getByLabel(L.person.email).fill(p.email);
    await page.getByLabel(L.person.mobileNumber).fill('91234567');
    await page.getByText(L.person.female, { exact: true }).click();
    await page.getByLabel(L.person.idBooker).fill(p.nric);
    await page.getByLabel(L.person.dateOfBirth).fill('04/03/1985');
    await page.getByLabel(L.person.postalCode).fill('560123');
    await page.getByLabel(L.person.address).fill('123 Ang Mo Kio Avenue 3');
    await page.getByText(L.privacy.consent).click();
  }

  async function pickSlotAndReview(page: Page, L: Catalogue) {
    await page.getByRole('heading', { name: L.wizard.step2 }).waitFor();
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step3 }).waitFor();
  }

  /** The community event's Basic package for `p`, up to the review step. */
  async function toReview(page: Page, L: Catalogue, p: Person) {
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    await page.getByRole('heading', { name: L.wizard.step0 }).waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    await fillPersonal(page, L, p);
    await page.getByRole('button', { name: L.wizard.next }).click();
    await pickSlotAndReview(page, L);
  }

  const referenceOf = (page: Page) =>
    decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  const main = (page: Page) => page.getByRole('main');
  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /**
   * What every confirmed booking shows: the QR, Add to Calendar (its .ics is the booking's one
   * calendar entry), Print and Manage booking; the page is at its top and fits the phone.
   */
  async function expectConfirmed(page: Page, L: Catalogue, reference: string, heading: string) {
    await main(page).getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByTestId('check-in-qr').locator('img').waitFor();
    expect((await page.getByTestId('reference-number').textContent())?.trim()).toBe(reference);
    await main(page).getByRole('button', { name: L.success.print }).waitFor();
    const manage = main(page).getByRole('link', { name: L.header.manageBooking });
    expect(await manage.getAttribute('href')).toBe(`/manage-appointment?reference=${reference}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: L.success.addToCalendar }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`appointment-${reference}.ics`);
    const [entry] = parseIcs(readFileSync((await download.path())!, 'utf8')).events;
    expect(entry!.UID).toMatch(/^registration-\d+@healthscreening\.example\.sg$/);
    expect(entry!.DESCRIPTION).toContain(reference);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
  }

  /** A reload keeps the confirmation: same URL, same booking, QR again. */
  async function expectReloadKeeps(page: Page, reference: string, heading: string) {
    const url = page.url();
    await page.reload();
    await main(page).getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByTestId('check-in-qr').locator('img').waitFor();
    expect(page.url()).toBe(url);
    expect((await page.getByTestId('reference-number').textContent())?.trim()).toBe(reference);
  }

  /** A booking with a balance due, paid on the phone with the test card. */
  async function bookAndPay(lang: Lang, p: Person) {
    const L = CATALOGUES[lang];
    const page = await phonePage(lang);
    await toReview(page, L, p);
    await page.getByRole('button', { name: L.wizard.confirm }).click();
    await page.waitForURL(/\/booking\/confirmation\/HS[\d-]+\?showPayment=true$/);
    const reference = referenceOf(page);
    expect(reference).toMatch(REFERENCE);
    await main(page).getByRole('heading', { name: L.msg.paymentPending, level: 1 }).waitFor();

    // The amount and Pay come first: the whole button is on the first screen, before any scrolling.
    const payName = new RegExp(
      `^${escapeRe(L.payment.pay).replace(escapeRe('{{amount}}'), 'S\\$[\\d,.]+')}$`,
    );
    const pay = page.getByRole('button', { name: payName });
    await pay.waitFor();
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/confirmation-${lang}-pending.png` });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await pay.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    // Scrolled down (reading the details), then paid: the view goes back to 'Booking Confirmed' at the top.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
    await pay.click();
    await main(page).getByRole('heading', { name: L.msg.bookingConfirmed, level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectConfirmed(page, L, reference, L.msg.bookingConfirmed);
    await page.screenshot({ path: `${ARTIFACTS}/confirmation-${lang}-paid.png`, fullPage: true });
    await expectReloadKeeps(page, reference, L.msg.bookingConfirmed);
  }

  /** A zero-balance booking: 'Booking Successful!' on the one page, and its texts from the spec. */
  async function expectBookedWithNothingDue(page: Page, lang: Lang) {
    const L = CATALOGUES[lang];
    await page.waitForURL(/\/booking\/confirmation\/HS[\d-]+\?booked=1$/);
    const reference = referenceOf(page);
    expect(reference).toMatch(REFERENCE);
    await expectConfirmed(page, L, reference, L.success.title);
    await main(page).getByText(L.success.confirmed).waitFor();
    await main(page).getByRole('heading', { name: L.success.nextSteps }).waitFor();
    await main(page).getByText(L.success.step1).waitFor();
    await main(page).getByRole('link', { name: L.common.returnHome }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/confirmation-${lang}-zero-balance.png`, fullPage: true });
    await expectReloadKeeps(page, reference, L.success.title);
    // Manage booking opens the manage page for this booking
    await main(page).getByRole('link', { name: L.header.manageBooking }).click();
    await page.waitForURL(`**/manage-appointment?reference=${reference}`);
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
  });
  afterEach(
    keepFailureArtifacts(
      'confirmation',
      () => stack,
      () => contexts.at(-1)?.pages().at(-1),
    ),
  );
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await stack?.stop();
  });

  it('English: a partner-paid booking (nothing due) lands on the confirmation page', async () => {
    const L = en;
    const page = await phonePage('en');
    await page.goto(`${stack.baseUrl}/wc/100000000001`);
    await page.waitForURL(`**/events/${PARTNER_EVENT}`);
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    await page.getByText(L.person.male, { exact: true }).click();
    await page.getByText(L.privacy.consent).click();
    await page.getByRole('button', { name: L.wizard.next }).click();
    await pickSlotAndReview(page, L);
    await page.getByRole('button', { name: L.wizard.confirm }).click();
    await expectBookedWithNothingDue(page, 'en');
  });

  it('English: a card-paid booking, Pay on the first screen', async () => {
    await bookAndPay('en', {
      firstName: 'Mei Ling',
      lastName: 'Tan',
      email: 'meiling@example.com',
      nric: 'S1234567D',
    });
  });

  it('Chinese: a booking with a 100 % code (nothing due) lands on the confirmation page', async () => {
    const L = CATALOGUES.zh;
    await stack.db.sql`update discounts set value = 100 where identifier_prefix = 'WELCOME'`;
    const [row] = await stack.db.sql<{ identifier: string }[]>`
      select i.identifier from discount_identifiers i join discounts d on d.id = i.discount_id
      where d.identifier_prefix = 'WELCOME' and not i.is_used order by i.id limit 1`;
    const page = await phonePage('zh');
    await toReview(page, L, {
      firstName: '美玲',
      lastName: '欧阳',
      email: 'ouyang@example.com',
      nric: 'T1234567J',
    });
    await page.getByRole('textbox', { name: L.review.discountCodeLabel }).fill(row!.identifier);
    await page.getByRole('button', { name: L.review.apply, exact: true }).click();
    await page.getByText(L.review.discountApplied).first().waitFor();
    await page.getByRole('button', { name: L.wizard.confirm }).click();
    await expectBookedWithNothingDue(page, 'zh');
  });

  it('Chinese: a card-paid booking, Pay on the first screen', async () => {
    await bookAndPay('zh', {
      firstName: '伟杰',
      lastName: '林文',
      email: 'lin.wei@example.com',
      nric: 'S7654321F',
    });
  });
});
