/**
 * Redemptions used and left on the admin's discount list (issue 45): counted from the codes'
 * redemption streams, the ones the booking redeems on, so a booking with a code shows at once (used
 * up, left down) and a cancelled booking gives its redemption back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

interface ListedDiscount {
  id: number;
  name: string;
  codeCount: number;
  redemptionsUsed: number;
  redemptionsLeft: number | null;
}

describe('discount redemptions on the admin list', () => {
  let api: TestApi;
  let eventId: number;
  let packageId: number;
  let timeslotId: number;
  const codes: Record<'perCode' | 'whole' | 'open', string[]> = { perCode: [], whole: [], open: [] };
  const ids: Record<'perCode' | 'whole' | 'open', number> = { perCode: 0, whole: 0, open: 0 };

  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    api.asAdmin({ method, url, ...(payload === undefined ? {} : { payload }) });
  const listed = async () => {
    const res = await admin('GET', '/api/admin/discounts');
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json().data as ListedDiscount[]).map((d) => [d.id, d]));
    const pick = (d: ListedDiscount | undefined) => ({
      used: d?.redemptionsUsed,
      left: d?.redemptionsLeft,
    });
    return {
      perCode: pick(byId.get(ids.perCode)),
      whole: pick(byId.get(ids.whole)),
      open: pick(byId.get(ids.open)),
    };
  };
  const book = async (i: number, discountCode: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(i), discountCode },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  };

  beforeAll(async () => {
    api = await startTestApi(
      { rateLimits: { ...testApiConfig().rateLimits, enabled: false } },
      {},
      { checkAnswers: true },
    );
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Redemption Screening',
        slug: 'redemption-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    timeslotId = (
      await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '09:00', maxAttendees: 50 })
    ).json().data.id;
    for (const [name, body, count] of [
      // Each of 3 codes twice: 6 in all.
      [
        'perCode',
        {
          name: 'Twice per code',
          discountType: 'promo',
          identifierPrefix: 'TWICE',
          value: '10',
          limitRedemption: true,
          maxRedemptions: 2,
        },
        3,
      ],
      // 3 for the whole discount, however many codes.
      [
        'whole',
        {
          name: 'Three in all',
          discountType: 'promo',
          identifierPrefix: 'THREE',
          value: '10',
          limitBinRedemption: true,
          maxBinRedemptions: 3,
        },
        2,
      ],
      ['open', { name: 'No limit', discountType: 'promo', identifierPrefix: 'FREE', value: '10' }, 2],
    ] as const) {
      const d = (await admin('POST', '/api/admin/discounts', body)).json().data;
      ids[name] = d.id;
      codes[name] = (await admin('POST', `/api/admin/discounts/${d.id}/generate-identifiers`, { count }))
        .json()
        .data.map((c: { identifier: string }) => c.identifier);
    }
  }, 60_000);
  afterAll(() => {
    if (api?.errors.length) console.error(api.errors.join('\n'));
    return api?.close();
  });

  it('starts at none used, with what the limits allow left (null without a limit)', async () => {
    expect(await listed()).toEqual({
      perCode: { used: 0, left: 6 },
      whole: { used: 0, left: 3 },
      open: { used: 0, left: null },
    });
  });

  it('counts a booking with a code at once, gives it back on cancellation, and answers it on every read', async () => {
    const first = await book(1, codes.perCode[0]!);
    await book(2, codes.perCode[0]!);
    await book(3, codes.whole[0]!);
    await book(4, codes.whole[1]!);
    await book(5, codes.open[1]!);
    expect(await listed()).toEqual({
      // The first code is used up (2 of 2); the other two have 2 each.
      perCode: { used: 2, left: 4 },
      whole: { used: 2, left: 1 },
      open: { used: 1, left: null },
    });
    // A used-up code is refused, and the list says why.
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(6), discountCode: codes.perCode[0] },
    });
    expect(refused.statusCode).toBe(409);
    expect((await listed()).perCode).toEqual({ used: 2, left: 4 });

    const cancelled = await api.app.inject({ method: 'POST', url: `/api/registrations/${first.id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await listed()).perCode).toEqual({ used: 1, left: 5 });

    // The one-row read and an edit answer the same fields; the audit log keeps the catalogue row only.
    const one = (await admin('GET', `/api/admin/discounts/${ids.whole}`)).json().data;
    expect(one).toMatchObject({ redemptionsUsed: 2, redemptionsLeft: 1, codeCount: 2 });
    const edited = await admin('PUT', `/api/admin/discounts/${ids.whole}`, {
      ...one,
      maxBinRedemptions: 10,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ redemptionsUsed: 2, redemptionsLeft: 8 });
    const [audited] = await api.db.sql<{ after: Record<string, unknown> }[]>`
      select after from audit_log where entity = 'discount' and entity_id = ${String(ids.whole)}
      order by id desc limit 1`;
    expect(audited?.after).not.toHaveProperty('redemptionsUsed');
  });

  it('a discount without codes has none used, and none left under a per-code limit', async () => {
    const d = (
      await admin('POST', '/api/admin/discounts', {
        name: 'No codes yet',
        value: '5',
        limitRedemption: true,
        maxRedemptions: 4,
      })
    ).json().data;
    expect(d).toMatchObject({ codeCount: 0, redemptionsUsed: 0, redemptionsLeft: 0 });
  });

  it('staff confirming a cancelled order take its code again, and are refused while another booking holds it', async () => {
    const code = codes.perCode[1]!;
    const perCode = async () => (await listed()).perCode;
    const before = await perCode();
    const a = await book(11, code);
    await book(12, code);
    const cancel = (id: number) => api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });
    expect((await cancel(a.id)).statusCode).toBe(200);
    const c = await book(13, code);
    expect(await perCode()).toEqual({ used: before.used! + 2, left: before.left! - 2 });

    // The code is used up again (2 of 2): confirming the cancelled order would use it a third time.
    const confirm = () => admin('PATCH', `/api/admin/registrations/${a.id}`, { status: 'confirmed' });
    const refused = await confirm();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await perCode()).toEqual({ used: before.used! + 2, left: before.left! - 2 });

    expect((await cancel(c.id)).statusCode).toBe(200);
    const confirmed = await confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The confirmed order holds its redemption again: counted, and the code is used up once more.
    expect(await perCode()).toEqual({ used: before.used! + 2, left: before.left! - 2 });
  });
});
