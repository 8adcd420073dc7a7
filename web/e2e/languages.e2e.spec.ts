import { mkdirSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh.json';

/*
 * Issue 26: the public site in Chinese. The header's switch loads the catalogue, the wizard is walked
 * to the review step in Chinese, the choice survives a reload, and the booking is recorded in it.
 */
const ARTIFACTS = 'test-artifacts';
const EVENT = 'community-health-screening-2026';

describe('the public site in Chinese', () => {
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

  const heading = (page: Page, name: string) => page.getByRole('heading', { name }).waitFor();

  it('switches to 简体中文, walks the wizard to the review step, keeps the choice after a reload and books in it', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-SG' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/events/${EVENT}`);
    await heading(page, 'Select Package');

    await page.getByLabel('Language').selectOption('zh');
    await heading(page, zh.wizard.step0);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-SG');
    expect(await page.getByText(zh.event.notesTitle).count()).toBe(1);

    // the choice is remembered: a reload comes back in Chinese
    await page.reload();
    await heading(page, zh.wizard.step0);
    expect(await page.getByLabel(zh.language.label).inputValue()).toBe('zh');

    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: zh.wizard.next }).click();
    await heading(page, zh.wizard.step1);
    // an empty step 2 answers in Chinese
    await page.getByRole('button', { name: zh.wizard.next }).click();
    await page.getByText(zh.msg.gender).waitFor();

    await page.getByLabel(zh.person.firstName).fill('美玲');
    await page.getByLabel(zh.person.lastName).fill('欧阳');
    await page.getByLabel(zh.person.email).fill('meiling.chen@example.com');
    await page.getByLabel(zh.person.mobileNumber).fill('91234567');
    await page.getByText(zh.person.female, { exact: true }).click();
    await page.getByLabel(zh.person.idBooker).fill('S1234567D');
    await page.getByLabel(zh.person.dateOfBirth).fill('04/03/1950');
    await page.getByLabel(zh.person.postalCode).fill('560123');
    await page.getByLabel(zh.person.address).fill('123 Ang Mo Kio Avenue 3');
    await page.getByText(zh.privacy.consent).click();
    await page.getByRole('button', { name: zh.wizard.next }).click();

    await heading(page, zh.wizard.step2);
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: zh.wizard.next }).click();

    await heading(page, zh.wizard.step3);
    await page.getByText(zh.review.priceBreakdown).waitFor();
    // none of the review step's English labels is left
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const english of [
      'Review Booking',
      'Personal Information',
      'Price Breakdown',
      'Add Participant',
      'Previous',
    ]) {
      expect(text).not.toContain(english);
    }
    await page.screenshot({ path: `${ARTIFACTS}/languages-zh-review.png`, fullPage: true });
    // the header's switch and the longer labels still fit 360 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await page.getByRole('button', { name: zh.wizard.confirm }).click();
    await page.waitForURL(/\/booking\/confirm\w*\/HS/);
    const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const [booked] = await stack.db.sql<{ language: string | null }[]>`
      select data->>'language' as language from events
      where type = 'RegistrationBooked' and data->>'referenceNumber' = ${reference}`;
    expect(booked?.language).toBe('zh');
    await context.close();
  });
});
