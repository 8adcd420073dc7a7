import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 45, "Prove it": the back office on a 360 px phone against the built api + worker. Staff confirm
 * a cancelled, refunded order only through the consequence dialog, which fits the screen; the Order
 * Details footer has no bare "Cancel" beside "Close"; the Today tab lists today's slot and the top
 * navigation is reachable; axe-core finds nothing serious or critical on those screens.
 */
const ARTIFACTS = 'test-artifacts';
const EVENT_SLUG = 'community-health-screening-2026';
const PHONE = { width: 360, height: 740 };
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Lookup {
  id: number;
  status: string;
  balanceDue: string;
  refundedAmount: string;
}

const singaporeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the back office at 360 px', () => {
  let stack: ProductStack;
  let browser: Browser;
  let page: Page;
  let auth: { authorization: string };
  let people = 0;
  const axeReport: Record<string, unknown> = {};

  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body as T;
  }

  /** The lookup once it exists and `check` holds (the read model follows the log). */
  async function lookupWhen(reference: string, check: (l: Lookup) => boolean): Promise<Lookup> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fetch(`${stack.baseUrl}/api/registrations/lookup/${reference}`);
      const data = res.ok ? ((await res.json()) as { data: Lookup }).data : null;
      if (data && check(data)) return data;
      if (Date.now() > deadline)
        throw new Error(`lookup of ${reference}: ${res.status} ${JSON.stringify(data)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const seededEvent = async () =>
    (
      await json<{ data: { id: number; slug: string; name: string; timeslots: { id: number }[] }[] }>(
        '/api/events',
      )
    ).data.find((e) => e.slug === EVENT_SLUG)!;

  /** A booking of the seeded event (its first slot unless one is given), awaiting payment. */
  async function book(timeslotId?: number) {
    people += 1;
    const event = await seededEvent();
    const detail = await json<{ data: { packages: { id: number }[] } }>(`/api/events/${EVENT_SLUG}`);
    const booked = await json<{ data: { id: number; reference_number: string } }>('/api/registrations', {
      method: 'POST',
      body: JSON.stringify({
        eventId: event.id,
        packageId: detail.data.packages[0]!.id,
        timeslotId: timeslotId ?? event.timeslots[0]!.id,
        firstName: 'Phone',
        lastName: `Tester${people}`,
        email: `back-office-phone${people}.e2e@example.com`,
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: ['S1234567D', 'S7654321F', 'S8012345J', 'S9912345B'][people - 1],
        dateOfBirth: '1990-01-01',
        postalCode: '560123',
        address: '123 Ang Mo Kio Avenue 3',
      }),
    });
    return { id: booked.data.id, reference: booked.data.reference_number };
  }

  /** Pays the whole balance by (test-mode) card; the amount paid once the lookup says paid. */
  async function pay(order: { id: number; reference: string }): Promise<string> {
    const due = await lookupWhen(order.reference, () => true);
    await json('/api/payments/process', {
      method: 'POST',
      body: JSON.stringify({ registrationId: order.id, nonce: 'fake-valid-nonce', amount: due.balanceDue }),
    });
    await lookupWhen(order.reference, (l) => l.status === 'paid');
    return due.balanceDue;
  }

  const cancelOrder = (id: number) =>
    json(`/api/admin/registrations/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ status: 'canceled' }),
    });

  /** Nothing on the page is wider than the phone. */
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  /** The element's box lies within the phone's viewport, left to right. */
  const withinViewport = async (locator: Locator) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, 'laid out').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(0);
  };

  /** axe-core over the whole document once nothing loads or animates; the serious and critical findings. */
  async function axe(screen: string): Promise<string[]> {
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .every((a) => a.playState !== 'running'),
    );
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
      const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
      return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    axeReport[screen] = violations;
    writeFileSync(`${ARTIFACTS}/back-office-phone-axe.json`, JSON.stringify(axeReport, null, 2));
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${screen}: ${v.id} (${v.impact}): ${v.targets.join(', ')}`);
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
    const login = await json<{ data: { token: string } }>('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify(stack.admin),
    });
    auth = { authorization: `Bearer ${login.data.token}` };
    page = await browser.newPage({ viewport: PHONE, locale: 'en-SG' });
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    writeFileSync(`${ARTIFACTS}/back-office-phone-stack.log`, stack.output());
    await page
      ?.screenshot({ path: `${ARTIFACTS}/back-office-phone-failed.png`, fullPage: true })
      .catch(() => {});
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('confirms a cancelled, refunded order only through the consequence dialog, which fits 360 px', async () => {
    const order = await book();
    const amount = await pay(order);
    await cancelOrder(order.id);
    await json(`/api/admin/registrations/${order.id}/refunds`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ reason: 'Phone test' }),
    });
    await lookupWhen(order.reference, (l) => l.status === 'cancelled' && l.refundedAmount === amount);

    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=orders`);
    const list = page.getByRole('list', { name: 'Orders' });
    const card = list.getByRole('listitem').filter({ hasText: order.reference });
    await card.getByText('Cancelled', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('table', { name: 'Orders' }).count()).toBe(0);
    const confirmAction = card.getByRole('button', { name: `Mark as Confirmed ${order.reference}` });
    await withinViewport(confirmAction);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axe('orders-cards')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/back-office-phone-orders.png`, fullPage: true });

    await confirmAction.click();
    const dialog = page.getByRole('alertdialog', { name: `Confirm order ${order.reference}?` });
    const money = escapeRegExp(`S$${amount}`);
    await dialog
      .getByText(
        new RegExp(
          `^This order was cancelled and refunded ${money}\\. Confirming it takes 1 seat again \\(\\d+ left\\) and leaves ${money} to pay\\.$`,
        ),
      )
      .waitFor();
    const keep = dialog.getByRole('button', { name: 'Keep as is' });
    await expect.poll(() => keep.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await withinViewport(dialog);
    await withinViewport(keep);
    await withinViewport(dialog.getByRole('button', { name: 'Confirm order' }));
    expect(await axe('confirm-dialog')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/back-office-phone-confirm.png` });

    await dialog.getByRole('button', { name: 'Confirm order' }).click();
    await page.getByText('Order confirmed', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const confirmed = await lookupWhen(order.reference, (l) => l.status === 'confirmed');
    expect(confirmed.balanceDue).toBe(amount);
  });

  it('the Order Details footer has Close and what applies, no bare Cancel, all within 360 px', async () => {
    const order = await book();
    await pay(order);
    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=orders`);
    const card = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('listitem')
      .filter({ hasText: order.reference });

    /**
     * The footer holds Close and, apart from it, what applies (order-insensitive), no bare "Cancel"; each
     * button is laid out within the phone's width.
     */
    const footer = async (status: string, expected: string[]) => {
      await card.getByText(status, { exact: true }).waitFor({ timeout: 30_000 });
      await card.getByRole('button', { name: `View Details of ${order.reference}` }).click();
      const details = page.getByRole('dialog', { name: 'Order Details' });
      await details.getByRole('heading', { name: 'Payment Information' }).waitFor();
      const buttons = details.locator('.dialog__footer').getByRole('button');
      await expect
        .poll(async () => (await buttons.evaluateAll((bs) => bs.map((b) => b.textContent?.trim()))).sort())
        .toEqual([...expected].sort());
      expect(await details.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
      for (const button of await buttons.all()) await withinViewport(button);
      expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${ARTIFACTS}/back-office-phone-details-${status.toLowerCase()}.png` });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
    };

    const both = ['Close', 'Download personal data', 'Refund…', 'Erase personal data…'];
    // a paid order stands as it is: no Confirm… (issue 45)
    await footer('Paid', [...both, 'Reschedule…', 'Cancel order…']);
    // cancelled without its refund: Reschedule… and Cancel order… no longer apply
    await cancelOrder(order.id);
    // A fresh page: the dialog would show its cached copy of the order until its next refresh (5 s).
    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=orders`);
    await footer('Cancelled', [...both, 'Confirm…']);
  });

  it("the Today tab lists today's slot and the top navigation is reachable at 360 px", async () => {
    const event = await seededEvent();
    const slot = await json<{ data: { id: number } }>(`/api/admin/events/${event.id}/timeslots`, {
      method: 'POST',
      headers: auth,
      // late in the Singapore day, so ahead of any test run
      body: JSON.stringify({ date: singaporeToday(), time: '23:40', maxAttendees: 10 }),
    });
    await book(slot.data.id);
    await expect
      .poll(
        async () => {
          const ops = await json<{ data: { today: string; slots: { date: string; timeslotId: number }[] } }>(
            '/api/admin/dashboard/operations',
            { headers: auth },
          );
          return ops.data.slots.some((s) => s.timeslotId === slot.data.id && s.date === ops.data.today);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);

    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('list', { name: 'Today at a glance' }).waitFor();
    const today = page.getByRole('region', { name: 'Today', exact: true });
    const row = today.getByRole('row').filter({ hasText: '11:40 PM' });
    await row.getByRole('cell', { name: event.name, exact: true }).waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['11:40 PM', event.name, '1', '0 / 1']);
    await withinViewport(row.getByRole('cell', { name: '11:40 PM' }));
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    // and on a desktop (1280 px) the same row, as a table row
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['11:40 PM', event.name, '1', '0 / 1']);
    await page.screenshot({ path: `${ARTIFACTS}/back-office-today-1280.png` });
    await page.setViewportSize(PHONE);

    // every link of the top navigation and every dashboard tab can be brought on screen
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const links = await nav.getByRole('link').all();
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) await withinViewport(link);
    for (const tab of await page.getByRole('tablist', { name: 'Manage' }).getByRole('tab').all())
      await withinViewport(tab);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS}/back-office-phone-today.png`, fullPage: true });
  });

  // Its tables are wider than a phone and scroll sideways inside Table.Root's wrapper
  // (web/src/components/ui/table.tsx), which a keyboard must be able to reach (axe: scrollable-region-focusable).
  it('axe-core finds no serious or critical violation on the Today tab at 360 px', async () => {
    await page.goto(`${stack.baseUrl}/admin/dashboard`);
    await page.getByRole('region', { name: 'Today', exact: true }).getByRole('table').waitFor();
    expect(await axe('today')).toEqual([]);
  });
});
