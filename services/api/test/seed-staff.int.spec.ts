import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed';
import { type TestApi, startTestApi } from './helpers';

describe('demo seed: the staff logins (issue 23)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('adds a front-desk and a finance login whose reported passwords sign in with their roles', async () => {
    const report = await seedDemo(api.app, { adminPassword: 'demo-password', orders: false });
    expect(report.staff?.map((s) => [s.username, s.role])).toEqual([
      ['frontdesk', 'front_desk'],
      ['finance', 'finance'],
    ]);
    for (const login of report.staff!) {
      expect(login.password.length).toBeGreaterThanOrEqual(12);
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: login.username, password: login.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user.role).toBe(login.role);
      const token = res.json().data.token as string;
      const keys = await api.app.inject({
        url: '/api/admin/api-keys',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(keys.statusCode).toBe(403);
      const orders = await api.app.inject({
        url: '/api/admin/registrations',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(orders.statusCode).toBe(200);
    }
  });
});
