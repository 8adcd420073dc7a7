import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('staff accounts (issue 23)', () => {
  let api: TestApi;
  let outbox: string;
  let admin: string;

  const login = (username: string, password: string, code?: string) =>
    api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password, ...(code === undefined ? {} : { code }) },
    });
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** Admin creates the user; the user sets a password through the emailed link and signs in. */
  async function invited(username: string, role: string, password = 'plum orchard 7 lanterns') {
    const created = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username, email: `${username}@clinic.example`, role },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = new URL(created.json().data.invite.inviteUrl).hash.replace('#token=', '');
    const set = await api.app.inject({
      method: 'POST',
      url: `/api/staff-invites/${token}`,
      payload: { password },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await login(username, password);
    expect(res.statusCode, res.body).toBe(200);
    return { id: created.json().data.user.id as number, token: res.json().data.token as string };
  }

  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'staff-mail-'));
    api = await startTestApi({ mailOutboxDir: outbox, publicBaseUrl: 'https://clinic.example.sg/' });
    admin = await api.adminToken();
  });
  afterAll(() => api.close());

  it('invites by a one-time link in an email that holds no password; the password rules apply', async () => {
    const created = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'dora', email: 'dora@clinic.example', role: 'front_desk' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { user, invite } = created.json().data;
    expect(user).toMatchObject({ username: 'dora', role: 'front_desk', active: true, passwordSet: false });
    expect(invite.emailed).toBe(true);
    // at the site's configured address, the token in the fragment (never sent to a server)
    expect(invite.inviteUrl).toMatch(/^https:\/\/clinic\.example\.sg\/admin\/set-password#token=[\w-]{43}$/);
    const token = new URL(invite.inviteUrl).hash.replace('#token=', '');

    const mails = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes('dora@clinic.example'));
    expect(mail).toBeDefined();
    // quoted-printable may fold the long link: compare without soft line breaks
    expect(mail!.replace(/=\r?\n/g, '')).toContain(token.slice(0, 30));

    // An invited user cannot sign in before choosing a password.
    expect((await login('dora', '')).statusCode).toBe(400);
    const info = await api.app.inject(`/api/staff-invites/${token}`);
    expect(info.json().data).toEqual({ username: 'dora', email: 'dora@clinic.example' });

    const tryPassword = (password: string) =>
      api.app.inject({ method: 'POST', url: `/api/staff-invites/${token}`, payload: { password } });
    expect((await tryPassword('short-one')).json().message).toMatch(/at least 12 characters/);
    expect((await tryPassword('qwertyuiopasdfgh')).json().message).toMatch(/too common/);
    expect((await tryPassword('dora-the-explorer')).json().message).toMatch(/username/);
    expect((await tryPassword('violet ferry 19 kites')).statusCode).toBe(200);
    const again = await tryPassword('another fine 42 passphrase');
    expect(again.statusCode).toBe(410);
    expect((await api.app.inject(`/api/staff-invites/${token}`)).statusCode).toBe(410);

    const signedIn = await login('dora', 'violet ferry 19 kites');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.role).toBe('front_desk');
  });

  it('a new invite link replaces the earlier one', async () => {
    const created = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'felix', email: 'felix@clinic.example', role: 'finance' },
    });
    const first = new URL(created.json().data.invite.inviteUrl).hash.replace('#token=', '');
    const again = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/users/${created.json().data.user.id}/invite`,
    });
    expect(again.statusCode).toBe(200);
    expect((await api.app.inject(`/api/staff-invites/${first}`)).statusCode).toBe(410);
    const second = new URL(again.json().data.inviteUrl).hash.replace('#token=', '');
    expect((await api.app.inject(`/api/staff-invites/${second}`)).statusCode).toBe(200);
  });

  it('refuses a duplicate username and an unknown role', async () => {
    const dup = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'dora', email: 'x@clinic.example', role: 'finance' },
    });
    expect(dup.statusCode).toBe(409);
    // 'Dora' beside 'dora' would be two staff members history cannot tell apart (admin:<username>)
    const cased = await Promise.all(
      ['DORA', 'Dora'].map((username) =>
        api.asAdmin({
          method: 'POST',
          url: '/api/admin/users',
          payload: { username, email: 'x@clinic.example', role: 'finance' },
        }),
      ),
    );
    expect(cased.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(cased[0]!.json().message).toBe('A user with this username already exists');
    const fresh = await Promise.all(
      ['Gus.Case', 'gus.case'].map((username) =>
        api.asAdmin({
          method: 'POST',
          url: '/api/admin/users',
          payload: { username, email: 'gus@clinic.example', role: 'finance' },
        }),
      ),
    );
    expect(fresh.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // fields the call cannot set are refused, not silently dropped
    const [dora] = await api.db.sql<{ id: number }[]>`select id from users where username = 'dora'`;
    const doraId = dora!.id;
    const renamed = await api.asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${doraId}`,
      payload: { username: 'dora2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(400);
    const withPassword = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'hal', email: 'hal@clinic.example', role: 'finance', password: 'x' },
    });
    expect(withPassword.statusCode, withPassword.body).toBe(400);
    expect((await api.db.sql`select 1 from users where username in ('dora2', 'hal')`).length).toBe(0);
    const bad = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: { username: 'eve', email: 'eve@clinic.example', role: 'superuser' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deactivating a user refuses their token on the very next request, and their login', async () => {
    const { id, token } = await invited('gina', 'finance');
    expect((await call(token, 'GET', '/api/admin/registrations')).statusCode).toBe(200);
    const off = await call(admin, 'PUT', `/api/admin/users/${id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    const next = await call(token, 'GET', '/api/admin/registrations');
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ success: false, message: 'This account has been deactivated' });
    expect((await login('gina', 'plum orchard 7 lanterns')).statusCode).toBe(401);
    // back on: a fresh login works again, but the sessions from before the deactivation stay ended
    await call(admin, 'PUT', `/api/admin/users/${id}`, { active: true });
    const again = await login('gina', 'plum orchard 7 lanterns');
    expect(again.statusCode).toBe(200);
    expect((await call(again.json().data.token, 'GET', '/api/admin/registrations')).statusCode).toBe(200);
    const old = await call(token, 'GET', '/api/admin/registrations');
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Token has been revoked');
  });

  it('a role change counts on the next request, without a new login', async () => {
    const { id, token } = await invited('hana', 'front_desk');
    expect((await call(token, 'GET', '/api/admin/registrations/export')).statusCode).toBe(403);
    await call(admin, 'PUT', `/api/admin/users/${id}`, { role: 'finance' });
    expect((await call(token, 'GET', '/api/admin/registrations/export')).statusCode).toBe(200);
  });

  it('keeps an active admin: no self-demotion, no removing the last one', async () => {
    const me = (await call(admin, 'GET', '/api/admin/user')).json().data;
    const demote = await call(admin, 'PUT', `/api/admin/users/${me.id}`, { role: 'finance' });
    expect(demote.statusCode).toBe(400);
    expect((await call(admin, 'DELETE', `/api/admin/users/${me.id}`)).statusCode).toBe(400);
  });

  it('changes its own password under the rules, and the audit log names the staff member', async () => {
    const { id, token } = await invited('ivan', 'front_desk');
    const change = (currentPassword: string, newPassword: string) =>
      call(token, 'PUT', '/api/admin/account/password', { currentPassword, newPassword });
    expect((await change('wrong password here', 'lemon harbour 88 kites')).statusCode).toBe(400);
    expect((await change('plum orchard 7 lanterns', 'password1234')).json().message).toMatch(/too common/);
    // another session of the same user, signed in before the change
    const other = (await login('ivan', 'plum orchard 7 lanterns')).json().data.token as string;
    const changed = await change('plum orchard 7 lanterns', 'lemon harbour 88 kites');
    expect(changed.statusCode, changed.body).toBe(200);
    // every session from before the change ends; this one goes on with the new token
    expect((await call(token, 'GET', '/api/admin/user')).statusCode).toBe(401);
    expect((await call(other, 'GET', '/api/admin/user')).statusCode).toBe(401);
    expect((await call(changed.json().data.token, 'GET', '/api/admin/user')).statusCode).toBe(200);
    expect((await login('ivan', 'plum orchard 7 lanterns')).statusCode).toBe(401);
    expect((await login('ivan', 'lemon harbour 88 kites')).statusCode).toBe(200);

    const log = (await call(admin, 'GET', '/api/admin/audit-log?pageSize=200')).json().data as {
      actor: string;
      entity: string;
      entityId: string;
    }[];
    expect(log).toContainEqual(
      expect.objectContaining({ actor: 'admin:ivan', entity: 'user_password', entityId: String(id) }),
    );
    expect(log.find((e) => e.entity === 'user' && e.entityId === String(id))?.actor).toMatch(
      /^admin:admin\d+$/,
    );
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await invited('olga', 'admin');
    const b = await invited('piet', 'admin');
    // the test's own admin steps aside first, so olga and piet are the only active admins
    const me = (await call(admin, 'GET', '/api/admin/user')).json().data;
    await call(a.token, 'PUT', `/api/admin/users/${me.id}`, { role: 'finance' });
    const [one, two] = await Promise.all([
      call(a.token, 'PUT', `/api/admin/users/${b.id}`, { role: 'finance' }),
      call(b.token, 'PUT', `/api/admin/users/${a.id}`, { role: 'finance' }),
    ]);
    // one wins; the other is refused as the last admin (409), or already demoted when its request
    // reaches the guard (403), depending on timing
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const [row] = await api.db.sql<{ n: number }[]>`
      select count(*)::int as n from users where role = 'admin' and active`;
    expect(row!.n).toBe(1);
    // put things back for the tests after this one
    const survivor = one.statusCode === 200 ? a.token : b.token;
    await call(survivor, 'PUT', `/api/admin/users/${me.id}`, { role: 'admin' });
  });

  it('deletes a user; their token stops', async () => {
    const { id, token } = await invited('jade', 'finance');
    expect((await call(admin, 'DELETE', `/api/admin/users/${id}`)).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/admin/user')).statusCode).toBe(401);
    const list = (await call(admin, 'GET', '/api/admin/users')).json().data as { username: string }[];
    expect(list.map((u) => u.username)).not.toContain('jade');
  });

  it('TOTP: enrolment with a QR code, recovery codes once, login with a code, no replay', async () => {
    const { token } = await invited('kim', 'admin');
    const setup = await call(token, 'POST', '/api/admin/account/totp/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*kim.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    expect(
      (await call(token, 'POST', '/api/admin/account/totp/confirm', { code: '000000' })).statusCode,
    ).toBe(400);
    const confirmed = await call(token, 'POST', '/api/admin/account/totp/confirm', {
      code: await generate({ secret }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const account = (await call(token, 'GET', '/api/admin/account')).json().data;
    expect(account).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    // shown once: nothing answers them again, and a second enrolment is refused
    expect(JSON.stringify(account)).not.toContain(codes[0]);
    expect((await call(token, 'POST', '/api/admin/account/totp/setup')).statusCode).toBe(409);

    const password = 'plum orchard 7 lanterns';
    const step1 = await login('kim', password);
    expect(step1.statusCode).toBe(401);
    expect(step1.json().errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect((await login('kim', 'wrong password', await generate({ secret }))).statusCode).toBe(401);
    expect((await login('kim', password, '123456')).json().message).toBe('Invalid code');

    // the next time step's code (the app a little ahead): accepted once, then a replay is refused
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await login('kim', password, next);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.token).toBeTruthy();
    expect((await login('kim', password, next)).statusCode).toBe(401);

    // a recovery code works once
    expect((await login('kim', password, codes[3]!)).statusCode).toBe(200);
    expect((await login('kim', password, codes[3]!)).statusCode).toBe(401);
    expect((await call(token, 'GET', '/api/admin/account')).json().data.recoveryCodesLeft).toBe(9);
  });

  it('an admin can require TOTP for role admin: an admin without it can only reach their account', async () => {
    // the admin switching it on must have a second factor first
    const refused = await call(admin, 'PUT', '/api/admin/staff-settings', { requireTotpForAdmins: true });
    expect(refused.statusCode).toBe(400);

    const { token: kim } = await invited('lena', 'admin');
    const setup = (await call(kim, 'POST', '/api/admin/account/totp/setup')).json().data;
    await call(kim, 'POST', '/api/admin/account/totp/confirm', {
      code: await generate({ secret: setup.secret }),
    });
    const on = await call(kim, 'PUT', '/api/admin/staff-settings', { requireTotpForAdmins: true });
    expect(on.statusCode, on.body).toBe(200);

    const blocked = await call(admin, 'GET', '/api/admin/registrations');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toMatch(/two-factor/);
    expect((await call(admin, 'GET', '/api/admin/user')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/admin/account')).json().data.totpRequired).toBe(true);
    // other roles are not concerned
    await createUser(api.db.sql, { username: 'mo', password: 'pear valley 3 drums', role: 'finance' });
    const mo = (await login('mo', 'pear valley 3 drums')).json().data.token;
    expect((await call(mo, 'GET', '/api/admin/registrations')).statusCode).toBe(200);
    // and an enrolled admin cannot switch their factor off while it is required
    const off = await call(kim, 'POST', '/api/admin/account/totp/disable', {
      password: 'plum orchard 7 lanterns',
    });
    expect(off.statusCode).toBe(409);
    await call(kim, 'PUT', '/api/admin/staff-settings', { requireTotpForAdmins: false });
    expect((await call(admin, 'GET', '/api/admin/registrations')).statusCode).toBe(200);
  });
});
