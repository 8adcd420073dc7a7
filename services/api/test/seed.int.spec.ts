import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { seedDemo } from '../src/seed';
import { type TestApi, startTestApi } from './helpers';

describe('demo seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('fills an empty database through the admin api, once', async () => {
    const report = await seedDemo(api.app, { adminPassword: 'demo-password' });
    expect(report.seeded).toBe(true);
    const events = await api.db.sql<{ slug: string }[]>`select slug from screening_events`;
    expect(events.map((e) => e.slug)).toContain('whitecoat-health-screening');
    const [counts] = await api.db.sql<{ holidays: number; configs: number; codes: number; audit: number }[]>`
      select (select count(*) from public_holidays)::int as holidays, (select count(*) from email_configs)::int as configs,
             (select count(*) from discount_identifiers)::int as codes, (select count(*) from audit_log)::int as audit`;
    expect(counts).toMatchObject({ holidays: 22, configs: 6, codes: 15 });
    expect(counts!.audit).toBeGreaterThan(30);
    const [slots] = await api.db.sql<
      { n: number }[]
    >`select count(*)::int as n from timeslots where region is null`;
    expect(slots!.n).toBeGreaterThanOrEqual(18);

    const login = await api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-password' },
    });
    expect(login.statusCode).toBe(200);
    expect((await seedDemo(api.app)).seeded).toBe(false);
  });

  it("with the operator's first admin already there (ADMIN_USERNAME), seeds the catalogue under it and makes up no login", async () => {
    const fresh = await startTestApi();
    try {
      await createUser(fresh.db.sql, { username: 'ops', password: 'ops-password-123' });
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      expect(report.seeded).toBe(true);
      expect(report.admin).toBeUndefined();
      const events = await fresh.db.sql<{ slug: string }[]>`select slug from screening_events`;
      expect(events.map((e) => e.slug)).toContain('whitecoat-health-screening');
      const users = await fresh.db.sql<{ username: string }[]>`select username from users`;
      expect(users.map((u) => u.username)).toEqual(['ops']);
      const [actors] = await fresh.db.sql<{ actors: string[] }[]>`
        select array_agg(distinct actor) as actors from audit_log`;
      expect(actors!.actors).toEqual(['admin:ops']);
      expect((await seedDemo(fresh.app)).seeded).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
