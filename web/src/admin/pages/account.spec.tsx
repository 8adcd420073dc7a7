import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../components/ui/toaster';
import { ADMIN_USER, bodyOf, renderApp, stubApi } from '../test/helpers';

afterEach(() => {
  toaster.remove();
  localStorage.clear();
  window.location.hash = '';
});

const account = (over: object = {}) => ({
  success: true,
  data: {
    ...ADMIN_USER,
    role: 'front_desk',
    active: true,
    totpEnabled: false,
    passwordSet: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    totpRequired: false,
    recoveryCodesLeft: 0,
    ...over,
  },
});
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-0000${i}`);

describe('account page (issue 23)', () => {
  it('enrols TOTP: the QR code and key, a code, then the recovery codes once', async () => {
    localStorage.setItem('auth_token', 'tok');
    let enabled = false;
    const fetchMock = stubApi({
      'GET /api/admin/user': { success: true, data: { ...ADMIN_USER, role: 'front_desk' } },
      'GET /api/admin/account': () =>
        Response.json(account({ totpEnabled: enabled, recoveryCodesLeft: enabled ? 10 : 0 })),
      'POST /api/admin/account/totp/setup': {
        success: true,
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrCode: 'data:image/png;base64,AAAA',
        },
      },
      'POST /api/admin/account/totp/confirm': () => {
        enabled = true;
        return Response.json({ success: true, data: { recoveryCodes: CODES } });
      },
    });
    renderApp('/admin/account');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }, { timeout: 5000 }),
    );
    expect((await screen.findByRole('img', { name: /QR code/ })).getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText(/Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn On' }));
    const codes = await screen.findByTestId('recovery-codes');
    for (const c of CODES) expect(codes.textContent).toContain(c);
    expect(bodyOf(fetchMock, 'POST', '/api/admin/account/totp/confirm')).toEqual({ code: '123456' });
    await screen.findByText(/On\. Sign-in asks for a code/);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
  });

  it('changes the password, saying the api refusal', async () => {
    localStorage.setItem('auth_token', 'tok');
    stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/account': account({ role: 'admin' }),
      'PUT /api/admin/account/password': () =>
        Response.json(
          { success: false, message: 'This password is too common; choose another' },
          { status: 400 },
        ),
    });
    renderApp('/admin/account');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText(/Current password/, {}, { timeout: 5000 }),
      'old password here',
    );
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 12 characters/);
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'qwertyuiopasdf');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText('This password is too common; choose another');
  });

  it('keeps the session on the token the password change answers', async () => {
    localStorage.setItem('auth_token', 'tok-old');
    stubApi({
      'GET /api/admin/user': { success: true, data: ADMIN_USER },
      'GET /api/admin/account': account({ role: 'admin' }),
      'PUT /api/admin/account/password': { success: true, data: { token: 'tok-new' } },
    });
    renderApp('/admin/account');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText(/Current password/, {}, { timeout: 5000 }),
      'old password here',
    );
    await user.type(screen.getByLabelText(/^New password/), 'lemon harbour 88 kites');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByText('Password changed');
    expect(localStorage.getItem('auth_token')).toBe('tok-new');
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
  });
});

describe('set-password page', () => {
  it('reads the token from the fragment, names the account and sets the password', async () => {
    window.location.hash = '#token=tok_abcdefghijklmnopqrstuvwxyz0123';
    const fetchMock = stubApi({
      'GET /api/staff-invites/tok_abcdefghijklmnopqrstuvwxyz0123': {
        success: true,
        data: { username: 'dora', email: null },
      },
      'POST /api/staff-invites/tok_abcdefghijklmnopqrstuvwxyz0123': {
        success: true,
        message: 'Password set.',
      },
    });
    renderApp('/admin/set-password');
    await screen.findByText(/For the staff account dora\./, {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'violet ferry 19 kites');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'violet ferry 19 kitez');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await screen.findByText('The two passwords are not the same');
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'violet ferry 19 kites');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await screen.findByText('Your password is set.');
    expect(bodyOf(fetchMock, 'POST', '/api/staff-invites/tok_abcdefghijklmnopqrstuvwxyz0123')).toEqual({
      password: 'violet ferry 19 kites',
    });
  });

  it('says so when the link is spent', async () => {
    window.location.hash = '#token=tok_usedusedusedusedusedused';
    stubApi({
      'GET /api/staff-invites/tok_usedusedusedusedusedused': () =>
        Response.json(
          {
            success: false,
            message: 'This link has expired or was already used. Ask an admin for a new one.',
          },
          { status: 410 },
        ),
    });
    renderApp('/admin/set-password');
    await screen.findByText(/expired or was already used/, {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
  });
});
