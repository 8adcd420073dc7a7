import { mkdirSync, writeFileSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 45: the Orders tab in the built product. At 360 px each order is a card whose status badge and
 * row actions are on screen, and nothing scrolls sideways; at desktop width the table's Appointment
 * header sorts the orders by appointment, earliest first, then latest first.
 */
const ARTIFACTS = 'test-artifacts';
const PHONE = { width: 360, height: 740 };

describe('the Orders tab on a phone and sorted by appointment', () => {
  let stack: ProductStack;
  let browser: Browser;
  let page: Page;
  const references: { reference: string; date: string; time: string }[] = [];

  const call = async (path: string, body?: object, token?: string) => {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  /** The element's box lies within the phone's viewport, left to right. */
  const withinViewport = async (locator: Locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, 'laid out').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
    page = await browser.newPage({ viewport: PHONE });
    page.setDefaultTimeout(30_000);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    writeFileSync(`${ARTIFACTS}/orders-phone-stack.log`, stack.output());
    await page?.screenshot({ path: `${ARTIFACTS}/orders-phone-failed.png`, fullPage: true }).catch(() => {});
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows each order as a card at 360 px, status and actions on screen, nothing scrolling sideways', async () => {
    const token = (await call('/api/admin/login', stack.admin)).data.token as string;
    const slug = 'community-health-screening-2026';
    const event = (await call('/api/events')).data.find((e: { slug: string }) => e.slug === slug);
    const detail = (await call(`/api/events/${slug}`)).data;
    const slots = event.timeslots as { id: number; date: string; time: string }[];
    expect(slots.length).toBeGreaterThan(1);
    // Booked latest appointment first, so the newest booking is not the earliest appointment.
    for (const [i, slot] of [slots.at(-1)!, slots[0]!].entries()) {
      const booked = await call('/api/registrations', {
        eventId: event.id,
        packageId: detail.packages[0].id,
        timeslotId: slot.id,
        firstName: ['Wen', 'Xia'][i],
        // a long name must wrap inside the card, not push it wider than the phone
        lastName: 'Featherstonehaughcholmondeley-Marjoribanks',
        email: `orders.phone${i}@example.com`,
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: ['S1234567D', 'S7654321B'][i],
        dateOfBirth: '1990-01-01',
        postalCode: '560123',
        address: '123 Ang Mo Kio Avenue 3',
      });
      expect(booked.success, JSON.stringify(booked)).toBe(true);
      references.push({ reference: booked.data.reference_number, date: slot.date, time: slot.time });
    }
    // The worker's projection follows the log.
    await expect
      .poll(async () => (await call('/api/admin/registrations', undefined, token)).total, { timeout: 30_000 })
      .toBe(2);

    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=orders`);
    const list = page.getByRole('list', { name: 'Orders' });
    await list.waitFor();
    expect(await page.getByRole('table', { name: 'Orders' }).count()).toBe(0);

    const { reference } = references[0]!;
    const card = list.getByRole('listitem').filter({ hasText: reference });
    await card.waitFor();
    await withinViewport(card);
    await withinViewport(card.getByText(reference, { exact: true }));
    await withinViewport(card.getByText('Pending Payment', { exact: true }));
    for (const action of [
      `View Details of ${reference}`,
      `Mark as Confirmed ${reference}`,
      `Cancel Order ${reference}`,
    ])
      await withinViewport(card.getByRole('button', { name: action }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${ARTIFACTS}/orders-phone-360.png`, fullPage: true });

    // The card's actions work as the table's do.
    await card.getByRole('button', { name: `View Details of ${reference}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The cards sort with the Sort field.
    await page.getByLabel('Sort').selectOption('appointment');
    await expect
      .poll(async () => (await list.getByRole('listitem').first().textContent()) ?? '', { timeout: 15_000 })
      .toContain(references[1]!.reference);
  });

  it('sorts the table by appointment from its header at desktop width', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = page.getByRole('table', { name: 'Orders' });
    await table.waitFor();
    const header = table.getByRole('columnheader', { name: /Appointment/ });
    const firstRow = () => table.locator('tbody tr').first().getAttribute('data-reference');
    const [later, earlier] = references;
    // the Sort field chose "earliest first" at 360 px: the header says so
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(firstRow).toBe(earlier!.reference);

    // from the keyboard: focus the header's button and press Enter
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(firstRow, { timeout: 15_000 }).toBe(later!.reference);

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(firstRow, { timeout: 15_000 }).toBe(earlier!.reference);
    await page.screenshot({ path: `${ARTIFACTS}/orders-sorted.png`, fullPage: true });
  });
});
