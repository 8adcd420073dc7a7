import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  type ProductStack,
  launchBrowser,
  startProductStack,
} from '@hs/testing';
import { type Browser, chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 23's browser proof against the built api + worker: at the front desk, on a phone (360 px),
 * staff find today's booking by name and check it in.
 */
const ARTIFACTS = 'test-artifacts';
const EVENT_SLUG = 'community-health-screening-2026';
const PHONE = { width: 360, height: 740 };

/**
 * A still video of `text`'s QR code as Chromium's fake camera plays it (Y4M, 4:2:0): black modules on
 * white, 8 px each, in a 360 px square.
 */
function qrVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = 360;
  const scale = 8;
  const offset = Math.floor((side - modules.size * scale) / 2);
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const mx = Math.floor((x - offset) / scale);
      const my = Math.floor((y - offset) / scale);
      if (mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx))
        luma[y * side + x] = 16;
    }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmpdir(), `hs-qr-${process.pid}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
  return file;
}

const singaporeToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date());

describe('check-in in a browser', () => {
  let stack: ProductStack;
  let browser: Browser;

  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body as T;
  }

  /**
   * A booking of one person on a new slot of today's seeded event (late in the Singapore day, ahead of
   * any test run), unpaid, through the public api; with the admin's token.
   */
  async function bookToday(
    time: string,
    who: { firstName: string; lastName: string; email: string; gender: 'female' | 'male' },
  ) {
    const login = await json<{ data: { token: string } }>('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify(stack.admin),
    });
    const auth = { authorization: `Bearer ${login.data.token}` };
    const events = await json<{ data: { id: number; slug: string; name: string }[] }>('/api/events');
    const event = events.data.find((e) => e.slug === EVENT_SLUG)!;
    const detail = await json<{ data: { packages: { id: number }[] } }>(`/api/events/${EVENT_SLUG}`);
    const slot = await json<{ data: { id: number } }>(`/api/admin/events/${event.id}/timeslots`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ date: singaporeToday(), time, maxAttendees: 10 }),
    });
    const booked = await json<{ data: { id: number; reference_number: string } }>('/api/registrations', {
      method: 'POST',
      body: JSON.stringify({
        eventId: event.id,
        packageId: detail.data.packages[0]!.id,
        timeslotId: slot.data.id,
        ...who,
        mobileNumber: '91234567',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1990-01-01',
        postalCode: '560123',
        address: '123 Ang Mo Kio Avenue 3',
      }),
    });
    return { auth, event, slotId: slot.data.id, id: booked.data.id, reference: booked.data.reference_number };
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('the front desk finds a booking by name and checks it in at 360 px', async () => {
    const { auth, event, slotId, reference } = await bookToday('23:45', {
      firstName: 'Desk',
      lastName: 'Arrival',
      email: 'check-in.e2e@example.com',
      gender: 'female',
    });

    // today's slots as the Today tab has them, once the new booking is among them
    type Ops = { data: { today: string; slots: { date: string; eventId: number; timeslotId: number }[] } };
    let todays: Ops['data']['slots'] = [];
    await expect
      .poll(
        async () => {
          const ops = await json<Ops>('/api/admin/dashboard/operations', { headers: auth });
          todays = ops.data.slots.filter((x) => x.date === ops.data.today);
          return todays.some((x) => x.timeslotId === slotId);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);

    const page = await browser.newPage({ viewport: PHONE, locale: 'en-SG' });
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: 'Check-in' }).click();
    await page.getByRole('heading', { name: 'Check-in' }).waitFor();
    // issue 45: it opens on an event and slot booked today (the Today tab's slots), not the first event
    await expect.poll(() => page.getByLabel('Slot').inputValue(), { timeout: 15_000 }).not.toBe('');
    // the event list may come after the choice: a select shows its value once the option is there
    await expect.poll(() => page.getByLabel('Event').inputValue(), { timeout: 15_000 }).not.toBe('');
    expect(todays.map((x) => String(x.eventId))).toContain(await page.getByLabel('Event').inputValue());
    expect(todays.map((x) => String(x.timeslotId))).toContain(await page.getByLabel('Slot').inputValue());
    await page.getByLabel('Event').selectOption(String(event.id));
    expect(await page.getByLabel('Day').inputValue()).toBe(singaporeToday());

    // the sheet follows the log: search until the new booking is on it
    const search = page.getByLabel('Reference number or name');
    const card = page.getByTestId('party-card').filter({ hasText: reference });
    await expect
      .poll(
        async () => {
          await search.fill('');
          await search.fill('Desk Arrival');
          return card.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    // unpaid: the balance due is the first thing staff see
    await card.getByTestId('balance-due').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/check-in-found.png`, fullPage: true });

    // issue 45: no check-in while a balance is due; the desk records the payment first
    expect(await card.getByRole('button', { name: 'Check in', exact: true }).count()).toBe(0);
    const refused = await fetch(`${stack.baseUrl}/api/admin/check-ins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ referenceNumber: reference }),
    });
    expect(refused.status).toBe(409);
    await card.getByRole('button', { name: 'Record payment at the desk…' }).click();
    await card.getByLabel('Cash').check();
    await card.getByRole('button', { name: /^Record S\$\d+\.\d\d paid by Cash$/ }).click();
    await expect
      .poll(() => page.getByTestId('check-in-notice').textContent())
      .toMatch(/^Payment of S\$\d+\.\d\d recorded: Cash$/);
    await card.getByText('Paid', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect.poll(() => page.getByTestId('check-in-notice').textContent()).toBe('Checked in 1 person');
    await card.getByText(/^In at \d\d:\d\d by admin$/).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/check-in-done.png`, fullPage: true });

    // a second check-in of the same booking (the QR code at another desk) records nothing
    const again = await json<{ data: { alreadyCheckedIn: boolean; message: string } }>(
      '/api/admin/check-ins',
      {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ referenceNumber: reference }),
      },
    );
    expect(again.data.alreadyCheckedIn).toBe(true);
    expect(again.data.message).toMatch(/^Already checked in at \d\d:\d\d by admin$/);
  });

  it("scans a booking's QR code with the phone's camera (the jsqr fallback: this Chromium has no BarcodeDetector)", async () => {
    const { auth, id, reference } = await bookToday('23:50', {
      firstName: 'Camera',
      lastName: 'Scan',
      email: 'check-in-scan.e2e@example.com',
      gender: 'male',
    });
    let token: string | null = null;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${stack.baseUrl}/api/registrations/lookup/${reference}`);
          token = res.ok
            ? ((await res.json()) as { data: { checkInToken: string } }).data.checkInToken
            : null;
          return token;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeTruthy();
    // issue 45: settled at the desk first (a balance due refuses the check-in)
    await json(`/api/admin/registrations/${id}/desk-payment`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ method: 'card_terminal' }),
    });

    const camera = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${qrVideo(token!)}`,
      ],
    });
    try {
      const context = await camera.newContext({ viewport: PHONE, locale: 'en-SG' });
      await context.grantPermissions(['camera'], { origin: stack.baseUrl });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${stack.baseUrl}/admin/login`);
      await page.getByLabel('Username').fill(stack.admin.username);
      await page.getByLabel('Password').fill(stack.admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.goto(`${stack.baseUrl}/admin/check-in`);
      expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      await page.getByRole('button', { name: 'Scan QR code' }).click();
      await expect
        .poll(() => page.getByTestId('check-in-notice').textContent(), { timeout: 20_000 })
        .toBe('Checked in 1 person');
      const card = page.getByTestId('party-card').filter({ hasText: reference });
      await card.getByText(/^In at \d\d:\d\d by admin$/).waitFor();
      // the camera stopped with the first code read
      expect(await page.getByRole('button', { name: 'Scan QR code' }).isVisible()).toBe(true);
      await page.screenshot({ path: `${ARTIFACTS}/check-in-scanned.png`, fullPage: true });
    } finally {
      await camera.close();
    }
  });

  it('at 1280 px the desk waives a balance with a reason, then undoes the check-in with one', async () => {
    const { event, reference } = await bookToday('23:55', {
      firstName: 'Waiver',
      lastName: 'Desk',
      email: 'check-in-waiver.e2e@example.com',
      gender: 'female',
    });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-SG' });
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${stack.baseUrl}/admin/check-in`);
    await page.getByLabel('Event').selectOption(String(event.id));
    const search = page.getByLabel('Reference number or name');
    const card = page.getByTestId('party-card').filter({ hasText: reference });
    await expect
      .poll(
        async () => {
          await search.fill('');
          await search.fill('Waiver Desk');
          return card.isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await card.getByTestId('balance-due').waitFor();
    await card.getByRole('button', { name: 'Waive balance…' }).click();
    const waive = card.getByRole('button', { name: 'Waive and check in' });
    expect(await waive.isDisabled()).toBe(true);
    await card.getByLabel(/Why is the balance waived/).fill('Billed to the employer');
    await waive.click();
    await expect.poll(() => page.getByTestId('check-in-notice').textContent()).toBe('Checked in 1 person');
    await card.getByText(/^In at \d\d:\d\d by admin$/).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/check-in-waived-1280.png`, fullPage: true });

    await card.getByRole('button', { name: 'Undo check-in…' }).click();
    await card.getByLabel(/Why undo the check-in/).fill('Checked in the wrong person');
    await card.getByRole('button', { name: 'Undo check-in', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('check-in-notice').textContent())
      .toBe('Check-in undone for 1 person');
    // nobody in again: the balance stands between the party and its check-in once more
    await card.getByRole('button', { name: 'Waive balance…' }).waitFor();
    await page.close();
  });
});
