import { mkdirSync } from 'node:fs';
import { type ProductStack, type TestSmtp, launchBrowser, startProductStack, startSmtp } from '@hs/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, PHONE, axeFindings } from './lib';

/*
 * Issue 22's browser proof against the built api + worker: a visitor finds the date they want full,
 * joins the waiting list from the wizard at phone width and sees their position; when the booking
 * on that date is cancelled, the offer email's link opens the held slot and the booking is completed
 * through the wizard.
 */
const EVENT_SLUG = 'community-health-screening-2026';
const POSTAL_CODE = '560123';
const WAITER = {
  firstName: 'Wai',
  lastName: 'Ting',
  email: 'waitlist.e2e@example.com',
  mobile: '91230000',
};

interface Slot {
  id: number;
  label: string;
  date: string;
  isAvailable: boolean;
  currentAttendees: number;
  maxAttendees: number;
}
interface Group {
  date: { label: string; value: string };
  timeslots: Slot[];
}

/** yyyy-MM-dd in Singapore, `days` from now. */
const singaporeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

describe('the waiting list in a browser', () => {
  let stack: ProductStack;
  let smtp: TestSmtp;
  let browser: Browser;
  let eventId = 0;
  let fullDay: Group | undefined;
  let firstBookingId = 0;
  let token = '';

  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body as T;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`${what} did not happen in ${ms} ms:\n${stack.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const regionSlots = () =>
    json<{ data: Record<string, Group> }>(
      `/api/timeslots/postal-code?postalCode=${POSTAL_CODE}&eventId=${eventId}`,
    );

  const mailTo = (subject: RegExp) =>
    smtp.received.find((m) => m.to.includes(WAITER.email) && subject.test(m.subject));

  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  /** Serious and critical axe-core findings on the page as it is now. */
  async function newPage() {
    const page = await browser.newPage({ viewport: PHONE, locale: 'en-SG' });
    page.setDefaultTimeout(15_000);
    return page;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    smtp = await startSmtp();
    [stack, browser] = await Promise.all([
      startProductStack({ env: { SMTP_URL: smtp.url, WAITLIST_SWEEP_MS: '250' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await smtp?.close();
  });

  it('joins the waiting list from a full date at 360 px and shows the position', async () => {
    const events = await json<{ data: { id: number; slug: string }[] }>('/api/events');
    eventId = events.data.find((e) => e.slug === EVENT_SLUG)!.id;
    const detail = await json<{ data: { packages: { id: number; name: string }[] } }>(
      `/api/events/${EVENT_SLUG}`,
    );
    const pkg = detail.data.packages[0]!;

    // a day of its own with one seat, then that seat booked: the date is full
    const taken = new Set(Object.keys((await regionSlots()).data));
    const day = [...Array(40).keys()].map((i) => singaporeDay(20 + i)).find((d) => !taken.has(d))!;
    const login = await json<{ data: { token: string } }>('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify(stack.admin),
    });
    const slot = await json<{ data: { id: number } }>(`/api/admin/events/${eventId}/timeslots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.data.token}` },
      body: JSON.stringify({ date: day, time: '10:00', maxAttendees: 1 }),
    });
    const booked = await json<{ data: { id: number; reference_number: string } }>('/api/registrations', {
      method: 'POST',
      body: JSON.stringify({
        eventId,
        packageId: pkg.id,
        timeslotId: slot.data.id,
        firstName: 'First',
        lastName: 'Comer',
        email: 'first.comer@example.com',
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1990-01-01',
        postalCode: POSTAL_CODE,
        address: '123 Ang Mo Kio Avenue 3',
      }),
    });
    firstBookingId = booked.data.id;
    fullDay = await until('the slot reading full', async () => {
      const g = (await regionSlots()).data[day];
      const s = g?.timeslots.find((t) => t.id === slot.data.id);
      return s && s.currentAttendees >= s.maxAttendees ? g : undefined;
    });

    const page = await newPage();
    await page.goto(`${stack.baseUrl}/events/${EVENT_SLUG}`);
    await page.getByText(pkg.name, { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await page.getByLabel('First Name').fill(WAITER.firstName);
    await page.getByLabel('Last Name').fill(WAITER.lastName);
    await page.getByLabel('Email').fill(WAITER.email);
    await page.getByLabel('Mobile Number').fill(WAITER.mobile);
    await page.getByText('Female', { exact: true }).click();
    await page.getByLabel('Identification Number (NRIC/FIN)').fill('S1234567D');
    await page.getByLabel('Date of Birth').fill('01/01/1990');
    await page.getByLabel('Postal Code').fill(POSTAL_CODE);
    await page.getByLabel('Address').fill('9 Ang Mo Kio Avenue 1');
    await page.getByText('I have read the privacy notice and consent', { exact: false }).click();
    await page.getByText(/^Region: /).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Select Appointment Slot' }).waitFor();

    await page.locator('#bk-date [data-part=item]').filter({ hasText: fullDay.date.label }).click();
    await page.getByText('This date is fully booked.').waitFor();
    // keyboard: the button is reachable and works with Enter
    await page.getByRole('button', { name: 'Join the waiting list' }).press('Enter');
    await page.getByRole('heading', { name: 'Join the waiting list' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(WAITER.email);
    expect(await page.getByLabel('Postal Code').inputValue()).toBe(POSTAL_CODE);
    expect(await page.getByRole('list', { name: 'Preferred dates' }).textContent()).toContain(
      fullDay.date.label,
    );
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/waitlist-join.png`, fullPage: true });

    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText("You're on the waiting list").waitFor();
    expect(await page.getByTestId('waitlist-position').textContent()).toBe('Position 1');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/waitlist-joined.png`, fullPage: true });
    await page.close();

    // the entry's link is in the joined email
    const joined = await until('the joined email', async () => mailTo(/waiting list/i));
    token = /\/waitlist\/([A-Za-z0-9_-]+)/.exec(joined.text)?.[1] ?? '';
    expect(token).not.toBe('');
  });

  it('opens the offer from its email after a cancellation and completes the booking', async () => {
    expect(token).not.toBe('');
    await json(`/api/registrations/${firstBookingId}/cancel`, { method: 'POST' });
    const offer = await until('the offer email', async () => mailTo(/^Seats are held for you/), 60_000);
    // the worker's links use its own PUBLIC_BASE_URL; the path is what matters here
    const path = /\/waitlist\/[A-Za-z0-9_-]+/.exec(offer.text)?.[0];
    expect(path).toBe(`/waitlist/${token}`);

    // the back-office lists the entry with its running offer, and counts it
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-SG' });
    admin.setDefaultTimeout(15_000);
    await admin.goto(`${stack.baseUrl}/admin/login`);
    await admin.getByLabel('Username').fill(stack.admin.username);
    await admin.getByLabel('Password').fill(stack.admin.password);
    await admin.getByRole('button', { name: 'Login' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto(`${stack.baseUrl}/admin/dashboard?tab=events`);
    await admin.getByRole('link', { name: /^Waiting list of Community Health Screening/ }).click();
    const row = admin
      .getByRole('table', { name: 'Waiting list' })
      .getByRole('row')
      .filter({ hasText: WAITER.email });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(`${WAITER.firstName} ${WAITER.lastName}`);
    expect(text).toContain('Offer sent');
    expect(text).toContain(`(${POSTAL_CODE})`);
    // issue 45: the Today tab counts the offer outstanding
    await admin.goto(`${stack.baseUrl}/admin/dashboard?tab=today`);
    const card = admin
      .getByRole('list', { name: 'Today at a glance' })
      .getByRole('listitem')
      .filter({ hasText: 'Waiting-list offers' });
    expect((await card.textContent())?.replace('Waiting-list offers', '').trim()).toBe('1');
    await admin.screenshot({ path: `${ARTIFACTS}/waitlist-admin.png`, fullPage: true });
    await admin.close();

    const page = await newPage();
    await page.goto(`${stack.baseUrl}${path}`);
    await page.getByRole('heading', { name: 'Seats are held for you' }).waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/left$/);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/waitlist-offer.png`, fullPage: true });
    await page.getByRole('button', { name: 'Complete booking' }).click();

    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe(WAITER.firstName);
    await page.getByText('Female', { exact: true }).click();
    await page.getByLabel('Identification Number (NRIC/FIN)').fill('S1234567D');
    await page.getByLabel('Date of Birth').fill('01/01/1990');
    await page.getByLabel('Address').fill('9 Ang Mo Kio Avenue 1');
    await page.getByText('I have read the privacy notice and consent', { exact: false }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Your held appointment slot').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review Booking' }).waitFor();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    // paid packages go to the payment page; either way the booking exists
    await Promise.race([
      page.getByRole('heading', { name: 'Booking Successful!' }).waitFor(),
      page.waitForURL('**/booking/confirmation/**'),
    ]);
    await page.screenshot({ path: `${ARTIFACTS}/waitlist-booked.png`, fullPage: true });
    await page.close();

    const entry = await until('the entry reading booked', async () => {
      const res = await fetch(`${stack.baseUrl}/api/waitlist/${token}`);
      const body = (await res.json()) as { data?: { status: string } };
      return body.data?.status === 'booked' ? body.data : undefined;
    });
    expect(entry.status).toBe('booked');
  });
});
