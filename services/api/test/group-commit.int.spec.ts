import { type Runner, groupCommitOf, readStream, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

// Issue 27: the api writes the bookings that arrive together in one batch (group commit). A booking
// whose append conflicts inside a batch must not fail the others, and must get its own answer.
describe('group commit of bookings', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  const slotIds: number[] = [];
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    packageId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data.id;
    eventId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Batch Screening', slug: 'batch', location: 'Bedok', packageIds: [packageId] },
      })
    ).json().data.id;
    for (let day = 3; day < 9; day++) {
      slotIds.push(
        (
          await api.asAdmin({
            method: 'POST',
            url: `/api/admin/events/${eventId}/timeslots`,
            payload: { date: future(day), time: '10:00', maxAttendees: 500 },
          })
        ).json().data.id,
      );
    }
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('is on for the api pool', () => {
    expect(groupCommitOf(api.db.sql)).toBeDefined();
  });

  it('a booking that conflicts in its batch is refused with its own message while the others commit (run many times)', async () => {
    const stats = groupCommitOf(api.db.sql)!.stats;
    const before = { ...stats };
    let n = 0;
    for (let round = 0; round < 15; round++) {
      const discount = (
        await api.asAdmin({
          method: 'POST',
          url: '/api/admin/discounts',
          payload: {
            name: `Once ${round}`,
            discountType: 'promo',
            identifierPrefix: `ONCE${round}`,
            value: '10',
            limitRedemption: true,
            maxRedemptions: 1,
          },
        })
      ).json().data;
      const [code] = (
        await api.asAdmin({
          method: 'POST',
          url: `/api/admin/discounts/${discount.id}/generate-identifiers`,
          payload: { count: 1 },
        })
      )
        .json()
        .data.map((c: { identifier: string }) => c.identifier);
      // Six bookings at once on six slots (no slot queue between them): two claim the same
      // single-use code, so they price alike and their appends expect the same code version.
      const bodies = slotIds.map((timeslotId, i) => ({
        eventId,
        packageId,
        timeslotId,
        ...person(1000 + n++),
        ...(i < 2 ? { discountCode: code } : {}),
      }));
      const answers = await Promise.all(
        bodies.map((payload) => api.app.inject({ method: 'POST', url: '/api/registrations', payload })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.slice(2), api.errors.join('\n')).toEqual([201, 201, 201, 201]);
      expect([...statuses.slice(0, 2)].sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!.json();
      expect(refused).toEqual({
        success: false,
        message: 'This discount code has reached its redemption limit',
      });
      // The log agrees: the code was redeemed once, by the booking that got 201.
      const identifier = (
        await api.db.sql<{ id: number }[]>`
          select id from discount_identifiers where identifier = ${code}`
      )[0]!.id;
      const redeemed = (await readStream(api.db.sql, `discount-code-${identifier}`)).filter(
        (e) => e.type === 'CodeRedeemed',
      );
      expect(redeemed).toHaveLength(1);
      const winner = answers.findIndex((a, i) => i < 2 && a.statusCode === 201);
      expect((redeemed[0]!.data as { registrationId: string }).registrationId).toBe(
        String(answers[winner]!.json().data.id),
      );
    }
    // Bookings went in batches, and at least one batch carried an append that lost its race while
    // the rest of the batch committed.
    expect(stats.largestBatch).toBeGreaterThan(1);
    expect(stats.failedItems - before.failedItems).toBeGreaterThan(0);
    expect(stats.fallbacks).toBe(before.fallbacks);
  }, 120_000);
});
