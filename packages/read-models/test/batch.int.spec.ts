import { connect, type Sql } from '@hs/db';
import {
  allEventsBelowHorizon,
  append,
  applyNextBatch,
  ensureCheckpoint,
  type NewEvent,
  type Projection,
  rebuildProjection,
} from '@hs/eventstore';
import { type TestDatabase, testDatabase } from '@hs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ordersProjection,
  projections,
  reportsProjection,
  slotAvailabilityProjection,
  waitlistProjection,
} from '../src';

const TABLES = ['orders', 'slot_availability', 'waitlist_entries'] as const;
/** The Reports tab's tables (issue 25): compared too, some may be empty in a phase. */
const REPORT_TABLES = {
  report_registrations: 'registration_id',
  report_daily: 'event_id, day',
  report_attendance: 'event_id, day',
  report_waitlist: 'event_id, region, day',
} as const;
const ORDER_BY: Record<(typeof TABLES)[number], string> = {
  orders: 'registration_id',
  slot_availability: 'timeslot_id',
  waitlist_entries: 'id',
};

/** Waiting-list events (issue 22): joins, offers, a claim, an expiry, a leave, a removal, a join again. */
const joinedW = (id: string, eventId: number, joinedAt: string): NewEvent => ({
  type: 'WaitlistJoined',
  data: {
    entryId: id,
    eventId,
    packageId: 1,
    postalCode: '560123',
    region: 'central',
    firstName: `First ${id}`,
    lastName: 'Lim',
    email: `${id}@example.com`,
    mobileNumber: '91234567',
    seats: 2,
    preferredDates: id.endsWith('1') ? ['2026-12-01'] : [],
    tokenHash: `hash-${id}-${joinedAt}`,
    joinedAt,
  },
});
const offeredW = (timeslotId: number, at: string): NewEvent => ({
  type: 'WaitlistOfferMade',
  data: {
    timeslotId,
    date: '2026-12-01',
    time: '09:30',
    seats: 2,
    expiresAt: '2026-11-22T10:00:00.000Z',
    at,
  },
});

function pricing(totalCents: number, participantCount = 1) {
  return {
    participants: [],
    participantCount,
    volumeDiscountPercent: 0,
    baseTotalCents: totalCents,
    memberDiscountCents: participantCount * 10,
    volumeDiscountCents: 0,
    subtotalCents: totalCents,
    discountCents: totalCents % 7,
    taxableCents: totalCents,
    gstCents: 0,
    totalCents,
    partnerPaidCents: totalCents % 3,
    balanceDueCents: totalCents - (totalCents % 3),
  };
}

function participant(id: string, isPrimary: boolean) {
  return {
    participantId: id,
    isPrimary,
    firstName: `First ${id}`,
    lastName: `Last ${id}`,
    gender: 'F',
    identificationNumber: `S${id}`,
    dateOfBirth: '1980-01-02',
    email: `${id}@example.com`,
    mobileNumber: null,
    isAiaMember: isPrimary,
    aiaMemberId: null,
    packageId: 1,
    packageName: `Package of ${id}`,
    packagePriceCents: 12_800,
    aiaPriceCents: 9_800,
    memberVerified: isPrimary,
  };
}

function booked(id: number, eventId: number, timeslotId: number, people: string[]): NewEvent {
  return {
    type: 'RegistrationBooked',
    data: {
      registrationId: String(id),
      referenceNumber: `REF${id}`,
      eventId,
      eventName: `Event ${eventId}`,
      packageId: 1,
      timeslotId,
      status: id % 2 ? 'confirmed' : 'pending',
      contact: {
        firstName: `Contact ${id}`,
        lastName: 'Tan',
        email: `c${id}@example.com`,
        mobileNumber: '91234567',
        gender: 'M',
        identificationNumber: `S${id}A`,
        dateOfBirth: '1975-05-06',
        postalCode: '123456',
        unitNumber: id % 2 ? '#01-02' : null,
        address: `${id} Orchard Road`,
        region: id % 3 ? 'central' : null,
        medicalConditions: null,
      },
      participants: people.map((p, i) => participant(p, i === 0)),
      discount:
        id % 4 === 0
          ? {
              discountId: 1,
              discountIdentifierId: 7,
              code: 'SAVE',
              label: 'Save 10',
              rule: { kind: 'percent' },
            }
          : null,
      partner: id % 5 === 0 ? { bookingCode: `WC${id}`, paidCents: 100, isPaid: true } : null,
      pricing: pricing(12_800 * people.length, people.length),
      bookedAt: '2026-11-22T08:00:00.000Z',
    },
  };
}

