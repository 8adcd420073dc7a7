/**
 * Issue 22: the waiting list's routes never answer bad input with a 5xx: the booking form's
 * messages for its fields, seats outside 1..10 or not a number, preferred dates malformed or gone
 * by, unknown events and packages, huge strings, and tokens and ids of every shape.
 */
import { MAX_PARTICIPANTS_MESSAGE } from '@hs/domain';
import { type Runner, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

describe('waiting list: bad input', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let n = 0;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const body = (extra: object = {}) => {
    n += 1;
    return {
      eventId,
      packageId,
      postalCode: '560123',
      firstName: 'Mei',
      lastName: 'Ling',
      email: `input${n}@example.com`,
      mobileNumber: '91234567',
      seats: 1,
      ...extra,
    };
  };
  const join = (payload: object) => api.app.inject({ method: 'POST', url: '/api/waitlist', payload });

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic Health', price: '100' },
      })
    ).json().data.id;
    eventId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Input Screening', slug: 'input-screening', packageIds: [packageId] },
      })
    ).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('seats outside 1..10 or not a whole number: 400 with the booking form participant message', async () => {
    for (const seats of [0, 11, 'x', 1.5, null, {}, -1, '99999999999999999999']) {
      const res = await join(body({ seats }));
      expect(res.statusCode, `${JSON.stringify(seats)}: ${res.body}`).toBe(400);
      expect(res.json().message, JSON.stringify(seats)).toMatch(/participants|seats|Invalid/);
    }
    const missing = await join({ ...body(), seats: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: MAX_PARTICIPANTS_MESSAGE });
    expect((await join(body({ seats: '10' }))).statusCode).toBe(201);
  });

  it('preferred dates: malformed 400, gone by 400, today and later 201', async () => {
    for (const preferredDates of [
      '2030-01-01',
      ['2030-13-45'],
      [5],
      Array.from({ length: 40 }, (_, i) => day(i + 1)),
    ]) {
      const res = await join(body({ preferredDates }));
      expect(res.statusCode, res.body).toBe(400);
    }
    const past = await join(body({ preferredDates: [day(3), '2020-01-01'] }));
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ success: false, message: 'Preferred dates cannot be in the past' });
    const yesterday = await join(body({ preferredDates: [day(-1)] }));
    expect(yesterday.statusCode, yesterday.body).toBe(400);
    const ok = await join(body({ preferredDates: [day(3), day(1), day(3)] }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('joins at the same moment each get their own place in line (the answer waits for the read model)', async () => {
    const other = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Busy Screening', slug: 'busy-screening', packageIds: [packageId] },
      })
    ).json().data.id as number;
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(body({ eventId: other }))));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const positions = answers.map((res) => res.json().data.position as number);
    expect(positions.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('unknown event or package, wrong types and huge strings: 4xx, never 5xx', async () => {
    const cases: object[] = [
      body({ eventId: 999_999 }),
      body({ eventId: 'x' }),
      body({ eventId: '99999999999999999999' }),
      body({ eventId: -1 }),
      body({ packageId: 999_999 }),
      body({ packageId: 'x' }),
      body({ email: 'nope' }),
      body({ email: `${'a'.repeat(100_000)}@example.com` }),
      body({ firstName: 'a'.repeat(100_000) }),
      body({ firstName: 5 }),
      body({ postalCode: '12' }),
      body({ postalCode: '000000' }),
      body({ mobileNumber: 'abc' }),
      {},
    ];
    for (const payload of cases) {
      const res = await join(payload);
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    expect((await join(body({ eventId: 999_999 }))).statusCode).toBe(404);
    expect((await join(body({ packageId: 999_999 }))).statusCode).toBe(400);
  });

  it('tokens and ids of every shape: 404, 400 or 414, never 5xx', async () => {
    const tokens = [
      'x',
      'a'.repeat(101),
      'a'.repeat(5000),
      '%00',
      '..%2F..',
      '%20',
      "'%20OR%201=1",
      '%F0%9F%98%80',
    ];
    for (const token of tokens) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await api.app.inject({ method, url: `/api/waitlist/${token}` });
        expect([400, 404, 414], `${method} ${token.slice(0, 12)}: ${res.body}`).toContain(res.statusCode);
      }
    }
    for (const id of ['x', 'a'.repeat(65), '1', '%00']) {
      const res = await api.asAdmin({ method: 'DELETE', url: `/api/admin/waitlist/${id}` });
      expect([400, 404], `${id.slice(0, 12)}: ${res.body}`).toContain(res.statusCode);
    }
    for (const id of ['x', '0', '999999', '99999999999999999999', '1.5']) {
      const res = await api.asAdmin({ method: 'GET', url: `/api/admin/events/${id}/waitlist` });
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await api.app.inject(`/api/admin/events/${eventId}/waitlist`)).statusCode).toBe(401);
    for (const waitlistToken of [5, {}, 'x'.repeat(300), '']) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/registrations',
        payload: { eventId, packageId, timeslotId: 1, waitlistToken },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    }
    expect(api.errors.join('\n')).toBe('');
  });
});
