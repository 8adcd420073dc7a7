import { mkdirSync } from 'node:fs';
import { type ProductStack, launchBrowser, startProductStack } from '@hs/testing';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = 'test-artifacts';
const DESK = {
  username: 'desk-e2e',
  email: 'desk-e2e@clinic.example',
  password: 'quiet harbour 42 lanterns',
};

/**
 * Issue 23 in a browser: an admin adds a front-desk user in the Staff tab, the invite link sets their
 * password, and the front-desk session sees only its own pages (nav, dashboard tabs), is told so on
 * an admin page, and is refused by the api where its role is not allowed.
 */
describe('staff roles in a browser', () => {
  let stack: ProductStack;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}/staff-${name}.png`, fullPage: true });
  const login = async (username: string, password: string) => {
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [stack, browser] = await Promise.all([startProductStack({ worker: false }), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('admin invites a front-desk user, who sets a password and sees only their pages', async () => {
    // --- the admin adds the user in the Staff tab and gets the one-time link
    await login(stack.admin.username, stack.admin.password);
    await page.getByRole('tab', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Add Staff User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Username/ }).fill(DESK.username);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(DESK.email);
    await dialog.getByRole('combobox', { name: /^Role/ }).selectOption('front_desk');
    await dialog.getByRole('button', { name: 'Create and Send Invite' }).click();
    const link = page.getByTestId('invite-url');
    await link.waitFor();
    const inviteUrl = (await link.textContent())!.trim();
    expect(inviteUrl).toMatch(/\/admin\/set-password#token=[\w-]{40,}$/);
    await shot('invite');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: DESK.username, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');

    // --- the invite link: a too short password is refused, then a good one is set
    await page.goto(new URL(new URL(inviteUrl).pathname + new URL(inviteUrl).hash, stack.baseUrl).href);
    await page.getByText(`For the staff account ${DESK.username}.`).waitFor();
    await page.getByLabel(/^New password/).fill('too-short');
    await page.getByLabel(/^Repeat the password/).fill('too-short');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page
      .getByRole('alert')
      .getByText(/At least 12 characters/)
      .waitFor();
    await page.getByLabel(/^New password/).fill(DESK.password);
    await page.getByLabel(/^Repeat the password/).fill(DESK.password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password is set.').waitFor();

    // --- the front desk signs in: only its pages and the Orders tab
    await login(DESK.username, DESK.password);
    await page.getByText(`Welcome, ${DESK.username}`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const links = await nav.getByRole('listitem').allTextContents();
    expect(links).toContain('Dashboard');
    expect(links).toContain('Account');
    for (const adminOnly of ['Postal Timeslots', 'Email', 'Audit Log', 'System'])
      expect(links).not.toContain(adminOnly);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Today', 'Orders']);
    // issue 45: the Today tab, without money for the front desk
    await page.getByRole('list', { name: 'Today at a glance' }).waitFor();
    expect(await page.getByText('Revenue today').count()).toBe(0);
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await page.getByText('Total Events').count()).toBe(0);
    await shot('front-desk-dashboard');

    // --- an admin page typed into the address bar says no; the api refuses with 403
    await page.goto(`${stack.baseUrl}/admin/system`);
    await page.getByText('This page is not available for your role').waitFor();
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const res = await fetch('/api/admin/api-keys', { headers: { authorization: `Bearer ${token}` } });
      return res.status;
    });
    expect(status).toBe(403);

    // --- and the spec's rule for staff on public pages holds for this role too
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForURL('**/admin/dashboard');
  });

  it('enrols a TOTP second factor on the Account page and signs in with a code', async () => {
    await page.goto(`${stack.baseUrl}/admin/account`);
    await page.getByRole('button', { name: 'Set Up Two-Factor Authentication' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel(/Code from the app/).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn On' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await shot('recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(/^On\. Sign-in asks for a code/).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');

    // the password first, then the code step (the next time step's code: the enrolment used this one)
    await page.getByLabel('Username').fill(DESK.username);
    await page.getByLabel('Password').fill(DESK.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel(/Authentication code/);
    await code.waitFor();
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText(`Welcome, ${DESK.username}`).waitFor();
  });
});
