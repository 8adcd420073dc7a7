import { singaporeToday } from '@hs/domain';
import { ensureCheckpoint } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from './helpers';

describe('admin back-office api', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    api.asAdmin({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function auditRows(entity: string) {
    return api.db.sql<{ action: string; before: unknown; after: unknown; actor: string }[]>`
      select action, before, after, actor from audit_log where entity = ${entity} order by id`;
  }

  it("answers a value of the wrong type with the field's own message, not the schema's", async () => {
    const cases: [string, string, object, string][] = [
      ['POST', '/api/admin/events', { name: 123, slug: 456 }, 'Name must be at least 3 characters'],
      ['POST', '/api/admin/packages', { name: 5, price: 'x' }, 'Name must be at least 3 characters'],
      ['POST', '/api/admin/api-keys', { description: 7 }, 'Description must be at least 3 characters'],
      [
        'POST',
        '/api/admin/email-configs',
        { configKey: 1, configValue: 'abc' },
        'Key must be at least 3 characters',
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await call(method as 'POST', url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('manages packages with 2-decimal prices and the spec messages', async () => {
    const bad = await call('POST', '/api/admin/packages', { name: 'ab', price: -1, aiaPrice: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'name', message: 'Name must be at least 3 characters' },
      { field: 'price', message: 'Price must be a positive number' },
      { field: 'aiaPrice', message: 'AIA price must be a positive number' },
    ]);
    const created = await call('POST', '/api/admin/packages', {
      name: 'Basic Screening',
      price: '120',
      aiaPrice: 99.5,
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json().data;
    expect(pkg).toMatchObject({
      name: 'Basic Screening',
      price: '120.00',
      aiaPrice: '99.50',
      isActive: true,
    });

    const got = await call('GET', `/api/admin/packages/${pkg.id}`);
    expect(got.json().data).toMatchObject({ name: 'Basic Screening', description: null, price: '120.00' });
    const updated = await call('PUT', `/api/admin/packages/${pkg.id}`, {
      name: 'Basic Plus',
      price: '130.10',
      isActive: false,
    });
    expect(updated.json().data).toMatchObject({
      name: 'Basic Plus',
      price: '130.10',
      aiaPrice: null,
      isActive: false,
    });
    expect((await call('GET', '/api/admin/packages')).json().data).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/packages/${pkg.id}`)).json()).toEqual({
      success: true,
      message: 'Package deleted',
    });
    expect((await call('GET', `/api/admin/packages/${pkg.id}`)).statusCode).toBe(404);

    const rows = await auditRows('package');
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[1]).toMatchObject({ before: { name: 'Basic Screening' }, after: { name: 'Basic Plus' } });
    expect(rows[0]!.actor).toMatch(/^admin:/);
  });

  it('manages events with packages and timeslot config; slugs are unique', async () => {
    const pkg = (await call('POST', '/api/admin/packages', { name: 'Premium', price: 300 })).json().data;
    const bad = await call('POST', '/api/admin/events', { name: 'No', slug: 'Bad Slug' });
    expect(bad.json().errors).toEqual([
      { field: 'name', message: 'Name must be at least 3 characters' },
      { field: 'slug', message: 'Slug can only contain lowercase letters, numbers, and hyphens' },
    ]);
    const created = await call('POST', '/api/admin/events', {
      name: 'Corporate Screening',
      slug: 'corporate-2026',
      location: 'Raffles Place',
      packageIds: [pkg.id],
      config: { configType: 'auto', numSlots: 5 },
    });
    expect(created.statusCode).toBe(201);
    const event = created.json().data;
    expect(event).toMatchObject({
      slug: 'corporate-2026',
      description: null,
      location: 'Raffles Place',
      isActive: true,
      packageIds: [pkg.id],
      config: { configType: 'auto', numSlots: 5, bufferHours: 24, slotsPerTimeslot: 1, maxAttendees: 20 },
    });
    const dup = await call('POST', '/api/admin/events', { name: 'Another', slug: 'corporate-2026' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An event with this slug already exists');
    const unknownPkg = await call('PUT', `/api/admin/events/${event.id}`, {
      name: 'Corporate',
      slug: 'corporate-2026',
      packageIds: [999999],
    });
    expect(unknownPkg.statusCode).toBe(400);

    const updated = await call('PUT', `/api/admin/events/${event.id}`, {
      name: 'Corporate 2026',
      slug: 'corporate-2026',
      isActive: false,
    });
    expect(updated.json().data).toMatchObject({
      name: 'Corporate 2026',
      isActive: false,
      packageIds: [pkg.id],
    });
    expect((await call('GET', '/api/admin/events')).json().data[0].name).toBe('Corporate 2026');
    expect((await call('DELETE', `/api/admin/events/${event.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/events/${event.id}`)).statusCode).toBe(404);
  });

  it('manages discounts and generates unique promo codes', async () => {
    const missing = await call('POST', '/api/admin/discounts', { discountType: 'promo' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Discount name is required', 'Discount value is required']),
    );
    const noPrefix = await call('POST', '/api/admin/discounts', {
      name: 'Launch',
      discountType: 'promo',
      value: 10,
    });
    expect(noPrefix.json().message).toBe('Identifier Prefix is required for Promo discounts');

    const created = await call('POST', '/api/admin/discounts', {
      name: 'Launch',
      discountType: 'promo',
      identifierPrefix: 'launch-',
      identifierLength: 8,
      value: '15',
      limitRedemption: true,
      maxRedemptions: 1,
    });
    expect(created.statusCode).toBe(201);
    const discount = created.json().data;
    expect(discount).toMatchObject({
      identifierPrefix: 'LAUNCH-',
      identifierLength: 8,
      value: '15.00',
      discountValueType: 'percentage',
      maxRedemptions: 1,
      applicableForHealthScreening: true,
      applicableForAIA: false,
    });
    const gen = await call('POST', `/api/admin/discounts/${discount.id}/generate-identifiers`, { count: 25 });
    expect(gen.statusCode).toBe(201);
    const codes = gen.json().data as { id: number; identifier: string }[];
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((c) => c.identifier)).size).toBe(25);
    for (const c of codes) expect(c.identifier).toMatch(/^LAUNCH-[A-Z0-9]{8}$/);
    expect((await call('GET', `/api/admin/discounts/${discount.id}`)).json().data.codeCount).toBe(25);

    const tooMany = await call('POST', `/api/admin/discounts/${discount.id}/generate-identifiers`, {
      count: 1001,
    });
    expect(tooMany.json().message).toBe('Please enter a valid number between 1 and 1000');
    const plain = (
      await call('POST', '/api/admin/discounts', { name: 'Staff', value: 5, discountValueType: 'fixed' })
    ).json().data;
    expect(plain).toMatchObject({
      discountType: '-',
      identifierPrefix: null,
      discountValueType: 'fixed',
      value: '5.00',
    });
    const refused = await call('POST', `/api/admin/discounts/${plain.id}/generate-identifiers`, { count: 3 });
    expect(refused.json().message).toBe('Codes can only be generated for promo discounts');
  });

  it('manages public holidays sorted by date', async () => {
    expect((await call('POST', '/api/admin/public-holidays', { name: '' })).json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'date', message: 'Date is required' },
    ]);
    await call('POST', '/api/admin/public-holidays', { name: 'Christmas Day', date: '2026-12-25' });
    const ny = (
      await call('POST', '/api/admin/public-holidays', { name: "New Year's Day", date: '2026-01-01' })
    ).json().data;
    expect(
      (await call('POST', '/api/admin/public-holidays', { name: 'Again', date: '2026-01-01' })).statusCode,
    ).toBe(409);
    const list = (await call('GET', '/api/admin/public-holidays')).json().data;
    expect(list.map((h: { date: string }) => h.date)).toEqual(['2026-01-01', '2026-12-25']);
    const moved = await call('PUT', `/api/admin/public-holidays/${ny.id}`, {
      name: "New Year's Day",
      date: '2027-01-01',
    });
    expect(moved.json().data.date).toBe('2027-01-01');
    const extra = (
      await call('POST', '/api/admin/public-holidays', { name: 'Extra', date: '2026-05-01' })
    ).json().data;
    expect((await call('DELETE', `/api/admin/public-holidays/${extra.id}`)).json()).toEqual({
      success: true,
      message: 'Public holiday deleted',
    });
    const left = (await call('GET', '/api/admin/public-holidays')).json().data;
    expect(left.map((h: { date: string }) => h.date)).toEqual(['2026-12-25', '2027-01-01']);
  });

  it('manages email configs with a read-only key', async () => {
    expect(
      (await call('POST', '/api/admin/email-configs', { configKey: 'AB', configValue: 'x' })).json().errors,
    ).toEqual([
      { field: 'configKey', message: 'Key must be at least 3 characters' },
      { field: 'configValue', message: 'Value must be at least 3 characters' },
    ]);
    const created = (
      await call('POST', '/api/admin/email-configs', {
        configKey: 'EMAIL_SENDER_NAME',
        configValue: 'Health Screening',
      })
    ).json().data;
    expect(created).toMatchObject({
      configKey: 'EMAIL_SENDER_NAME',
      lastUpdatedBy: expect.stringMatching(/^admin:/),
    });
    expect(
      (
        await call('POST', '/api/admin/email-configs', {
          configKey: 'EMAIL_SENDER_NAME',
          configValue: 'Other',
        })
      ).statusCode,
    ).toBe(409);
    const renamed = await call('PATCH', `/api/admin/email-configs/${created.id}`, {
      configKey: 'OTHER',
      configValue: 'abc',
    });
    expect(renamed.json().message).toBe('The key of a configuration cannot be changed');
    const patched = await call('PATCH', `/api/admin/email-configs/${created.id}`, {
      configValue: 'WhiteCoat Screening',
      description: 'From name',
    });
    expect(patched.json().data).toMatchObject({
      configKey: 'EMAIL_SENDER_NAME',
      configValue: 'WhiteCoat Screening',
      description: 'From name',
    });
    // PATCH: a field left out keeps its value; an explicit empty description clears it.
    const valueOnly = await call('PATCH', `/api/admin/email-configs/${created.id}`, {
      configValue: 'Health Screening SG',
    });
    expect(valueOnly.json().data).toMatchObject({
      configValue: 'Health Screening SG',
      description: 'From name',
    });
    const cleared = await call('PATCH', `/api/admin/email-configs/${created.id}`, {
      configValue: 'Health Screening SG',
      description: '',
    });
    expect(cleared.json().data.description).toBeNull();
    expect((await call('DELETE', `/api/admin/email-configs/${created.id}`)).json().message).toBe(
      'Configuration deleted',
    );
    expect((await call('GET', '/api/admin/email-configs')).json().data).toEqual([]);
  });

  it('toggles payment test mode', async () => {
    const initial = (await call('GET', '/api/admin/payments/test-mode')).json();
    expect(initial).toMatchObject({ success: true, testMode: true, provider: { name: 'Braintree' } });
    // Live mode needs a working provider (issue 45; live-payments.int.spec.ts): none is configured here.
    const off = await call('POST', '/api/admin/payments/test-mode', { enabled: false });
    expect(off.statusCode).toBe(409);
    expect((await call('GET', '/api/admin/payments/test-mode')).json().testMode).toBe(true);
    const on = (await call('POST', '/api/admin/payments/test-mode', { enabled: true })).json();
    expect(on).toMatchObject({ success: true, testMode: true });
    expect((await call('POST', '/api/admin/payments/test-mode', {})).statusCode).toBe(400);
  });

  it('shows an API key once, stores only its hash, and refuses it when inactive', async () => {
    expect((await call('POST', '/api/admin/api-keys', { description: 'ab' })).json().message).toBe(
      'Description must be at least 3 characters',
    );
    const created = await call('POST', '/api/admin/api-keys', { description: 'WhiteCoat partner' });
    expect(created.statusCode).toBe(201);
    const { id, key } = created.json().data;
    expect(key).toMatch(/^hs_live_[A-Za-z0-9_-]{43}$/);

    const list = await call('GET', '/api/admin/api-keys');
    expect(list.body).not.toContain(key);
    expect(list.json().data[0]).toMatchObject({ key: key.slice(0, 10), lastUsed: null, isActive: true });
    const dump = JSON.stringify(await api.db.sql`select * from api_keys`);
    expect(dump).not.toContain(key);

    const partner = (k?: string) =>
      api.app.inject({ url: '/api/partner/whoami', headers: k ? { 'x-api-key': k } : {} });
    expect((await partner()).statusCode).toBe(401);
    expect((await partner('hs_live_wrong')).statusCode).toBe(401);
    const ok = await partner(key);
    expect(ok.json().data.actor).toBe(`partner:${id}`);
    expect((await call('GET', '/api/admin/api-keys')).json().data[0].lastUsed).not.toBeNull();

    await call('PUT', `/api/admin/api-keys/${id}`, { description: 'WhiteCoat partner', isActive: false });
    expect((await partner(key)).json()).toEqual({ success: false, message: 'Invalid or inactive API key' });
    expect((await call('DELETE', `/api/admin/api-keys/${id}`)).json().message).toBe('API key deleted');
    expect((await call('GET', '/api/admin/api-keys')).json().data).toEqual([]);
  });

  it('counts for the dashboard and pages the audit log', async () => {
    const counts = (await call('GET', '/api/admin/dashboard')).json().data;
    expect(counts).toMatchObject({
      packages: 1,
      discounts: 2,
      holidays: 2,
      apiKeys: 0,
      paymentProvider: 'Braintree',
    });
    const page = (await call('GET', '/api/admin/audit-log?entity=discount&pageSize=1')).json();
    expect(page.total).toBe(2);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ entity: 'discount', action: 'create', actorRole: 'admin' });
  });

  it('reports subscription checkpoints and lag', async () => {
    await ensureCheckpoint(api.db.sql, 'orders');
    const res = await call('GET', '/api/admin/system/subscriptions');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ name: 'orders', lagEvents: 0, holder: null, leaseActive: false }),
    ]);
  });

  it('guards every admin route', async () => {
    const routes = [
      '/api/admin/events',
      '/api/admin/packages',
      '/api/admin/discounts',
      '/api/admin/public-holidays',
      '/api/admin/email-configs',
      '/api/admin/payments/test-mode',
      '/api/admin/api-keys',
      '/api/admin/dashboard',
      '/api/admin/audit-log',
      '/api/admin/user',
    ];
    for (const url of routes) {
      const res = await api.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('discount windows', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    api.asAdmin({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('a discount window given as bare days covers the whole Singapore days, both ends included', async () => {
    const today = singaporeToday();
    const created = await call('POST', '/api/admin/discounts', {
      name: 'Today only',
      discountType: 'promo',
      identifierPrefix: 'TODAY',
      value: 10,
      startDate: today,
      endDate: today,
    });
    expect(created.statusCode).toBe(201);
    const d = created.json().data;
    // Midnight to the last millisecond in Singapore (UTC+8), not midnight UTC (08:00 there).
    expect(d.startDate).toBe(new Date(`${today}T00:00:00.000+08:00`).toISOString());
    expect(d.endDate).toBe(new Date(`${today}T23:59:59.999+08:00`).toISOString());
    const [code] = (
      await call('POST', `/api/admin/discounts/${d.id}/generate-identifiers`, { count: 1 })
    ).json().data as { identifier: string }[];
    const checked = await api.app.inject({
      method: 'POST',
      url: '/api/discounts/validate',
      payload: { code: code!.identifier, subtotal: 100 },
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().discountAmount).toBe('10.00');
    // An instant passes unchanged (the back-office sends those).
    const exact = await call('PUT', `/api/admin/discounts/${d.id}`, {
      ...d,
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2027-01-01T10:00:00.000Z',
    });
    expect(exact.json().data).toMatchObject({
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2027-01-01T10:00:00.000Z',
    });
  });

  it("takes what the back-office's form posts for a discount without codes (null prefix and length)", async () => {
    // The back-office posts its form's output: null prefix and length for a type that has none.
    for (const discountType of ['-', 'bin']) {
      const fromForm = await call('POST', '/api/admin/discounts', {
        name: `From the form ${discountType}`,
        discountType,
        identifierPrefix: null,
        identifierLength: null,
        value: '5',
        maxRedemptions: null,
        maxBinRedemptions: null,
      });
      expect(fromForm.statusCode, fromForm.body).toBe(201);
      const updated = await call('PUT', `/api/admin/discounts/${fromForm.json().data.id}`, {
        ...fromForm.json().data,
        value: '6',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data).toMatchObject({ discountType, identifierLength: null, value: '6.00' });
      expect((await call('DELETE', `/api/admin/discounts/${fromForm.json().data.id}`)).statusCode).toBe(200);
    }
  });
});
