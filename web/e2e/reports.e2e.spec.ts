import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 25: the Reports tab draws its charts from the reports read model in the built product. A few
 * orders are booked (two paid) through the api, the worker projects them, and the tab
 * shows the charts (SVG drawn, not the empty state), a table view, and passes axe-core. The
 * screenshots stay in test-artifacts.
 */
const ARTIFACTS = 'test-artifacts';
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

describe('the Reports tab', () => {
  let stack: ProductStack;
  let browser: Browser;
  let page: Page;

  const call = async (path: string, body?: object, token?: string) => {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(30_000);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    writeFileSync(`${ARTIFACTS}/reports-stack.log`, stack.output());
    await page?.screenshot({ path: `${ARTIFACTS}/reports-failed.png`, fullPage: true }).catch(() => {});
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('draws the charts from seeded orders, shows a table view, and axe finds nothing serious', async () => {
    const token = (await call('/api/admin/login', stack.admin)).data.token as string;
    const slug = 'community-health-screening-2026';
    const event = (await call('/api/events')).data.find((e: { slug: string }) => e.slug === slug);
    const detail = (await call(`/api/events/${slug}`)).data;
    for (const [i, name] of ['Rui', 'Sam', 'Tia'].entries()) {
      const booked = (
        await call('/api/registrations', {
          eventId: event.id,
          packageId: detail.packages[0].id,
          timeslotId: event.timeslots[0].id,
          firstName: name,
          lastName: 'Report',
          email: `${name.toLowerCase()}.report@example.com`,
          mobileNumber: '91234567',
          gender: 'female',
          identificationNumber: ['S1234567D', 'S7654321B', 'S2345678H'][i],
          dateOfBirth: '1990-01-01',
          postalCode: '560123',
          address: '123 Ang Mo Kio Avenue 3',
        })
      ).data;
      if (i < 2)
        await call('/api/payments/process', {
          registrationId: booked.id,
          nonce: 'fake-valid-nonce',
          amount: booked.balanceDue,
        });
    }
    // The worker's projection follows the log.
    await expect
      .poll(async () => (await call('/api/admin/reports/insights', undefined, token)).data?.revenue?.length, {
        timeout: 30_000,
      })
      .toBe(1);

    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=reports`);
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    // payments by method (issue 48): the two card payments above
    for (const chart of ['bookings', 'revenue', 'payments', 'utilisation']) {
      await page.locator(`[data-chart=${chart}] [role=img] svg`).first().waitFor();
    }
    expect(await page.locator('[data-chart]').count()).toBe(6);
    // Nobody came yet nor joined a waiting list: those charts say so instead of drawing an empty frame.
    for (const chart of ['noShows', 'waitlist'])
      await page.locator(`[data-chart=${chart}]`).getByText('No data yet for this range.').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/reports-tab.png`, fullPage: true });

    const bookings = page.locator('[data-chart=bookings]');
    await bookings.getByRole('button', { name: 'Show table' }).click();
    await bookings.getByRole('table').waitFor();
    expect(await bookings.getByRole('row').count()).toBe(31);

    await page.evaluate(AXE_SOURCE);
    const serious = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(serious).toEqual([]);

    // 360 px wide: the charts still draw, nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.locator('[data-chart=revenue] [role=img] svg').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${ARTIFACTS}/reports-tab-360.png`, fullPage: true });
  });
});
