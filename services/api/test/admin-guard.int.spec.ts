import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

const SECRET = 'test-secret-test-secret-test-secret-0000';

/**
 * Generated from the OpenAPI document, so a new admin route cannot be added without its guard being
 * tried: no token, a garbage token, a token signed with another secret, an expired token, a revoked
 * token and a valid token of another role are all refused.
 */
describe('every admin route is guarded', () => {
  let api: TestApi;
  let routes: { method: string; url: string }[];
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    api = await startTestApi();
    const doc = (await api.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login')
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    await createUser(api.db.sql, { username: 'viewer', password: 'viewer-password', role: 'viewer' });
    await createUser(api.db.sql, { username: 'gone', password: 'gone-password' });
    const login = async (username: string, password: string) =>
      (
        await api.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } })
      ).json().data.token as string;
    tokens.none = undefined;
    tokens.garbage = 'not-a-jwt';
    tokens.foreign = createSigner({ key: 'some-other-secret-some-other-secret-00' })({
      sub: '1',
      username: 'x',
      role: 'admin',
      jti: 'a',
    });
    tokens.expired = createSigner({ key: SECRET })({
      sub: '1',
      username: 'x',
      role: 'admin',
      jti: 'b',
      iat: 1000,
      exp: 2000,
    });
    tokens.revoked = await login('gone', 'gone-password');
    await api.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${tokens.revoked}` },
    });
    tokens.viewer = await login('viewer', 'viewer-password');
  });
  afterAll(() => api.close());

  it('covers the whole admin api', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(['none', 'garbage', 'foreign', 'expired', 'revoked', 'viewer'])(
    'refuses a %s token everywhere',
    async (kind) => {
      for (const { method, url } of routes) {
        const token = tokens[kind];
        const res = await api.app.inject({
          method: method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${kind} ${method} ${url}`).toBe(kind === 'viewer' ? 403 : 401);
        expect(res.json().success, `${method} ${url}`).toBe(false);
      }
    },
  );
});
