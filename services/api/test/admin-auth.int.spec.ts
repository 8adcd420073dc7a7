import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

const SECRET = 'test-secret-test-secret-test-secret-0000';

describe('admin auth', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await createUser(api.db.sql, { username: 'alice', password: 's3cret-pass', email: 'alice@example.com' });
    await createUser(api.db.sql, { username: 'victor', password: 'viewer-pass', role: 'viewer' });
  });
  afterAll(() => api.close());

  const login = (username: unknown, password: unknown, ip = '10.0.0.1') =>
    api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      remoteAddress: ip,
    });
  const me = (token?: string) =>
    api.app.inject({ url: '/api/admin/user', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('logs in, answers the user, and logs out for good', async () => {
    const res = await login('alice', 's3cret-pass');
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.com', role: 'admin' });
    expect(user.lastLogin).toBeTruthy();
    const who = await me(token);
    expect(who.statusCode).toBe(200);
    expect(who.json().data.username).toBe('alice');

    const out = await api.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      // The spec's client sends the JSON content type on every body request, with no body here.
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out' });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: 'Token has been revoked' });
  });

  it('answers the spec messages for missing fields', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: {} })).json().message,
    ).toBe('Username is required');
  });

  it('answers the same for an unknown user and a wrong password', async () => {
    const a = await login('nobody', 'whatever', '10.0.0.2');
    const b = await login('alice', 'wrong', '10.0.0.3');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ success: false, message: 'Invalid credentials' });
    expect(b.json()).toEqual(a.json());
  });

  it('refuses missing, garbage, foreign, expired and non-admin tokens', async () => {
    expect((await me()).json()).toEqual({ success: false, message: 'Authentication required' });
    expect((await me()).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
    const foreign = createSigner({ key: 'another-secret-another-secret-another' })({
      sub: '1',
      username: 'alice',
      role: 'admin',
      jti: 'x',
    });
    expect((await me(foreign)).statusCode).toBe(401);
    const expired = createSigner({ key: SECRET })({
      sub: '1',
      username: 'alice',
      role: 'admin',
      jti: 'y',
      iat: 1_000,
      exp: 2_000,
    });
    expect((await me(expired)).json()).toEqual({ success: false, message: 'Invalid or expired token' });
    const viewer = (await login('victor', 'viewer-pass', '10.0.0.4')).json().data.token;
    const res = await me(viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Admin access required' });
  });

  it('locks out after 5 failures per username and per IP for 15 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('carol', 'bad', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login('carol', 'anything', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    for (let i = 0; i < 5; i++) await login(`ghost${i}`, 'bad', '10.2.0.1');
    expect((await login('victor', 'viewer-pass', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('victor', 'viewer-pass', '10.2.0.2')).statusCode).toBe(200);
  });
});
