/**
 * Payment holds (issue 21) through the api: a booking awaiting payment holds its seats and code until
 * its hold runs out; the sweep (expireDueHolds, what the worker runs) expires it and releases both in
 * the same append; a payment afterwards takes the seats again or is refused without a charge; a
 * charge that meets an expiry or a cancellation is voided. The three-way race of payment, expiry and
 * cancellation leaves the money, the seats and the codes as the log says.
 */
import { expireDueHolds } from '@hs/commands';
import {
  REGISTRATION_MESSAGES,
  discountCodeDecider,
  discountCodeStream,
  holdsRedemption,
  registrationDecider,
  registrationStream,
  seatsHeld,
  timeslotDeciderFor,
  timeslotStream,
} from '@hs/domain';
import { type Runner, aggregateStream, findEvents, startProjectionRunner } from '@hs/eventstore';
import { type PaymentGateway, createTestPaymentGateway } from '@hs/gateways';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRANDED_CHARGE_MESSAGES } from '../src/booking/stranded-charge';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOLD_SECONDS = 1;
const sweeper = { actor: 'worker:hold-sweeper' };

describe('payment holds: expiry, revival and the race with payments and cancellations', () => {
  let api: TestApi;
  let runner: Runner;
  const gateway = createTestPaymentGateway();
  /** Runs after the gateway accepted a sale and before the api hears of it (the race window). */
  let afterSale: (() => Promise<void>) | null = null;
  let saleDelayMs = () => 0;
  const racingGateway: PaymentGateway = {
    mode: gateway.mode,
    clientToken: () => gateway.clientToken(),
    sale: async (req) => {
      const result = await gateway.sale(req);
      await sleep(saleDelayMs());
      await afterSale?.();
      return result;
    },
    findTransaction: (id) => gateway.findTransaction(id),
    refund: (req) => gateway.refund(req),
    void: (id) => gateway.void(id),
  };
  let eventId: number;
  let packageId: number;
  const slots: Record<'pair' | 'one' | 'wide' | 'race', number> = { pair: 0, one: 0, wide: 0, race: 0 };
  const codes: Record<'single' | 'open', string> = { single: '', open: '' };

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const kid = (i: number) => ({
    firstName: `Kid${i}`,
    lastName: 'Tan',
    gender: 'Female',
    identificationNumber: `T0${i}12345Z`,
    dateOfBirth: '2012-03-04',
    packageId,
  });
  const book = (slot: keyof typeof slots, i: number, extra: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slots[slot], ...person(i), ...extra },
    });
  const booked = async (slot: keyof typeof slots, i: number, extra: object = {}) => {
    const res = await book(slot, i, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; referenceNumber: string; status: string; balanceDue: string };
  };
  const pay = (order: { id: number; balanceDue: string }, nonce = 'fake-valid-nonce') =>
    api.app.inject({
      method: 'POST',
      url: '/api/payments/process',
      payload: { registrationId: order.id, nonce, amount: order.balanceDue },
    });
  const cancel = (id: number) => api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });
  const stateOf = async (id: number) =>
    (await aggregateStream(api.db.sql, registrationStream(id).id, registrationDecider)).state;
  const slotOf = async (timeslotId: number) =>
    (await aggregateStream(api.db.sql, timeslotStream(timeslotId).id, timeslotDeciderFor())).state;
  const codeOf = async (identifierId: number) =>
    (await aggregateStream(api.db.sql, discountCodeStream(identifierId).id, discountCodeDecider)).state;
  const lookup = async (reference: string) =>
    (await api.app.inject(`/api/registrations/lookup/${reference}`)).json().data as
      | { status: string; holdUntil: string | null }
      | undefined;
  /** Sweeps (as the worker does) until the order's stream says expired; the read model may lag. */
  const expireWhenDue = async (id: number) => {
    await expect
      .poll(
        async () => {
          await expireDueHolds(api.db.sql, () => new Date(), sweeper);
          return (await stateOf(id)).status;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe('expired');
  };

  beforeAll(async () => {
    api = await startTestApi(
      {
        rateLimits: { ...testApiConfig().rateLimits, enabled: false },
        paymentHoldSeconds: HOLD_SECONDS,
      },
      { world: { payments: { test: racingGateway, live: createTestPaymentGateway() } } },
    );
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
    eventId = (
      await admin('POST', '/api/admin/events', {
        name: 'Hold Screening',
        slug: 'hold-screening',
        packageIds: [packageId],
      })
    ).json().data.id;
    for (const [name, cap, day] of [
      ['pair', 2, 5],
      ['one', 1, 6],
      ['wide', 500, 7],
      ['race', 500, 8],
    ] as const) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      slots[name] = (
        await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
          date,
          time: '09:00',
          maxAttendees: cap,
        })
      ).json().data.id;
    }
    for (const [name, body] of [
      [
        'single',
        {
          name: 'Single use',
          discountType: 'promo',
          identifierPrefix: 'ONCE',
          value: '10',
          limitRedemption: true,
          maxRedemptions: 1,
        },
      ],
      ['open', { name: 'Ten percent', discountType: 'promo', identifierPrefix: 'OPEN', value: '10' }],
    ] as const) {
      const d = (await admin('POST', '/api/admin/discounts', body)).json().data;
      codes[name] = (
        await admin('POST', `/api/admin/discounts/${d.id}/generate-identifiers`, { count: 1 })
      ).json().data[0].identifier;
    }
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('expires a short hold: seats and code released in one append, status expired, a new booking takes them', async () => {
    const order = await booked('pair', 1, { participants: [kid(1)], discountCode: codes.single });
    expect(order.status).toBe('pending_payment');
    const state = await stateOf(order.id);
    const bookedAt = (
      await findEvents<{ bookedAt: string }>(api.db.sql, {
        streamId: registrationStream(order.id).id,
        type: 'RegistrationBooked',
      })
    )[0]!.data.bookedAt;
    expect(Date.parse(state.holdUntil!) - Date.parse(bookedAt)).toBe(HOLD_SECONDS * 1000);
    await expect.poll(async () => (await lookup(order.referenceNumber))?.holdUntil ?? null).not.toBeNull();
    // Held: the slot is full and the single-use code is taken.
    expect((await book('pair', 2)).statusCode).toBe(409);
    expect((await book('wide', 3, { discountCode: codes.single })).statusCode).toBe(409);

    await expireWhenDue(order.id);
    const identifierId = state.discount!.discountIdentifierId;
    expect((await slotOf(slots.pair)).reservations[String(order.id)] ?? 0).toBe(0);
    expect((await codeOf(identifierId)).redeemedBy[String(order.id)]).toBeUndefined();
    const expired = await findEvents<{ seats: number }>(api.db.sql, { type: 'RegistrationExpired' });
    const mine = expired.filter((e) => e.streamId === registrationStream(order.id).id);
    expect(mine).toHaveLength(1);
    // The expiry, the seats and the code went in one append (one transaction).
    const together = (await findEvents<{ reason?: string; registrationId?: string }>(api.db.sql, {})).filter(
      (e) => e.transactionId === mine[0]!.transactionId,
    );
    // The code has a limit of its own and none on the whole discount: one redemption to give back.
    expect(together.map((e) => e.type).sort()).toEqual([
      'CodeRedemptionReleased',
      'RegistrationExpired',
      'SeatsReleased',
    ]);
    expect(together.find((e) => e.type === 'SeatsReleased')!.data.reason).toBe('expired');
    await expect.poll(async () => (await lookup(order.referenceNumber))?.status).toBe('expired');
    expect((await lookup(order.referenceNumber))?.holdUntil).toBeNull();

    // The seats and the code are free again.
    const next = await booked('pair', 4, { participants: [kid(2)], discountCode: codes.single });
    expect(next.status).toBe('pending_payment');
  });

  it('a payment after expiry takes the seats and code again and charges, when the seats are free', async () => {
    const order = await booked('wide', 10, { discountCode: codes.open });
    await expireWhenDue(order.id);
    const charges = gateway.charges.length;
    const res = await pay(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, amount: order.balanceDue });
    expect(gateway.charges).toHaveLength(charges + 1);
    const state = await stateOf(order.id);
    expect(state.status).toBe('paid');
    expect((await slotOf(slots.wide)).reservations[String(order.id)]).toBe(1);
    expect((await codeOf(state.discount!.discountIdentifierId)).redeemedBy[String(order.id)]).toBe(true);
    const revived = await findEvents(api.db.sql, {
      streamId: registrationStream(order.id).id,
      type: 'RegistrationRevived',
    });
    expect(revived).toHaveLength(1);
    await expect.poll(async () => (await lookup(order.referenceNumber))?.status).toBe('paid');
  });

  it('a payment after expiry is refused (409) and charges nothing when the slot filled meanwhile', async () => {
    const order = await booked('one', 20);
    await expireWhenDue(order.id);
    await booked('one', 21);
    const sales = gateway.sales.length;
    const res = await pay(order);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: REGISTRATION_MESSAGES.expiredSlotGone });
    expect(REGISTRATION_MESSAGES.expiredSlotGone).toBe(
      'This reservation has expired and its slot is no longer available.',
    );
    expect(gateway.sales).toHaveLength(sales);
    expect((await stateOf(order.id)).status).toBe('expired');
  });

  it('a charge accepted as the order expires, or is cancelled, is voided at once and recorded', async () => {
    for (const [i, closeIt, reason] of [
      [30, (id: number) => expireWhenDue(id), 'EXPIRED'],
      [31, async (id: number) => void (await cancel(id)), 'CANCELLED'],
    ] as const) {
      const order = await booked('wide', i);
      afterSale = async () => {
        afterSale = null;
        await closeIt(order.id);
      };
      const res = await pay(order);
      afterSale = null;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ success: false, message: STRANDED_CHARGE_MESSAGES[reason] });
      const charge = gateway.charges.find((c) => c.request.orderId === order.referenceNumber)!;
      expect(gateway.refunds.filter((r) => r.transactionId === charge.transactionId)).toEqual([
        expect.objectContaining({ kind: 'void', amountCents: charge.request.amountCents }),
      ]);
      const state = await stateOf(order.id);
      expect(state.paidCents).toBe(0);
      expect(state.voidedCharges.map((v) => v.transactionId)).toEqual([charge.transactionId]);
      expect(seatsHeld(state)).toBe(0);
      // The same request again answers the same, and charges nothing more.
      const again = await pay(order);
      expect(again.json()).toEqual(res.json());
      expect(gateway.charges.filter((c) => c.request.orderId === order.referenceNumber)).toHaveLength(1);
    }
  });

  it('payment, expiry and cancellation arriving together, 30 times: never charged without seats, never refunded twice, seats and codes as the log says', async () => {
    saleDelayMs = () => Math.floor(Math.random() * 30);
    const jitter = () => sleep(Math.floor(Math.random() * 25));
    const orders: { id: number; referenceNumber: string; balanceDue: string }[] = [];
    // Ten orders at a time, as many as the api's pool (10) has connections: payments queue for them.
    for (let group = 0; group < 3; group++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          booked('race', 100 + group * 10 + i, { discountCode: codes.open }),
        ),
      );
      orders.push(...batch);
      // The holds run out together; then each order's payment, expiry and cancellation race.
      await sleep(HOLD_SECONDS * 1000 + 50);
      await Promise.all(
        batch.flatMap((order) => [
          jitter().then(() => pay(order)),
          jitter().then(() => expireDueHolds(api.db.sql, () => new Date(), sweeper)),
          jitter().then(() => cancel(order.id)),
        ]),
      );
    }
    saleDelayMs = () => 0;

    const slot = await slotOf(slots.race);
    let held = 0;
    const outcomes: Record<string, number> = {};
    for (const order of orders) {
      const state = await stateOf(order.id);
      const key = `${state.status}${state.paidCents > 0 ? '+paid' : ''}${state.voidedCharges.length ? '+voided' : ''}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      const charges = gateway.charges.filter((c) => c.request.orderId === order.referenceNumber);
      expect(charges.length).toBeLessThanOrEqual(1);
      for (const charge of charges) {
        const recorded = state.transactionIds.includes(charge.transactionId);
        const voided = state.voidedCharges.some((v) => v.transactionId === charge.transactionId);
        expect(recorded !== voided, `${order.id}: a charge is either recorded or voided`).toBe(true);
        const givenBack = gateway.refunds.filter((r) => r.transactionId === charge.transactionId);
        expect(givenBack.length, `${order.id}: never refunded twice`).toBeLessThanOrEqual(1);
        if (voided) expect(givenBack).toHaveLength(1);
        if (recorded && state.status === 'paid') expect(givenBack).toHaveLength(0);
      }
      expect(state.refunds.length).toBeLessThanOrEqual(1);
      // Money kept means seats held: a charge on an expired or cancelled order was given back.
      const kept = state.paidCents - state.refundedCents;
      const story = async () =>
        (await findEvents(api.db.sql, { streamId: registrationStream(order.id).id }))
          .map((e) => e.type)
          .join(' ');
      if (kept > 0)
        expect(seatsHeld(state), `${order.id} keeps a payment: ${await story()}`).toBeGreaterThan(0);
      if (state.status === 'expired' || state.status === 'cancelled') expect(kept, String(order.id)).toBe(0);
      // The slot's and the code's streams agree with the order's.
      expect(slot.reservations[String(order.id)] ?? 0).toBe(seatsHeld(state));
      const code = await codeOf(state.discount!.discountIdentifierId);
      expect(code.redeemedBy[String(order.id)] === true).toBe(holdsRedemption(state));
      held += seatsHeld(state);
    }
    expect(slot.booked).toBe(held);
    // And the read models catch up to the same.
    await expect
      .poll(
        async () =>
          (
            await api.db.sql<{ n: number }[]>`
              select current_attendees as n from slot_availability where timeslot_id = ${slots.race}`
          )[0]?.n,
        { timeout: 15_000 },
      )
      .toBe(held);
    for (const order of orders) {
      const { status } = await stateOf(order.id);
      await expect.poll(async () => (await lookup(order.referenceNumber))?.status).toBe(status);
    }
    // Several outcomes happened (paid, expired, cancelled): the race was a race.
    expect(Object.keys(outcomes).length, JSON.stringify(outcomes)).toBeGreaterThan(1);
  }, 120_000);

  it('the Payments tab reads and sets the hold in minutes (1..1440); the stored value wins for new bookings', async () => {
    expect((await admin('GET', '/api/admin/payments/hold')).json()).toEqual({
      success: true,
      data: { holdMinutes: HOLD_SECONDS / 60 },
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/admin/payments/hold' })).statusCode).toBe(401);
    for (const holdMinutes of [0, 1441, 2.5]) {
      expect((await admin('PUT', '/api/admin/payments/hold', { holdMinutes })).statusCode).toBe(400);
    }
    const put = await admin('PUT', '/api/admin/payments/hold', { holdMinutes: 45 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ success: true, data: { holdMinutes: 45 } });
    expect((await admin('GET', '/api/admin/payments/hold')).json().data).toEqual({ holdMinutes: 45 });

    const before = Date.now();
    const order = await booked('wide', 200);
    const holdUntil = Date.parse((await stateOf(order.id)).holdUntil!);
    expect(holdUntil).toBeGreaterThanOrEqual(before + 45 * 60_000 - 1_000);
    expect(holdUntil).toBeLessThanOrEqual(Date.now() + 45 * 60_000 + 1_000);
  });
});
