import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

// The public catalogue answers come from memory; these prove a change is seen without waiting for
// the entry to expire (READ_CACHE_MS is set far beyond the polls' deadlines).
describe('public reads cache', () => {
  let api: TestApi;
  let other: TestApi['app'];
  let eventId: number;
  let packageId: number;

  beforeAll(async () => {
    api = await startTestApi({ readCacheMs: 60_000 });
    const pkg = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data;
    packageId = pkg.id;
    eventId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Cache Event', slug: 'cache-event', packageIds: [pkg.id] },
      })
    ).json().data.id;
    // A second api instance on the same database: it learns of changes only through Postgres.
    const { buildApp, testApiConfig } = await import('../src');
    other = await buildApp(
      testApiConfig(
        { readCacheMs: 60_000 },
        { DATABASE_URL: api.db.url, REDIS_URL: process.env.HS_TEST_REDIS_URL! },
      ),
      { sql: api.db.sql },
    );
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await api.close();
  });

  const price = async (app: TestApi['app']) =>
    (await app.inject({ url: '/api/events/cache-event' })).json().data.packages[0].price;

  it("an admin change through this instance is seen at once, and by another instance through Postgres's notification", async () => {
    expect(await price(api.app)).toBe('100.00');
    expect(await price(other)).toBe('100.00');
    const res = await api.asAdmin({
      method: 'PUT',
      url: `/api/admin/packages/${packageId}`,
      payload: { name: 'Basic', price: '120' },
    });
    expect(res.statusCode).toBe(200);
    expect(await price(api.app)).toBe('120.00');
    await expect.poll(() => price(other), { timeout: 5000 }).toBe('120.00');
  });

  it('a change written straight to the tables (the slot read model, a deactivation) is seen', async () => {
    const list = async () =>
      (await other.inject({ url: '/api/events' })).json().data.map((e: { slug: string }) => e.slug);
    expect(await list()).toContain('cache-event');
    await api.db.sql`update screening_events set is_active = false where id = ${eventId}`;
    await expect.poll(list, { timeout: 5000 }).not.toContain('cache-event');
    expect((await other.inject({ url: '/api/events/cache-event' })).statusCode).toBe(404);
    await api.db.sql`update screening_events set is_active = true where id = ${eventId}`;
    await expect.poll(list, { timeout: 5000 }).toContain('cache-event');
  });
});