/** A booking awaiting payment with a payment hold (issue 21). */
function held(
  id: number,
  eventId: number,
  timeslotId: number,
  people: string[],
  holdUntil: string,
): NewEvent {
  const event = booked(id, eventId, timeslotId, people);
  return { ...event, data: { ...(event.data as object), status: 'pending_payment', holdUntil } };
}

const refund = (refundId: string, amountCents: number, refundedCents: number, kind = 'refund'): NewEvent => ({
  type: 'RefundRecorded',
  data: {
    refundId,
    amountCents,
    kind,
    gatewayTransactionId: `g-${refundId}`,
    reason: `Reason ${refundId}`,
    refundedCents,
    at: `2026-11-23T${String(amountCents / 500).padStart(2, '0')}:00:00.000Z`,
  },
});

const at = '2026-11-22T08:00:00.000Z';
const seats = (n: number, after: number, type = 'SeatsReserved'): NewEvent => ({
  type,
  data: { registrationId: '1', seats: n, bookedAfter: after, at },
});

/**
 * The set-based batches (`applyBatch`) must leave exactly the rows the handlers leave one event at a
 * time. Two copies of the read models: the real tables, projected in one batch per phase by the
 * real projections, and copies in schema `one_by_one`, projected by the same projections without
 * `applyBatch`, one event per batch. The log holds a first phase (bookings), then one phase of
 * everything mixed: new bookings, participant changes, discounts, payments, status changes,
 * cancellations, emails, seat, block and capacity changes on old and new registrations and slots;
 * then two phases of the money after the booking (holds, expiry, revival, refunds, a void).
 */
