import { mkdirSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = 'test-artifacts';

describe('the running product in a browser', () => {
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

  it('shows the seeded events on the home page and their booking page', async () => {
    const page = await browser.newPage();
    await page.goto(stack.baseUrl);
    await page.getByRole('heading', { name: 'Available Health Screening' }).waitFor();
    await page.getByText('WhiteCoat Health Screening').first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/home.png`, fullPage: true });
    await page.goto(`${stack.baseUrl}/events/whitecoat-health-screening`);
    await page.getByText('Select Package').first().waitFor();
    expect(await page.getByText('Basic Health Screening').count()).toBeGreaterThan(0);
    await page.close();
  });

  it("paints the event page's first view before it asks for the app's code, then hydrates it", async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/events/whitecoat-health-screening`);
    // hydrated: React lifts `inert` from the server's markup once it has taken over its controls
    await page.waitForFunction(() => document.getElementById('root')?.inert === false);
    const { paint, appScripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      appScripts: performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.+\.js$/.test(r.name) && !/\/assets\/index-[^/]+\.js$/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(paint).toBeGreaterThan(0);
    // the entry (boot.ts) is the only script the head names; the app's files come after the paint
    expect(appScripts.length).toBeGreaterThan(0);
    expect(Math.min(...appScripts)).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY);
    // hydrated by React, not only let go after main.tsx's 10 s: its controls carry React's own props
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('#root input, #root button')].every((el) =>
          Object.keys(el).some((key) => key.startsWith('__reactProps$')),
        ),
      ),
    ).toBe(true);
    await page.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const page = await browser.newPage();
    const answer = await page.goto(`${stack.baseUrl}/no/such/page`);
    // issue 46: the app's not-found page, answered with 404, under one heading
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('404', { exact: true }).count()).toBe(0);
    await page.close();
  });

  it('lets the demo admin sign in to the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/admin/login`);
    // a page the api does not render asks for the app at once, beside its entry (web/vite.config.ts)
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    // issue 45: the dashboard opens on the Today tab
    await page.getByRole('list', { name: 'Today at a glance' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/admin-dashboard.png`, fullPage: true });
    await page.close();
  });
});
