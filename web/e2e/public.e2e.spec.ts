import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { icsUtc, singaporeInstant } from '@hs/domain';
import { type ProductStack, launchBrowser, parseIcs, startProductStack } from '@hs/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/*
 * The public site end to end in Debian chromium against the built api + worker on a fresh seeded
 * database (test-mode payments, fake insurer, fake partner). Each scenario screenshots its last page.
 */
const ARTIFACTS = 'test-artifacts';
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const MEMBER = { nric: 'S8012345J', dob: '14/05/1980' };
const MANUAL_EVENT = 'community-health-screening-2026';
const PARTNER_EVENT = 'whitecoat-health-screening';

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  gender: 'Male' | 'Female';
  nric: string;
  dob: string;
  postalCode: string;
  address: string;
}

const primary: Person = {
  firstName: 'Mei Ling',
  lastName: 'Tan',
  email: 'meiling.tan@example.com',
  mobile: '91234567',
  gender: 'Female',
  nric: MEMBER.nric,
  dob: MEMBER.dob,
  postalCode: '560123',
  address: '123 Ang Mo Kio Avenue 3',
};

describe('the public site in a browser', () => {
  let stack: ProductStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport, acceptDownloads: true, locale: 'en-SG' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  async function api<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    return (await res.json()) as T;
  }

  /**
   * The order as the lookup shows it once the read model has caught up with what the browser did
   * (the projection follows the log; on a loaded machine that can take a moment).
   */
  async function lookupWhen<T extends { status: string }>(
    reference: string,
    status: string,
  ): Promise<{ data: T }> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await api<{ success: boolean; data?: T }>(`/api/registrations/lookup/${reference}`);
      if (res.data && res.data.status === status) return { data: res.data };
      if (Date.now() > deadline)
        throw new Error(`lookup of ${reference} never showed ${status}: ${JSON.stringify(res)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** currentAttendees of a slot, read the way the wizard reads it (postal-code lookup). */
  async function slotAttendees(eventId: number, postalCode: string, date: string, time: string) {
    const res = await api<{
      data: Record<string, { timeslots: { date: string; time: string; currentAttendees: number }[] }>;
    }>(`/api/timeslots/postal-code?postalCode=${postalCode}&eventId=${eventId}`);
    const slot = Object.values(res.data)
      .flatMap((g) => g.timeslots)
      .find((t) => t.date === date && t.time === time);
    return slot?.currentAttendees ?? -1;
  }

  async function promoCode(): Promise<string> {
    // The demo promo codes are not offered to AIA members; the scenario needs one that is.
    await stack.db.sql`update discounts set applicable_for_aia = true where identifier_prefix = 'WELCOME'`;
    const [row] = await stack.db.sql<{ identifier: string }[]>`
      select i.identifier from discount_identifiers i join discounts d on d.id = i.discount_id
      where d.identifier_prefix = 'WELCOME' and not i.is_used order by i.id limit 1`;
    return row!.identifier;
  }

  async function fillPersonal(page: Page, p: Person) {
    await page.getByLabel('First Name').fill(p.firstName);
    await page.getByLabel('Last Name').fill(p.lastName);
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel('Mobile Number').fill(p.mobile);
    await page.getByText(p.gender, { exact: true }).click();
    await page.getByLabel('Identification Number (NRIC/FIN)').fill(p.nric);
    await page.getByLabel('Date of Birth').fill(p.dob);
    await page.getByLabel('Postal Code').fill(p.postalCode);
    await page.getByLabel('Address').fill(p.address);
    await page.getByText('I have read the privacy notice and consent', { exact: false }).click();
  }

  async function pickFirstSlot(page: Page) {
    await page.getByRole('heading', { name: 'Select Appointment Slot' }).waitFor();
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
  }

  async function addParticipant(page: Page, firstName: string, lastName: string, nric: string, dob: string) {
    await page.getByRole('button', { name: 'Add Participant' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name').fill(firstName);
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByText('Male', { exact: true }).click();
    await dialog.getByLabel('Identification Number').fill(nric);
    await dialog.getByLabel('Date of Birth').fill(dob);
    await dialog.getByRole('button', { name: 'Add Participant' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Scenario (1): member price, family of 3, promo code, pay with the test drop-in. */
  async function bookFamilyAndPay(page: Page, shot: string) {
    const code = await promoCode();
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    await page.getByRole('heading', { name: 'Select Package' }).waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    await fillPersonal(page, primary);
    // issue 46: the member check runs only when asked for
    await page.getByText('I am an AIA Health Shield member: check my benefits').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('AIA Health Shield Benefits Applied').first().waitFor();
    await pickFirstSlot(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review Booking' }).waitFor();
    await addParticipant(page, 'Wei Jie', 'Tan', 'S1234567D', '2010-03-04');
    await addParticipant(page, 'Kai', 'Tan', 'T1234567J', '2012-08-09');
    await page.getByRole('textbox', { name: 'Discount code' }).fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Discount Applied').first().waitFor();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL(/\/booking\/confirmation\/HS\d{4}-\d{4}-\d{4}\?showPayment=true/);
    await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();
    const reference = (await page.getByTestId('reference-number').textContent())?.trim() ?? '';
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
    await page.getByText(/confirmation email has been sent/).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}/${shot}`, fullPage: true });
    return reference;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    stack = await startProductStack();
    browser = await launchBrowser();
  });
  afterEach(async (ctx) => {
    // the last page of a failed scenario, for debugging
    if (ctx.task.result?.state !== 'fail') return;
    writeFileSync(`${ARTIFACTS}/public-stack.log`, stack.output());
    const page = contexts.at(-1)?.pages().at(-1);
    await page
      ?.screenshot({ path: `${ARTIFACTS}/public-failed-${contexts.length}.png`, fullPage: true })
      .catch(() => {});
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await stack?.stop();
  });

  it('(1) books a member-priced package for a family of 3 with a promo code and pays by card', async () => {
    const page = await newPage();
    const reference = await bookFamilyAndPay(page, 'public-1-family-paid.png');
    const lookup = await lookupWhen<{
      status: string;
      participants: unknown[];
      balanceDue: string;
      discountAmount: string;
    }>(reference, 'paid');
    expect(lookup.data.status).toBe('paid');
    expect(lookup.data.participants).toHaveLength(3);
    // Issue 24: the consent ticked in the wizard is recorded with the booking, against the notice in force.
    const [booked] = await stack.db.sql<{ consent: { given: boolean; noticeVersion: number } | null }[]>`
      select data->'consent' as consent from events
      where type = 'RegistrationBooked' and data->>'referenceNumber' = ${reference}`;
    expect(booked?.consent).toMatchObject({ given: true, noticeVersion: 1 });
    expect(lookup.data.balanceDue).toBe('0.00');
    expect(Number(lookup.data.discountAmount)).toBeGreaterThan(0);
  });

  let partnerBooking: { reference: string; eventId: number; date: string; time: string } | null = null;

  it('(4)+(2) partner link for a fully paid code -> prefilled wizard -> Booking Successful! without a card step, .ics download', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/wc/100000000001`);
    await page.waitForURL(`**/events/${PARTNER_EVENT}`);
    await page.getByText('Booking details loaded').first().waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    expect(await page.getByLabel('First Name').inputValue()).toBe('Wong');
    expect(await page.getByLabel('Identification Number (NRIC/FIN)').inputValue()).toBe('S9012345I');
    expect(await page.getByLabel('Postal Code').inputValue()).toBe('560123');
    await page.getByText('Male', { exact: true }).click();
    await page.getByText('I have read the privacy notice and consent', { exact: false }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await pickFirstSlot(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review Booking' }).waitFor();
    await page.getByText('S$0.00').last().waitFor();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Successful!' }).waitFor();
    expect(await page.getByText('Your health screening appointment has been confirmed.').count()).toBe(1);
    // issue 46: the one confirmation page, at a URL a reload keeps
    expect(page.url()).toMatch(/\/booking\/confirmation\/HS\d{4}-\d{4}-\d{4}\?booked=1$/);
    const reference = (await page.getByTestId('reference-number').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^HS\d{4}-\d{4}-\d{4}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Add to Calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`appointment-${reference}.ics`);
    const ics = readFileSync((await download.path())!, 'utf8');
    const lookup = await lookupWhen<{
      status: string;
      timeslotDate: string;
      timeslotTime: string;
      eventId: number;
    }>(reference, 'paid');
    expect(lookup.data.status).toBe('paid');
    // The page's file is the emails' calendar entry (issue 44): one writer, one UID per booking, UTC times.
    const calendar = parseIcs(ics);
    expect(calendar.calendar.METHOD).toBe('PUBLISH');
    const [entry] = calendar.events;
    // the booking's id, as in its emails' attachment
    expect(entry!.UID).toMatch(/^registration-\d+@healthscreening\.example\.sg$/);
    expect(entry!.SEQUENCE).toBe('0');
    expect(entry!.DTSTART).toBe(
      icsUtc(singaporeInstant(lookup.data.timeslotDate, lookup.data.timeslotTime.slice(0, 5))),
    );
    expect(entry!.SUMMARY).toContain('Health Screening:');
    expect(entry!.DESCRIPTION).toContain(reference);
    partnerBooking = {
      reference,
      eventId: lookup.data.eventId,
      date: lookup.data.timeslotDate,
      time: lookup.data.timeslotTime,
    };
    await page.screenshot({ path: `${ARTIFACTS}/public-2-4-partner-booking-successful.png`, fullPage: true });
  });

  it('(3) cancels that booking by reference and frees the seat', async () => {
    expect(partnerBooking).not.toBeNull();
    const { reference, eventId, date, time } = partnerBooking!;
    const before = await slotAttendees(eventId, '560123', date, time);
    expect(before).toBeGreaterThan(0);
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/cancel-appointment`);
    await page.getByRole('heading', { name: 'Find Your Appointment' }).waitFor();
    await page.getByLabel('Reference Number').fill(reference);
    await page.getByRole('button', { name: 'Look Up Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Details' }).waitFor();
    const cancel = page.getByRole('button', { name: 'Cancel Appointment' });
    expect(await cancel.isDisabled()).toBe(true);
    await page.getByText('I understand that cancelling this appointment cannot be undone.').click();
    await cancel.click();
    await page.getByRole('heading', { name: 'Appointment Cancelled' }).waitFor();
    await page.getByText('Cancel Another Appointment').waitFor();
    await expect
      .poll(() => slotAttendees(eventId, '560123', date, time), { timeout: 15_000 })
      .toBe(before - 1);
    await page.screenshot({ path: `${ARTIFACTS}/public-3-cancelled.png`, fullPage: true });
    // looking it up again shows it as already cancelled
    await page.getByRole('button', { name: 'Cancel Another Appointment' }).click();
    await page.getByLabel('Reference Number').fill(reference);
    await page.getByRole('button', { name: 'Look Up Appointment' }).click();
    await page.getByText('Appointment Already Cancelled').waitFor();
  });

  it('(5) shows every step-2 validation message on submit', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please select a package').waitFor();
    await page.getByText('Basic Health Screening', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
    // all empty
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      'First name cannot be empty',
      'Last name cannot be empty',
      'Email is required',
      'Mobile number is required',
      'Please select a gender',
      'Identification number is required',
      'Date of birth is required',
      'Postal code must be 6 digits',
      'Address is required',
      'Please agree to the privacy notice to book',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('bk-firstName');
    // bad values
    await page.getByLabel('First Name').fill('A');
    await page.getByLabel('Last Name').fill('B');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile Number').fill('1234');
    await page.getByLabel('Date of Birth').fill('31/13/1980');
    await page.getByLabel('Postal Code').fill('12ab');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Mobile number is required',
      'Please enter a valid date in DD/MM/YYYY format',
      'Postal code must be 6 digits',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // what the user typed is kept
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email');
    // blur re-checks a single field
    await page.getByLabel('Email').fill('ok@example.com');
    await page.getByLabel('Email').blur();
    expect(await page.getByText('Invalid email address', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}/public-5-validation.png`, fullPage: true });
  });

  it('(6) the family booking at 360 px wide', async () => {
    const page = await newPage({ width: 360, height: 780 });
    // on a phone the region panel sits below the wizard
    await page.goto(`${stack.baseUrl}/events/${MANUAL_EVENT}`);
    const wizardBox = await page.getByRole('heading', { name: 'Select Package' }).boundingBox();
    const regionBox = await page.getByRole('heading', { name: 'Postal code based booking' }).boundingBox();
    expect(regionBox!.y).toBeGreaterThan(wizardBox!.y);
    await bookFamilyAndPay(page, 'public-6-mobile-family-paid.png');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  it('older flow: slug page -> participants -> registration (simple payload) -> Booking Confirmed! with copy', async () => {
    const page = await newPage();
    await page.goto(`${stack.baseUrl}/legacy/events/${MANUAL_EVENT}`);
    await page.getByRole('heading', { name: 'Choose Package and Time' }).waitFor();
    await page.getByText('Comprehensive Health Screening', { exact: true }).click();
    await page
      .getByRole('button', { name: /slots? left/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Continue to Participants' }).click();
    await page.waitForURL('**/registration');
    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByText('You must accept the terms and conditions').waitFor();
    await page.getByText('Valid phone number is required').waitFor();
    await page.getByLabel('First Name').fill('Ahmad');
    await page.getByLabel('Last Name').fill('Ibrahim');
    await page.getByText('Other', { exact: true }).click();
    await page.getByLabel('Date of Birth').fill('02/03/1985');
    await page.getByLabel('Identification Number (NRIC/FIN)').fill('s7654321f');
    await page.getByLabel('Email').fill('ahmad@example.com');
    await page.getByLabel('Mobile Number').fill('98765432');
    await page.getByText('I accept the terms and conditions').click();
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForURL('**/confirmation');
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.getByText('Comprehensive Health Screening (S$268.00)').waitFor();
    const reference = (await page.getByTestId('reference-number').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^HS\d{4}-\d{4}-\d{4}$/);
    await page.getByRole('button', { name: 'Copy reference number' }).click();
    await page.getByText('Reference number copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await page.screenshot({ path: `${ARTIFACTS}/public-older-flow-confirmed.png`, fullPage: true });
    // the participants page
    await page.goto(`${stack.baseUrl}/booking/${MANUAL_EVENT}/participants?eventId=2&packageId=1`);
    await page.getByText('Participants (0 / 10)').waitFor();
    await page.getByRole('button', { name: 'Add Primary Contact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save Participant' }).click();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByText('Gender is required').waitFor();
    await dialog.getByLabel('First Name').fill('Lim');
    await dialog.getByLabel('Last Name').fill('Boon Keng');
    await dialog.getByText('Male', { exact: true }).click();
    await dialog.getByLabel('Email').fill('boonkeng@example.com');
    await dialog.getByLabel('Mobile Number').fill('91112222');
    await dialog.getByLabel('Identification Number').fill('S1111111D');
    await dialog.getByLabel('Date of Birth').fill('01/01/1970');
    await dialog.getByRole('button', { name: 'Save Participant' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Participant' }).click();
    await dialog.getByLabel('First Name').fill('Lim');
    await dialog.getByLabel('Last Name').fill('Xiao Ming');
    await dialog.getByText('Female', { exact: true }).click();
    await dialog.getByLabel('Mobile Number').fill('91113333');
    await dialog.getByLabel('Identification Number').fill('T0111111A');
    await dialog.getByLabel('Date of Birth').fill('01/01/2005');
    await dialog.getByRole('button', { name: 'Save Participant' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Participants (2 / 10)').waitFor();
    await page.getByRole('button', { name: 'Remove Lim Boon Keng' }).click();
    await page.getByText('Cannot Remove Primary Participant').waitFor();
    // She has no email, which the primary contact needs: her form asks for it first.
    await page.getByRole('button', { name: 'Make Lim Xiao Ming primary' }).click();
    await page.getByText('Email required').waitFor();
    await dialog.getByLabel('Email').fill('xiaoming@example.com');
    await dialog.getByRole('button', { name: 'Update Participant' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Primary Contact Changed').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/booking/registration?eventId=2&packageId=1');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('participants') ?? '[]'));
    expect(stored).toHaveLength(2);
  });

  it('has no serious or critical axe-core violations on the public routes', async () => {
    const page = await newPage();
    const routes: [string, string][] = [
      ['/', 'Available Health Screening'],
      [`/events/${MANUAL_EVENT}`, 'Select Package'],
      ['/events/no-such-event', 'Event Not Found'],
      ['/cancel-appointment', 'Find Your Appointment'],
      ['/test/auto-timeslots', 'Test Auto-Generated Timeslots'],
      ['/wc/123', 'Error Processing Booking'],
      ['/booking/confirmation/HS0000-0000-0000', 'Failed to retrieve booking'],
      ['/no/such/page', '404 Page Not Found'],
      ['/privacy', 'Why we ask for your NRIC or FIN'],
      [`/legacy/events/${MANUAL_EVENT}`, 'Choose Package and Time'],
      [`/booking/${MANUAL_EVENT}/participants?eventId=2&packageId=1`, 'Participants (0 / 10)'],
    ];
    // (3) cancelled it: the confirmation page says so (issue 46), no longer 'Booking Confirmed'
    if (partnerBooking)
      routes.push([`/booking/confirmation/${partnerBooking.reference}`, 'Appointment Cancelled']);
    const found: string[] = [];
    for (const [path, text] of routes) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.getByText(text).first().waitFor();
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
        const axe = (window as any).axe;
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      for (const v of violations) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
  });
});