describe('set-based projection batches', () => {
  let db: TestDatabase;
  let oneByOne: Sql;
  let eventId: number;
  let slotA: number;
  let slotB: number;
  const batched = projections as readonly Projection[];
  const single = projections.map((p) => ({ ...p, name: `${p.name}_one`, applyBatch: undefined }));

  const add = (streamId: string, events: NewEvent[]) =>
    append(db.sql, { streamId, expectedVersion: 'any', events }, { actor: 'admin:test' });
  const reg = (id: number) => `registration-${id}`;
  const slot = (id: number) => `timeslot-${id}`;

  async function project(): Promise<{ batched: number[]; single: number[] }> {
    // The horizon is cluster-wide: wait until no older transaction (of any database) holds back the log.
    while (!(await allEventsBelowHorizon(db.sql))) await new Promise((r) => setTimeout(r, 10));
    const inOne: number[] = [];
    for (const p of batched) inOne.push(await applyNextBatch(db.sql, p, null, 1_000));
    const oneAtATime: number[] = [];
    for (const p of single) {
      let n = 0;
      for (let read = 1; read > 0; n += read) read = await applyNextBatch(oneByOne, p, null, 1);
      oneAtATime.push(n);
    }
    return { batched: inOne, single: oneAtATime };
  }

  async function rows(sql: Sql, table: (typeof TABLES)[number], schema: string) {
    const all = await sql`select * from ${sql(schema)}.${sql(table)} order by ${sql.unsafe(ORDER_BY[table])}`;
    // slot_availability.updated_at is now() of the applying transaction, whichever way it is applied.
    if (table === 'slot_availability') for (const r of all) r.updated_at = r.updated_at ? 'set' : null;
    // waitlist_entries.line is drawn from a sequence: a rebuild draws new numbers in the same order, so
    // what must match is each entry's place in that order.
    if (table === 'waitlist_entries') {
      const order = all.map((r) => BigInt(r.line)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const r of all) r.line = order.indexOf(BigInt(r.line)) + 1;
    }
    return all;
  }

  async function expectSameRows(): Promise<void> {
    for (const table of TABLES) {
      const live = await rows(db.sql, table, 'public');
      expect(live.length).toBeGreaterThan(0);
      expect(await rows(db.sql, table, 'one_by_one')).toEqual(live);
    }
    for (const [table, order] of Object.entries(REPORT_TABLES)) {
      const read = (schema: string) =>
        db.sql`select * from ${db.sql(schema)}.${db.sql(table)} order by ${db.sql.unsafe(order)}`;
      expect(await read('one_by_one')).toEqual(await read('public'));
    }
  }

  beforeAll(async () => {
    db = await testDatabase();
    const [e] = await db.sql<{ id: number }[]>`
      insert into screening_events (name, slug, location) values ('Screening', 'screening', 'Toa Payoh') returning id`;
    eventId = e!.id;
    const slots = await db.sql<{ id: number }[]>`
      insert into timeslots (event_id, date, time, label)
      values (${eventId}, '2026-12-01', '09:30', 'morning'), (${eventId}, '2026-12-02', '14:00', 'afternoon')
      returning id`;
    slotA = slots[0]!.id;
    slotB = slots[1]!.id;
    await db.sql`create schema one_by_one`;
    for (const t of [...TABLES, ...Object.keys(REPORT_TABLES)])
      await db.sql`create table one_by_one.${db.sql(t)} (like public.${db.sql(t)} including all)`;
    for (const p of [...batched, ...single]) await ensureCheckpoint(db.sql, p.name);
    oneByOne = connect(db.url, { max: 1 });
    await oneByOne`set search_path to one_by_one, public`;
  });
  afterAll(async () => {
    await oneByOne?.end({ timeout: 1 });
    await db?.drop();
  });

  it('a batch of mixed events leaves the same rows as applying them one at a time, and a rebuild too', async () => {
    // Phase 1: bookings, seats, a blocked slot.
    await add(reg(1), [booked(1, eventId, slotA, ['p1a', 'p1b'])]);
    await add(reg(2), [booked(2, eventId, slotA, ['p2a'])]);
    await add(reg(3), [booked(3, eventId, slotB, ['p3a', 'p3b', 'p3c'])]);
    await add(slot(slotA), [seats(2, 2), seats(1, 3)]);
    await add(slot(slotB), [seats(3, 3), { type: 'SlotBlocked', data: { at } }]);
    await add('waitlist-w1', [joinedW('w1', eventId, at)]);
    await add('waitlist-w2', [joinedW('w2', eventId, at), offeredW(slotA, at)]);
    let counts = await project();
    expect(counts.batched.slice(0, 3)).toEqual([4, 3, 3]);
    expect(counts.single).toEqual(counts.batched);
    await expectSameRows();

    // Phase 2, one batch per projection: changes to existing orders and slots, new ones changed at once.
    await add(reg(1), [
      {
        type: 'ParticipantAdded',
        data: { participant: participant('p1c', false), pricing: pricing(30_000, 3), at },
      },
      {
        type: 'ParticipantUpdated',
        data: {
          participantId: 'p1b',
          changes: { firstName: 'Renamed', email: null },
          pricing: pricing(29_000, 3),
          at,
        },
      },
      { type: 'PrimaryParticipantChanged', data: { from: 'p1a', to: 'p1c', at } },
      { type: 'ParticipantRemoved', data: { participantId: 'p1a', pricing: pricing(20_000, 2), at } },
      {
        type: 'PaymentRecorded',
        data: { transactionId: 't1', amountCents: 5_000, method: 'card', balanceDueCents: 1, at },
      },
      {
        type: 'PaymentRecorded',
        data: { transactionId: 't2', amountCents: 7_000, method: 'cash', balanceDueCents: 0, at },
      },
      { type: 'StatusChanged', data: { from: 'confirmed', to: 'paid', source: 'payment', at } },
      { type: 'ConfirmationEmailSent', data: { to: 'c1@example.com', messageId: 'm1', at } },
    ]);
    await add(reg(4), [booked(4, eventId, slotB, ['p4a'])]);
    await add(slot(slotB), [seats(1, 4), { type: 'SlotUnblocked', data: { at } }]);
    await add(reg(2), [
      {
        type: 'DiscountApplied',
        data: {
          discount: {
            discountId: 2,
            discountIdentifierId: 9,
            code: 'LATE',
            label: 'Late 5',
            rule: { kind: 'fixed' },
          },
          amountCents: 500,
          pricing: pricing(12_300),
          at,
        },
      },
      { type: 'RegistrationCancelled', data: { from: 'pending', source: 'admin', at } },
      { type: 'CancellationEmailSent', data: { to: 'c2@example.com', messageId: null, at } },
    ]);
    await add(slot(slotA), [
      seats(1, 2, 'SeatsReleased'),
      { type: 'CapacityChanged', data: { from: 20, to: 30, at } },
      { type: 'SlotBlocked', data: { at } },
    ]);
    // A new order whose participant changes arrive in the same batch as its booking, on a slot without
    // a row yet, and an event whose screening event is gone (no location, date or time).
    await add(reg(5), [
      booked(5, eventId, slotB + 100, ['p5a']),
      {
        type: 'ParticipantAdded',
        data: { participant: participant('p5b', false), pricing: pricing(25_600, 2), at },
      },
      { type: 'ParticipantRemoved', data: { participantId: 'p5b', pricing: pricing(12_800, 1), at } },
      {
        type: 'ParticipantAdded',
        data: { participant: participant('p5b', false), pricing: pricing(25_601, 2), at },
      },
      {
        type: 'PaymentRecorded',
        data: { transactionId: 't5', amountCents: 100, method: 'card', balanceDueCents: 0, at },
      },
      { type: 'ReminderEmailSent', data: { to: 'c5@example.com', messageId: 'm5', at } },
    ]);
    await add(reg(6), [booked(6, eventId + 1_000, slotA, ['p6a'])]);
    await add(slot(slotB + 100), [{ type: 'CapacityChanged', data: { from: 20, to: 10, at } }]);
    await add(slot(slotB + 101), [{ type: 'SlotBlocked', data: { at } }, seats(2, 2)]);
    await add(reg(3), [
      { type: 'ParticipantRemoved', data: { participantId: 'p3c', pricing: pricing(25_600, 2), at } },
      { type: 'StatusChanged', data: { from: 'confirmed', to: 'paid', source: 'admin', at } },
    ]);
    // Waiting list: an offer and its claim on an old entry, a new entry offered and left in one batch.
    await add('waitlist-w2', [
      {
        type: 'WaitlistOfferClaimed',
        data: { registrationId: '4', referenceNumber: 'REF4', timeslotId: slotA, at },
      },
    ]);
    await add('waitlist-w3', [
      joinedW('w3', eventId, at),
      offeredW(slotB, at),
      { type: 'WaitlistLeft', data: { by: 'customer', at } },
    ]);
    counts = await project();
    expect(counts.batched.slice(0, 3)).toEqual([8, 19, 4]);
    expect(counts.single).toEqual(counts.batched);
    await expectSameRows();

    const [one] = await db.sql`select * from orders where registration_id = 1`;
    expect(one).toMatchObject({
      paid_cents: 12_000,
      transaction_id: 't2',
      payment_method: 'cash',
      status: 'paid',
    });
    expect(
      (one!.participants as { participantId: string; isPrimary: boolean }[]).map((p) => p.participantId),
    ).toEqual(['p1b', 'p1c']);
    const [six] =
      await db.sql`select location, timeslot_date, timeslot_time from orders where registration_id = 6`;
    expect(six).toEqual({ location: null, timeslot_date: null, timeslot_time: null });
    const [two] = await db.sql`select location, timeslot_time from orders where registration_id = 2`;
    expect(two).toEqual({ location: 'Toa Payoh', timeslot_time: '09:30' });

    // Phase 3, money after the booking: holds, expiry, revival, refunds, a late cancellation, a void,
    // the seats an expiry gives back; on new and existing orders, several to one order in a batch.
    const hold = '2026-11-22T08:30:00.000Z';
    await add(reg(7), [
      held(7, eventId, slotA, ['p7a', 'p7b'], hold),
      { type: 'RegistrationExpired', data: { holdUntil: hold, seats: 2, reason: 'hold-expired', at: hold } },
      { type: 'RegistrationRevived', data: { holdUntil: '2026-11-22T09:30:00.000Z', seats: 2, at } },
      {
        type: 'PaymentRecorded',
        data: { transactionId: 't7', amountCents: 25_600, method: 'card', balanceDueCents: 0, at },
      },
      { type: 'StatusChanged', data: { from: 'pending_payment', to: 'paid', source: 'payment', at } },
      refund('r7a', 1_000, 1_000, 'void'),
      refund('r7b', 2_000, 3_000),
    ]);
    await add(reg(8), [held(8, eventId, slotB, ['p8a'], hold)]);
    await add(slot(slotA), [seats(2, 3), seats(2, 1, 'SeatsReleased'), seats(2, 3)]);
    await add(reg(1), [
      refund('r1a', 500, 500),
      {
        type: 'RegistrationCancelled',
        data: { from: 'paid', source: 'public', at, needsRefundReview: true },
      },
    ]);
    await add(reg(9), [held(9, eventId, slotB, ['p9a'], hold)]);
    // An offer that lapsed, and the entry joining again in the same batch (a new token, no offer).
    await add('waitlist-w1', [
      offeredW(slotA, at),
      { type: 'WaitlistOfferExpired', data: { timeslotId: slotA, seats: 2, at: hold } },
      joinedW('w1', eventId, '2026-11-22T09:00:00.000Z'),
    ]);
    counts = await project();
    expect(counts.batched.slice(0, 3)).toEqual([3, 11, 3]);
    expect(counts.single).toEqual(counts.batched);
    await expectSameRows();

    // Phase 4: a refund appended to a list from an earlier batch, an expiry with its seats, a void.
    await add(reg(7), [refund('r7c', 4_000, 7_000)]);
    await add(reg(8), [
      { type: 'RegistrationExpired', data: { holdUntil: hold, seats: 1, reason: 'hold-expired', at: hold } },
      {
        type: 'PaymentVoided',
        data: { transactionId: 't8', amountCents: 12_800, reason: 'expired', at },
      },
    ]);
    await add(slot(slotB), [
      {
        type: 'SeatsReleased',
        data: { registrationId: '8', seats: 1, bookedAfter: 3, reason: 'expired', at },
      },
    ]);
    await add('waitlist-w3', [
      joinedW('w3', eventId, hold),
      { type: 'WaitlistLeft', data: { by: 'staff', at } },
    ]);
    counts = await project();
    expect(counts.batched.slice(0, 3)).toEqual([1, 2, 2]);
    expect(counts.single).toEqual(counts.batched);
    await expectSameRows();

    const money = await db.sql`
      select registration_id, status, hold_until, refunded_cents, last_refund_at, refunds, refund_review, expired_at
      from orders where registration_id in (1, 7, 8, 9) order by registration_id`;
    expect(money).toEqual([
      {
        registration_id: 1,
        status: 'cancelled',
        hold_until: null,
        refunded_cents: 500,
        last_refund_at: new Date('2026-11-23T01:00:00.000Z'),
        refunds: [
          {
            id: 'r1a',
            amountCents: 500,
            kind: 'refund',
            gatewayTransactionId: 'g-r1a',
            reason: 'Reason r1a',
            at: '2026-11-23T01:00:00.000Z',
          },
        ],
        refund_review: true,
        expired_at: null,
      },
      expect.objectContaining({
        registration_id: 7,
        status: 'paid',
        hold_until: null,
        refunded_cents: 7_000,
        last_refund_at: new Date('2026-11-23T08:00:00.000Z'),
        refund_review: false,
        expired_at: null,
      }),
      {
        registration_id: 8,
        status: 'expired',
        hold_until: null,
        refunded_cents: 0,
        last_refund_at: null,
        refunds: [],
        refund_review: false,
        expired_at: new Date(hold),
      },
      expect.objectContaining({ registration_id: 9, status: 'pending_payment', hold_until: new Date(hold) }),
    ]);
    expect((money[1]!.refunds as { id: string; kind: string }[]).map((r) => [r.id, r.kind])).toEqual([
      ['r7a', 'void'],
      ['r7b', 'refund'],
      ['r7c', 'refund'],
    ]);

    // Rebuilding (which applies its replay through applyBatch too) gives the live rows again.
    const waitlist =
      await db.sql`select id, status, offer_timeslot_id, registration_id, token_hash from waitlist_entries order by id`;
    expect(waitlist).toEqual([
      {
        id: 'w1',
        status: 'waiting',
        offer_timeslot_id: null,
        registration_id: null,
        token_hash: 'hash-w1-2026-11-22T09:00:00.000Z',
      },
      {
        id: 'w2',
        status: 'booked',
        offer_timeslot_id: slotA,
        registration_id: 4,
        token_hash: `hash-w2-${at}`,
      },
      {
        id: 'w3',
        status: 'removed',
        offer_timeslot_id: null,
        registration_id: null,
        token_hash: `hash-w3-${hold}`,
      },
    ]);

    for (const p of [ordersProjection, slotAvailabilityProjection, waitlistProjection, reportsProjection]) {
      await rebuildProjection(db.sql, p);
    }
    await expectSameRows();
  });
});
