import { mkdirSync } from 'node:fs';
import { type ProductStack, type TestSmtp, launchBrowser, startProductStack, startSmtp } from '@hs/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import L from '../src/i18n/locales/en.json';
import { ARTIFACTS, axeFindings, keepFailureArtifacts, PHONE } from './lib';

/*
 * Issue 51 on a phone (360 px), against the built api and worker: an employee opens the programme's
 * link /c/{code}, gives their work email, reads the 6-digit code from the email the product sends,
 * and books a covered package in the usual wizard; the company pays everything, so the booking is
 * confirmed at once. The demo seed's "Acme Logistics Pte Ltd" programme `acme-2026` is used; without
 * it (the seed not there yet) the test makes one of its own through the admin api.
 */
const SEEDED_CODE = 'acme-2026';
const DOMAIN = 'acme-logistics.sg';
const EMPLOYEE = `e2e.employee@${DOMAIN}`;

interface PublicProgramme {
  code: string;
  name: string;
  companyName: string;
  open: boolean;
  paymentRule: string;
  events: { id: number; name: string; slug: string }[];
  packages: { id: number; name: string; eventIds: number[]; employeePays: string }[];
}

const singaporeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

describe('a corporate programme, from /c/{code} to a confirmed booking on a phone', () => {
  let stack: ProductStack;
  let smtp: TestSmtp;
  let browser: Browser;
  let context: BrowserContext;

  const noSideways = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }

  async function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what} did not happen in ${ms} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** The seeded programme when it is there and open; else one made through the admin api. */
  async function programmeCode(): Promise<string> {
    const seeded = await call<{ data: PublicProgramme }>(`/api/programmes/${SEEDED_CODE}`);
    if (
      seeded.status === 200 &&
      seeded.body.data.open &&
      seeded.body.data.paymentRule === 'company_pays_all'
    ) {
      return SEEDED_CODE;
    }
    const login = await call<{ data: { token: string } }>('/api/admin/login', {
      method: 'POST',
      body: JSON.stringify(stack.admin),
    });
    const auth = { authorization: `Bearer ${login.body.data.token}` };
    const event = await call<{ data: { id: number; packages: { id: number }[] } }>(
      '/api/events/corporate-wellness-day',
    );
    const company = await call<{ data: { id: number } }>('/api/admin/companies', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Acme E2E Pte Ltd',
        uen: '202512345A',
        billingAddress: '1 Test Way, Singapore 123456',
        billingEmail: `billing@${DOMAIN}`,
        gstRegistrationNumber: null,
        poReference: null,
        isActive: true,
      }),
    });
    expect(company.status, JSON.stringify(company.body)).toBeLessThan(300);
    const code = 'acme-e2e';
    const programme = await call('/api/admin/programmes', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        companyId: company.body.data.id,
        name: 'Acme E2E Wellness',
        code,
        startsOn: singaporeDay(-1),
        endsOn: singaporeDay(90),
        eventIds: [event.body.data.id],
        packageIds: event.body.data.packages.map((p) => p.id),
        bookingCap: null,
        entitlement: 1,
        emailDomains: [DOMAIN],
        useRoster: false,
        paymentRule: 'company_pays_all',
        amount: null,
        hrSeesNames: true,
        isActive: true,
      }),
    });
    expect(programme.status, JSON.stringify(programme.body)).toBeLessThan(300);
    return code;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    smtp = await startSmtp();
    [stack, browser] = await Promise.all([
      // the demo orders bring the seed's programme, its roster and its bookings (issue 51)
      startProductStack({ env: { SMTP_URL: smtp.url, DEMO_ORDERS: 'true' } }),
      launchBrowser(),
    ]);
    context = await browser.newContext({ viewport: PHONE, locale: 'en-SG' });
  });
  afterEach(
    keepFailureArtifacts(
      'corporate',
      () => stack,
      () => context?.pages().at(-1),
    ),
  );
  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await stack?.stop();
    await smtp?.close();
  });

  it('work email, the emailed code, the covered package with the split, and the booking confirmed at once', async () => {
    const code = await programmeCode();
    const { body } = await call<{ data: PublicProgramme }>(`/api/programmes/${code}`);
    const programme = body.data;
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    // the programme, the company, what is covered
    await page.goto(`${stack.baseUrl}/c/${code}`);
    await page.getByRole('heading', { level: 1, name: programme.name }).waitFor();
    await page.getByText(L.corporate.forEmployees.replace('{{company}}', programme.companyName)).waitFor();
    expect(await page.getByText(/^Your company pays S\$/).count()).toBeGreaterThan(0);
    expect(await page.getByText('You pay S$0.00').count()).toBeGreaterThan(0);
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    // the work email, then the code from the email the product sends
    await page.getByLabel(L.corporate.workEmail).fill(EMPLOYEE);
    await page.getByRole('button', { name: L.corporate.sendCode }).click();
    await page.getByRole('heading', { name: L.corporate.codeSentTitle }).waitFor();
    const mail = await until('the code email', () => smtp.received.find((m) => m.to.includes(EMPLOYEE)));
    const otp = /\b(\d{6})\b/.exec(`${mail.text} ${mail.html}`)?.[1];
    expect(otp, mail.text).toMatch(/^\d{6}$/);
    await page.getByLabel(L.corporate.codeLabel).fill(otp!);
    await page.screenshot({ path: `${ARTIFACTS}/corporate-code.png`, fullPage: true });
    await page.getByRole('button', { name: L.corporate.verify, exact: true }).click();

    // the wizard: only the programme's packages, each with who pays what
    if (programme.events.length > 1) {
      await page.getByRole('radio', { name: programme.events[0]!.name }).click();
    }
    await page.getByRole('heading', { name: L.wizard.step0 }).waitFor();
    const covered = programme.packages.filter((p) => p.eventIds.includes(programme.events[0]!.id));
    const choices = page.locator('#bk-packageId [data-part=item]');
    expect(await choices.count()).toBe(covered.length);
    await page.locator('#bk-packageId').getByText(covered[0]!.name, { exact: true }).click();
    await page.getByRole('button', { name: L.wizard.next }).click();

    await page.getByRole('heading', { name: L.wizard.step1 }).waitFor();
    expect(await page.getByLabel(L.person.email).inputValue()).toBe(EMPLOYEE);
    await page.getByLabel(L.person.firstName).fill('Mei Ling');
    await page.getByLabel(L.person.lastName).fill('Tan');
    await page.getByLabel(L.person.mobileNumber).fill('91234567');
    await page.getByText(L.person.female, { exact: true }).click();
    await page.getByLabel(L.person.idBooker).fill('S1234567D');
    await page.getByLabel(L.person.dateOfBirth).fill('04/03/1985');
    await page.getByLabel(L.person.postalCode).fill('560123');
    await page.getByLabel(L.person.address).fill('123 Ang Mo Kio Avenue 3');
    await page.getByText(L.privacy.consent).click();
    await page.getByRole('button', { name: L.wizard.next }).click();

    await page.getByRole('heading', { name: L.wizard.step2 }).waitFor();
    await page.locator('#bk-date [data-part=item]').first().click();
    await page.locator('#bk-timeslotId [data-part=item]:not([data-disabled])').first().click();
    await page.getByRole('button', { name: L.wizard.next }).click();

    // the review: the split in place of the price list, the employee alone, the consent to be named
    await page.getByRole('heading', { name: L.wizard.step3 }).waitFor();
    const split = page.getByRole('region', { name: L.corporate.whoPays });
    expect(await split.getByTestId('programme-employee-pays').textContent()).toBe('S$0.00');
    expect(await page.getByRole('button', { name: L.review.addParticipant }).count()).toBe(0);
    await page.getByText(L.corporate.shareName).click();
    expect(await noSideways(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/corporate-review.png`, fullPage: true });
    await page.getByRole('button', { name: L.wizard.confirm }).click();

    // nothing to pay: confirmed at once
    await page.waitForURL(/\/booking\/confirmation\/HS[\d-]+\?booked=1$/);
    await page.getByRole('heading', { name: L.success.title, level: 1 }).waitFor();
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/corporate-confirmed.png`, fullPage: true });
    // and its confirmation email, with the PDF: the employer's share counts as paid (session 29: its
    // totals check failed and the email never left)
    const reference = /\/booking\/confirmation\/(HS[\d-]+)/.exec(page.url())?.[1] ?? '';
    const confirmation = await until('the confirmation email', () =>
      smtp.received.find((m) => m.to.includes(EMPLOYEE) && m.subject.includes(reference)),
    );
    expect(confirmation.attachments.map((a) => a.contentType)).toContain('application/pdf');
  });

  it("the back office: the company, its programme's link, roster, the booking just made, the report, and a roster import checked row by row", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-SG' });
    page.setDefaultTimeout(20_000);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${stack.baseUrl}/admin/dashboard?tab=companies`);
    const panel = page.getByRole('tabpanel');
    const companies = panel.getByRole('table', { name: 'Companies' });
    await companies.waitFor();
    const company =
      (await companies.getByText('Acme Logistics Pte Ltd').count()) > 0
        ? 'Acme Logistics Pte Ltd'
        : 'Acme E2E Pte Ltd';
    await panel.getByRole('button', { name: `Actions for ${company}` }).click();
    await page.getByRole('menuitem', { name: 'Programmes' }).click();
    const programmes = panel.getByRole('table', { name: `Programmes of ${company}` });
    await programmes.waitFor();
    const link = await programmes.locator('code').first().textContent();
    expect(link).toMatch(/^\/c\/[a-z0-9-]+$/);
    await programmes.getByRole('button').first().click();

    // the roster, the booking made above (by its work email), the report
    await panel.getByRole('tab', { name: /^Roster/ }).waitFor();
    await panel.getByRole('tab', { name: /^Bookings/ }).click();
    await panel.getByRole('table', { name: 'Bookings' }).getByText(EMPLOYEE).first().waitFor();
    await panel.getByRole('tab', { name: 'Report' }).click();
    await panel.getByRole('table', { name: 'By department and site' }).waitFor();
    expect(Number(await panel.getByTestId('report-booked').textContent())).toBeGreaterThan(0);

    // a roster with a bad row: its errors by row and field, the import held back
    await panel.getByRole('tab', { name: /^Roster/ }).click();
    await panel.getByRole('button', { name: 'Import roster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Roster' });
    await dialog
      .getByLabel('Or paste the CSV')
      .fill(
        'employee_id,name,work_email,department,site\nE900,Ng Siew,siew@acme-logistics.sg,Ops,Tuas\nE901,,not-an-email,Ops,Tuas\n',
      );
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const errors = dialog.getByRole('table', { name: 'Roster errors' });
    await errors.waitFor();
    expect(await errors.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('3');
    expect(await dialog.getByRole('button', { name: /^Import \d+ employees?$/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/corporate-admin-roster.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
