import type { RecordedEvent } from '@hs/eventstore';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singaporeDay } from '@hs/domain';
import { readInsights, reportsProjection } from '../src';

function pricing(totalCents: number, participantCount: number, discountCents = 0) {
  return {
    participants: [],
    participantCount,
    volumeDiscountPercent: 0,
    baseTotalCents: totalCents + 500 + discountCents,
    memberDiscountCents: 500,
    volumeDiscountCents: 0,
    subtotalCents: totalCents + discountCents,
    discountCents,
    taxableCents: totalCents,
    gstCents: 0,
    totalCents,
    partnerPaidCents: 0,
    balanceDueCents: totalCents,
  };
}

let position = 0n;
const at = (iso: string, id: number, type: string, data: object): RecordedEvent =>
  ({
    streamId: `registration-${id}`,
    type,
    data,
    recordedAt: iso,
    globalPosition: ++position,
    version: 0,
  }) as unknown as RecordedEvent;

/** Issue 25: each figure lands on the Singapore day of the event that caused it. */
describe('the reports projection', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('counts the Singapore day: 23:30 UTC is the next day in Singapore', () => {
    expect(singaporeDay('2026-11-01T15:59:59.999Z')).toBe('2026-11-01');
    expect(singaporeDay('2026-11-01T16:00:00.000Z')).toBe('2026-11-02');
  });

  it('puts bookings, cancellations, expiries, payments, refunds and attendance on their own days', async () => {
    const booked = (id: number, iso: string, people: number, total: number) =>
      at(iso, id, 'RegistrationBooked', {
        eventId: 7,
        participants: Array.from({ length: people }, (_, i) => ({ participantId: `p${id}-${i}` })),
        contact: { region: 'east' },
        pricing: pricing(total, people),
      });
    const events = [
      booked(1, '2026-11-01T02:00:00.000Z', 2, 20_000),
      booked(2, '2026-11-01T03:00:00.000Z', 1, 10_000),
      booked(3, '2026-11-01T17:00:00.000Z', 1, 10_000), // 2 November in Singapore
      at('2026-11-02T02:00:00.000Z', 1, 'PaymentRecorded', { amountCents: 20_000 }),
      // a participant added and paid later: only the difference counts, on that later day
      at('2026-11-03T02:00:00.000Z', 1, 'ParticipantAdded', { pricing: pricing(28_000, 3, 2_000) }),
      at('2026-11-04T02:00:00.000Z', 1, 'PaymentRecorded', { amountCents: 8_000 }),
      at('2026-11-05T02:00:00.000Z', 1, 'RefundRecorded', { amountCents: 3_000 }),
      at('2026-11-05T02:00:00.000Z', 2, 'RegistrationCancelled', {}),
      at('2026-11-06T02:00:00.000Z', 3, 'RegistrationExpired', {}),
      at('2026-11-07T02:00:00.000Z', 1, 'ParticipantsCheckedIn', { participantIds: ['a', 'b'] }),
      at('2026-11-08T02:00:00.000Z', 1, 'MarkedNoShow', {
        participantIds: ['c'],
        appointmentDate: '2026-11-07',
      }),
      {
        ...at('2026-11-02T02:00:00.000Z', 0, 'WaitlistJoined', {
          eventId: 7,
          region: 'east',
          seats: 3,
          joinedAt: '2026-11-02T02:00:00.000Z',
        }),
        streamId: 'waitlist-w1',
      } as RecordedEvent,
    ];
    // in two batches, the second touching registrations the first wrote
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, events.slice(0, 4)));
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, events.slice(4)));

    const daily = await db.sql`
      select to_char(day, 'YYYY-MM-DD') as day, booked_orders, booked_participants, cancelled_orders,
             cancelled_participants, expired_orders, expired_participants, gross_cents::int, discount_cents::int,
             refund_cents::int
      from report_daily where event_id = 7 order by day`;
    const row = (day: string, r: Partial<Record<string, number>>) => ({
      day,
      booked_orders: 0,
      booked_participants: 0,
      cancelled_orders: 0,
      cancelled_participants: 0,
      expired_orders: 0,
      expired_participants: 0,
      gross_cents: 0,
      discount_cents: 0,
      refund_cents: 0,
      ...r,
    });
    expect(daily).toEqual([
      row('2026-11-01', { booked_orders: 2, booked_participants: 3 }),
      row('2026-11-02', {
        booked_orders: 1,
        booked_participants: 1,
        gross_cents: 20_500,
        discount_cents: 500,
      }),
      row('2026-11-04', { gross_cents: 30_500 - 20_500, discount_cents: 2_500 - 500 }),
      row('2026-11-05', { cancelled_orders: 1, cancelled_participants: 1, refund_cents: 3_000 }),
      row('2026-11-06', { expired_orders: 1, expired_participants: 1 }),
    ]);

    const insights = await readInsights(db.sql, { eventId: 7, from: '2026-11-01', to: '2026-11-07' });
    expect(insights.bookings[0]).toEqual({ date: '2026-11-01', booked: 2, cancelled: 0, expired: 0 });
    expect(insights.bookings).toHaveLength(7);
    // 2 to 8 November is one ISO week (from Monday 2 November); 1 November, a Sunday, ends the week before
    expect(insights.revenue).toEqual([
      { weekStart: '2026-10-26', gross: '0.00', discounts: '0.00', refunds: '0.00', net: '0.00' },
      { weekStart: '2026-11-02', gross: '305.00', discounts: '25.00', refunds: '30.00', net: '250.00' },
    ]);
    expect(insights.noShows).toEqual([
      { eventId: 7, eventName: 'Event 7', checkedIn: 2, noShow: 1, rate: 0.3333 },
    ]);
    expect(insights.waitlist).toEqual([{ region: 'east', joined: 1, seats: 3 }]);
    const other = await readInsights(db.sql, { eventId: 8, from: '2026-11-01', to: '2026-11-07' });
    expect(other.revenue).toEqual([]);
    expect(other.bookings.every((b) => b.booked === 0)).toBe(true);
  });

  it('counts a refund made owed again and paid back as revenue again, once (issue 45)', async () => {
    const events = [
      at('2026-12-10T02:00:00.000Z', 801, 'RegistrationBooked', {
        eventId: 80,
        participants: [{ participantId: 'p801' }],
        contact: { region: 'east' },
        pricing: pricing(10_000, 1),
      }),
      at('2026-12-11T02:00:00.000Z', 801, 'PaymentRecorded', { amountCents: 10_000 }),
      at('2026-12-12T02:00:00.000Z', 801, 'RefundRecorded', { amountCents: 10_000 }),
      at('2026-12-13T02:00:00.000Z', 801, 'StatusChanged', {
        from: 'paid',
        to: 'confirmed',
        reinstatedCents: 10_000,
      }),
    ];
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, events));
    // paid back in two parts, in another batch (the facts read back); a third payment is no refund paid back
    await db.sql.begin((tx) =>
      reportsProjection.applyBatch!(tx, [
        at('2026-12-14T02:00:00.000Z', 801, 'PaymentRecorded', { amountCents: 4_000 }),
        at('2026-12-15T02:00:00.000Z', 801, 'PaymentRecorded', { amountCents: 6_000 }),
        at('2026-12-16T02:00:00.000Z', 801, 'PaymentRecorded', { amountCents: 1_000 }),
      ]),
    );
    const rows = await db.sql<{ day: string; gross: number; refund: number }[]>`
      select to_char(day, 'YYYY-MM-DD') as day, gross_cents::int as gross, refund_cents::int as refund
      from report_daily where event_id = 80 and (gross_cents > 0 or refund_cents > 0) order by day`;
    expect(rows).toEqual([
      { day: '2026-12-11', gross: 10_500, refund: 0 },
      { day: '2026-12-12', gross: 0, refund: 10_000 },
      { day: '2026-12-14', gross: 4_000, refund: 0 },
      { day: '2026-12-15', gross: 6_000, refund: 0 },
    ]);
  });

  it('keeps amounts past 2^31 cents (money is bigint): a second batch reads the order back without overflow', async () => {
    const big = 3_000_000_000; // $30,000,000.00, over the int4 range
    const booked = at('2026-12-01T02:00:00.000Z', 901, 'RegistrationBooked', {
      eventId: 70,
      participants: [{ participantId: 'p901' }],
      contact: { region: 'east' },
      pricing: pricing(big, 1),
    });
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, [booked]));
    // the payment's batch reads the order's facts (gross, discount) back from report_registrations
    const paid = at('2026-12-02T02:00:00.000Z', 901, 'PaymentRecorded', { amountCents: big });
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, [paid]));
    const [row] = await db.sql<{ gross: string }[]>`
      select gross_cents::text as gross from report_daily where event_id = 70 and day = '2026-12-02'`;
    expect(row?.gross).toBe(String(big + 500));
  });

  it('dates a fact by its own business time (bookedAt, at), not when it was recorded: a back-dated month', async () => {
    const events = [
      at('2026-12-20T02:00:00.000Z', 31, 'RegistrationBooked', {
        eventId: 9,
        participants: [{ participantId: 'p31' }],
        contact: { region: 'west' },
        pricing: pricing(10_000, 1),
        bookedAt: '2026-11-20T02:00:00.000Z',
      }),
      at('2026-12-20T02:00:01.000Z', 31, 'PaymentRecorded', {
        amountCents: 10_000,
        at: '2026-11-21T02:00:00.000Z',
      }),
      at('2026-12-20T02:00:02.000Z', 31, 'RefundRecorded', {
        amountCents: 1_000,
        at: '2026-11-23T02:00:00.000Z',
      }),
      // no usable time of its own: when it was recorded
      at('2026-12-20T02:00:03.000Z', 31, 'RegistrationCancelled', { at: 'not a time' }),
    ];
    await db.sql.begin((tx) => reportsProjection.applyBatch!(tx, events));
    const daily = await db.sql`
      select to_char(day, 'YYYY-MM-DD') as day, booked_orders, cancelled_orders, gross_cents::int, refund_cents::int
      from report_daily where event_id = 9 order by day`;
    expect(daily).toEqual([
      { day: '2026-11-20', booked_orders: 1, cancelled_orders: 0, gross_cents: 0, refund_cents: 0 },
      { day: '2026-11-21', booked_orders: 0, cancelled_orders: 0, gross_cents: 10_500, refund_cents: 0 },
      { day: '2026-11-23', booked_orders: 0, cancelled_orders: 0, gross_cents: 0, refund_cents: 1_000 },
      { day: '2026-12-20', booked_orders: 0, cancelled_orders: 1, gross_cents: 0, refund_cents: 0 },
    ]);
  });
});
