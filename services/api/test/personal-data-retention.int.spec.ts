import { eraseDueRetention, readRetentionDays } from '@hs/commands';
import { type Runner, readStream, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type TestApi, startTestApi } from './helpers';

/**
 * Issue 24, retention: the back-office setting (admin only, 30..3650 days, audited) and the sweep
 * that erases exactly the orders whose appointment is older than it, once each, even with two
 * workers sweeping at the same time.
 */
describe('retention of personal data', () => {
  let api: TestApi;
  let runner: Runner;
  let financeToken = '';
  let event: { id: number };
  let pkg: { id: number };
  const slots = new Map<number, number>();
  const DAY = 86_400_000;
  const future = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

  const slotIn = async (days: number) => {
    const known = slots.get(days);
    if (known) return known;
    const slot = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/events/${event.id}/timeslots`,
      payload: { date: future(days), time: '09:00', maxAttendees: 50 },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    slots.set(days, slot.json().data.id);
    return slot.json().data.id as number;
  };
  const book = async (days: number, name: string) => {
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        eventId: event.id,
        packageId: pkg.id,
        timeslotId: await slotIn(days),
        firstName: name,
        lastName: 'Retained',
        email: `${name.toLowerCase()}@example.com`,
        mobileNumber: '91234567',
        gender: 'female',
        identificationNumber: 'S1234567D',
        dateOfBirth: '1985-02-03',
        postalCode: '560123',
        address: '1 Street',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return booked.json().data.id as number;
  };
  const inReadModel = async (ids: number[]) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await api.db.sql<{ n: number }[]>`
        select count(*)::int as n from orders where registration_id = any(${ids}::bigint[])`;
      if (row!.n === ids.length) return;
      if (Date.now() > deadline) throw new Error('the orders never reached the read model');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const erasedEvents = async (id: number) =>
    (await readStream(api.db.sql, `registration-${id}`)).filter((e) => e.type === 'PersonalDataErased');
  const erasures = async (id: number) => (await erasedEvents(id)).length;

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    pkg = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data;
    event = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Screening', slug: 'screening', packageIds: [pkg.id] },
      })
    ).json().data;
    await createUser(api.db.sql, {
      username: 'r-finance',
      password: 'long-enough-password-1',
      role: 'finance',
    });
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'r-finance', password: 'long-enough-password-1' },
    });
    financeToken = login.json().data.token;
  });
  afterAll(async () => {
    await runner?.stop();
    await api?.close();
  });

  it('the setting: default 730, admin sets 30..3650, audited; finance refused', async () => {
    const get = await api.asAdmin({ method: 'GET', url: '/api/admin/privacy-settings' });
    expect(get.json()).toEqual({ success: true, data: { retentionDays: 730 } });
    for (const retentionDays of [29, 3651, 100.5, '60']) {
      const bad = await api.asAdmin({
        method: 'PUT',
        url: '/api/admin/privacy-settings',
        payload: { retentionDays },
      });
      expect(bad.statusCode, String(retentionDays)).toBe(400);
    }
    const finance = await api.app.inject({
      method: 'PUT',
      url: '/api/admin/privacy-settings',
      payload: { retentionDays: 60 },
      headers: { authorization: `Bearer ${financeToken}` },
    });
    expect(finance.statusCode).toBe(403);
    const put = await api.asAdmin({
      method: 'PUT',
      url: '/api/admin/privacy-settings',
      payload: { retentionDays: 30 },
    });
    expect(put.json()).toEqual({ success: true, data: { retentionDays: 30 } });
    expect(await readRetentionDays(api.db.sql, 730)).toBe(30);
    const audits = await api.db.sql<{ before: unknown; after: unknown }[]>`
      select before, after from audit_log where entity = 'system_setting' and entity_id = 'personal_data_retention_days'`;
    expect(audits).toEqual([{ before: { retentionDays: 730 }, after: { retentionDays: 30 } }]);
  });

  it('erases exactly the orders older than the period, once, with reason retention', async () => {
    // seen from 49 days ahead: an appointment 9 days from now is 40 days old, one 29 days from now 20
    const old = await book(9, 'Olderly');
    const recent = await book(29, 'Newerly');
    await inReadModel([old, recent]);
    const later = () => new Date(Date.now() + 49 * DAY);
    expect(await eraseDueRetention(api.db.sql, later, { retentionDays: 30 })).toEqual([old]);
    expect(await eraseDueRetention(api.db.sql, later, { retentionDays: 30 })).toEqual([]);
    expect(await erasures(old)).toBe(1);
    expect(await erasures(recent)).toBe(0);
    const [event] = await erasedEvents(old);
    expect(event!.data).toMatchObject({ reason: 'retention', by: 'system' });
  });

  it('two workers sweeping at once erase each order exactly once (many rounds)', async () => {
    for (let round = 0; round < 8; round++) {
      const ids = [await book(10 + round, `Race${round}a`), await book(10 + round, `Race${round}b`)];
      await inReadModel(ids);
      const later = () => new Date(Date.now() + (10 + round + 31) * DAY);
      const [a, b] = await Promise.all([
        eraseDueRetention(api.db.sql, later, { retentionDays: 30 }),
        eraseDueRetention(api.db.sql, later, { retentionDays: 30 }),
      ]);
      const erasedNow = [...a!, ...b!];
      for (const id of ids) {
        expect(erasedNow.filter((x) => x === id)).toHaveLength(1);
        expect(await erasures(id)).toBe(1);
      }
      // let the orders projection record them, so the next round's sweep does not pick them again
      const deadline = Date.now() + 15_000;
      while (
        (
          await api.db
            .sql`select 1 from orders where registration_id = any(${ids}::bigint[]) and personal_data_erased_at is null`
        ).length > 0
      ) {
        if (Date.now() > deadline) throw new Error('never erased in the read model');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
});
