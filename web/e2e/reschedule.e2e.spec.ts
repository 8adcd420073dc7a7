import { mkdirSync } from 'node:fs';
import { formatAppointmentDate, formatAppointmentTime } from '@hs/domain';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 22's browser proof against the built api + worker: a customer moves their booking from the
 * manage page at phone width; the booking then reads the new slot.
 */
const ARTIFACTS = 'test-artifacts';
const EVENT_SLUG = 'community-health-screening-2026';
const POSTAL_CODE = '560123';
const PHONE = { width: 360, height: 740 };

interface Slot {
  id: number;
  label: string;
  time: string;
  date: string;
  isAvailable: boolean;
  currentAttendees: number;
  maxAttendees: number;
}
interface Group {
  date: { label: string; value: string };
  timeslots: Slot[];
}

const open = (s: Slot) => s.isAvailable && s.currentAttendees < s.maxAttendees;

/** yyyy-MM-dd in Singapore, `days` from now. */
const singaporeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

describe('rescheduling in a browser', () => {
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

  /** The lookup once it exists and `check` holds (the read model follows the log). */
  async function lookupWhen(reference: string, check: (l: { timeslotId: number }) => boolean) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fetch(`${stack.baseUrl}/api/registrations/lookup/${reference}`);
      const data = res.ok ? ((await res.json()) as { data: { timeslotId: number } }).data : null;
      if (data && check(data)) return data;
      if (Date.now() > deadline)
        throw new Error(`lookup of ${reference}: ${res.status} ${JSON.stringify(data)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a customer moves their booking to another date from the manage page at 360 px', async () => {
    const events = await json<{ data: { id: number; slug: string }[] }>('/api/events');
    const event = events.data.find((e) => e.slug === EVENT_SLUG)!;
    const detail = await json<{ data: { packages: { id: number }[] } }>(`/api/events/${EVENT_SLUG}`);
    const slots = await json<{ data: Record<string, Group> }>(
      `/api/timeslots/postal-code?postalCode=${POSTAL_CODE}&eventId=${event.id}`,
    );
    // Both days well past the reschedule cut-off (24 hours by default).
    const far = Object.values(slots.data)
      .filter((g) => g.date.value >= singaporeDay(3) && g.timeslots.some(open))
      .sort((a, b) => a.date.value.localeCompare(b.date.value));
    expect(far.length).toBeGreaterThanOrEqual(2);
    const from = far[0]!.timeslots.find(open)!;
    const toGroup = far[1]!;
    const to = toGroup.timeslots.find(open)!;

    const booked = await json<{ data: { reference_number: string } }>('/api/registrations', {
      method: 'POST',
      body: JSON.stringify({
        eventId: event.id,
        packageId: detail.data.packages[0]!.id,
        timeslotId: from.id,
        firstName: 'Move',
        lastName: 'Tester',
        email: 'reschedule.e2e@example.com',
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1990-01-01',
        postalCode: POSTAL_CODE,
        address: '123 Ang Mo Kio Avenue 3',
      }),
    });
    const reference = booked.data.reference_number;
    await lookupWhen(reference, (l) => l.timeslotId === from.id);

    const page = await browser.newPage({ viewport: PHONE, locale: 'en-SG' });
    page.setDefaultTimeout(15_000);
    await page.goto(`${stack.baseUrl}/manage-appointment?ref=${reference}`);
    // the reference alone no longer opens it for a change (issue 46): the booking's date of birth too
    await page.getByLabel(/^Date of Birth/).fill('1990-01-01');
    await page.getByRole('button', { name: 'Look Up Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Details' }).waitFor();
    expect(await noSideways(page)).toBe(true);
    await page.getByRole('button', { name: 'Reschedule' }).press('Enter');

    await page.getByRole('heading', { name: 'Choose a New Time' }).waitFor();
    await page.locator('#bk-date [data-part=item]').filter({ hasText: toGroup.date.label }).click();
    await page
      .locator('#bk-timeslotId [data-part=item]:not([data-disabled])')
      .filter({ hasText: new RegExp(`^${to.label}`) })
      .first()
      .click();
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/reschedule-picker.png`, fullPage: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`Move your appointment to ${toGroup.date.label}, ${to.label}?`).waitFor();
    await page.getByRole('button', { name: 'Move Appointment' }).click();

    await page.getByRole('heading', { name: 'Appointment Rescheduled' }).waitFor();
    expect(await page.getByTestId('rescheduled-to').textContent()).toBe(
      // the one date and time format (issue 46)
      `Your appointment ${reference} is now on ${formatAppointmentDate('en', toGroup.date.value)} at ${formatAppointmentTime('en', to.time)}.`,
    );
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/reschedule-done.png`, fullPage: true });
    await page.close();

    await lookupWhen(reference, (l) => l.timeslotId === to.id);
  });
});
