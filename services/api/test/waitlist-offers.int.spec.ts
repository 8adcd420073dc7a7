/**
 * Issue 22, the waiting list's offers against a real Postgres: freed seats go to one entry at a time
 * in line order, an offer not taken passes on when it expires (an injected clock), a claim after the
 * expiry is refused, and a booking with a live offer's token turns the held seats into its own in one
 * append while a booking without one cannot take them.
 */
import {
  expireDueOffers,
  hashWaitlistToken,
  joinWaitlist,
  leaveWaitlist,
  offerFreedSeats,
  waitlistToken,
} from '@hs/commands';
import {
  type WaitlistEvent,
  timeslotDeciderFor,
  timeslotStream,
  waitlistDecider,
  waitlistEntryId,
  waitlistHoldKey,
  waitlistStream,
} from '@hs/domain';
import { type Runner, aggregateStream, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

const MINUTE = 60_000;
const OFFER_MINUTES = 120;
const meta = { actor: 'worker:waitlist-matcher' };

describe('waiting list offers and claims', () => {
  let api: TestApi;
  let runner: Runner;
  let packageId: number;
  const secret = testApiConfig().waitlistTokenSecret;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  const admin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  async function eventWithSlots(slug: string, capacities: number[]) {
    const eventId = (
      await admin('POST', '/api/admin/events', { name: slug, slug, packageIds: [packageId] })
    ).json().data.id as number;
    const slotIds: number[] = [];
    for (const [i, cap] of capacities.entries()) {
      const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date: day(5 + i),
        time: '09:00',
        maxAttendees: cap,
      });
      expect(res.statusCode, res.body).toBe(201);
      slotIds.push(res.json().data.id);
    }
    return { eventId, slotIds };
  }
  const book = (eventId: number, timeslotId: number, i: number, extra: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(i), ...extra },
    });
  const booked = async (eventId: number, timeslotId: number, i: number) => {
    const res = await book(eventId, timeslotId, i);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const cancel = async (id: number) => {
    const res = await api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
  };
  const join = async (
    eventId: number,
    i: number,
    extra: { seats?: number; preferredDates?: string[] } = {},
  ) => {
    const joined = await joinWaitlist(
      api.db.sql,
      {
        eventId,
        packageId,
        postalCode: '560123',
        firstName: 'Wai',
        lastName: `Ting${i}`,
        email: `wait${i}@example.com`,
        mobileNumber: '91234567',
        seats: extra.seats ?? 1,
        preferredDates: extra.preferredDates ?? [],
      },
      { actor: 'public', tokenSecret: secret },
    );
    await projected(joined.id, 'waiting');
    return joined;
  };
  const entryOf = async (id: string) =>
    (await aggregateStream(api.db.sql, waitlistStream(id).id, waitlistDecider)).state;
  const slotOf = async (id: number) =>
    (await aggregateStream(api.db.sql, timeslotStream(id).id, timeslotDeciderFor())).state;
  /** Waits until the projections show the entry in `status` (the matcher reads the read models). */
  const projected = (id: string, status: string) =>
    expect
      .poll(async () => (await api.db.sql`select status from waitlist_entries where id = ${id}`)[0]?.status, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(status);
  /** Waits until the slot read model shows `booked` seats taken. */
  const slotProjected = (id: number, booked: number) =>
    expect
      .poll(
        async () =>
          (await api.db.sql`select current_attendees from slot_availability where timeslot_id = ${id}`)[0]
            ?.current_attendees,
        { timeout: 10_000, interval: 20 },
      )
      .toBe(booked);
  const offersOf = async (id: string) =>
    (
      await findEvents<WaitlistEvent['data']>(api.db.sql, {
        streamId: waitlistStream(id).id,
        type: 'WaitlistOfferMade',
      })
    ).length;

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('a cancellation with three matching entries makes one offer; its expiry passes the seat to the next; a late claim is refused', async () => {
    const { eventId, slotIds } = await eventWithSlots('three-waiting', [2]);
    const slot = slotIds[0]!;
    const orders = [await booked(eventId, slot, 1), await booked(eventId, slot, 2)];
    const entries = [await join(eventId, 1), await join(eventId, 2), await join(eventId, 3)];
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3]);

    // Nothing free yet: no offer.
    expect(
      await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: OFFER_MINUTES }, meta),
    ).toEqual([]);

    await cancel(orders[0]!);
    await slotProjected(slot, 1);
    const t0 = new Date();
    const first = await offerFreedSeats(api.db.sql, () => t0, { offerMinutes: OFFER_MINUTES }, meta);
    expect(first).toEqual([{ entryId: entries[0]!.id, timeslotId: slot }]);
    // The freed seat is held for the first in line, and for no one else, however often the matcher runs.
    await slotProjected(slot, 2);
    expect(await offerFreedSeats(api.db.sql, () => t0, { offerMinutes: OFFER_MINUTES }, meta)).toEqual([]);
    expect((await slotOf(slot)).reservations).toEqual({
      [String(orders[1])]: 1,
      [waitlistHoldKey(entries[0]!.id)]: 1,
    });
    const offer = (await entryOf(entries[0]!.id)).offer!;
    expect(offer.expiresAt).toBe(new Date(t0.getTime() + OFFER_MINUTES * MINUTE).toISOString());
    expect((await entryOf(entries[1]!.id)).status).toBe('waiting');

    // Not due yet: nothing expires.
    await projected(entries[0]!.id, 'offered');
    expect(await expireDueOffers(api.db.sql, () => new Date(t0.getTime() + 119 * MINUTE), meta)).toEqual([]);
    // Past its time: the offer ends, the seat goes back, and the next sweep offers it to the second.
    const later = new Date(t0.getTime() + 121 * MINUTE);
    expect(await expireDueOffers(api.db.sql, () => later, meta)).toEqual([entries[0]!.id]);
    expect((await entryOf(entries[0]!.id)).status).toBe('expired');
    await slotProjected(slot, 1);
    await projected(entries[0]!.id, 'expired');
    expect(await offerFreedSeats(api.db.sql, () => later, { offerMinutes: OFFER_MINUTES }, meta)).toEqual([
      { entryId: entries[1]!.id, timeslotId: slot },
    ]);
    expect([
      await offersOf(entries[0]!.id),
      await offersOf(entries[1]!.id),
      await offersOf(entries[2]!.id),
    ]).toEqual([1, 1, 0]);
    expect((await slotOf(slot)).booked).toBe(2);

    // The first entry's link after its offer expired: refused, and nothing booked.
    const late = await book(eventId, slot, 11, { waitlistToken: entries[0]!.token });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toEqual({ success: false, message: 'This offer has expired' });
    expect((await slotOf(slot)).booked).toBe(2);
  });

  it('refuses a claim past the offer time even before the sweep expired it, and unknown or wrong-slot tokens', async () => {
    const { eventId, slotIds } = await eventWithSlots('late-claim', [1, 1]);
    const [slot, other] = slotIds as [number, number];
    const order = await booked(eventId, slot, 3);
    await booked(eventId, other, 4);
    const entry = await join(eventId, 20);
    await cancel(order);
    await slotProjected(slot, 0);
    // Offered three hours ago by the clock: its two hours are over, though no sweep has ended it.
    const then = new Date(Date.now() - 180 * MINUTE);
    expect(await offerFreedSeats(api.db.sql, () => then, { offerMinutes: OFFER_MINUTES }, meta)).toHaveLength(
      1,
    );
    const res = await book(eventId, slot, 12, { waitlistToken: entry.token });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This offer has expired');

    const unknown = await book(eventId, slot, 12, { waitlistToken: 'no-such-token' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().message).toBe('Waiting list entry not found');

    // A live offer's token on another slot of the event: 400, nothing written.
    const fresh = await join(eventId, 21);
    await projected(entry.id, 'offered');
    expect(await expireDueOffers(api.db.sql, () => new Date(), meta)).toEqual([entry.id]);
    await slotProjected(slot, 0);
    await projected(entry.id, 'expired');
    expect(
      await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: OFFER_MINUTES }, meta),
    ).toEqual([{ entryId: fresh.id, timeslotId: slot }]);
    const wrong = await book(eventId, other, 13, { waitlistToken: fresh.token });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toBe('This offer is for another timeslot');
    const tooMany = await book(eventId, slot, 13, {
      waitlistToken: fresh.token,
      participants: [
        {
          firstName: 'Kid',
          lastName: 'Tan',
          gender: 'Female',
          identificationNumber: 'T0112345Z',
          dateOfBirth: '2012-03-04',
          packageId,
        },
      ],
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().message).toBe('This offer holds 1 seat');
    expect((await entryOf(fresh.id)).status).toBe('offered');
  });

  it('a booking with a live offer takes the held seats in one append; one without cannot take them', async () => {
    const { eventId, slotIds } = await eventWithSlots('claim', [3]);
    const slot = slotIds[0]!;
    const orders = [
      await booked(eventId, slot, 5),
      await booked(eventId, slot, 6),
      await booked(eventId, slot, 7),
    ];
    const entry = await join(eventId, 30, { seats: 2 });
    await cancel(orders[0]!);
    await cancel(orders[1]!);
    await slotProjected(slot, 1);
    expect(
      await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: OFFER_MINUTES }, meta),
    ).toEqual([{ entryId: entry.id, timeslotId: slot }]);
    expect((await slotOf(slot)).booked).toBe(3);

    // The held seats are no one else's.
    const other = await book(eventId, slot, 8);
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().message).toBe('This timeslot is fully booked');

    // The entry books one of its two seats: the hold becomes the booking, the unused seat is freed.
    const claimed = await book(eventId, slot, 9, { waitlistToken: entry.token });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const registrationId = claimed.json().data.id as number;
    const after = await slotOf(slot);
    expect(after.booked).toBe(2);
    expect(after.reservations).toEqual({ [String(orders[2])]: 1, [String(registrationId)]: 1 });
    const state = await entryOf(entry.id);
    expect(state.status).toBe('booked');
    expect(state.registrationId).toBe(String(registrationId));
    // One append: the claim, the slot's release and reservation and the booking share a transaction.
    const [claim] = await findEvents(api.db.sql, {
      streamId: waitlistStream(entry.id).id,
      type: 'WaitlistOfferClaimed',
    });
    const [bookedEvent] = await findEvents(api.db.sql, {
      streamId: `registration-${registrationId}`,
      type: 'RegistrationBooked',
    });
    expect(claim!.transactionId).toBe(bookedEvent!.transactionId);
    const slotEvents = await findEvents<{ reason?: string; registrationId: string }>(api.db.sql, {
      streamId: timeslotStream(slot).id,
    });
    const last = slotEvents.slice(-2);
    expect(last.map((e) => [e.type, e.data.registrationId, e.data.reason])).toEqual([
      ['SeatsReleased', waitlistHoldKey(entry.id), 'offer-claimed'],
      ['SeatsReserved', String(registrationId), undefined],
    ]);
    expect(last.every((e) => e.transactionId === claim!.transactionId)).toBe(true);

    // The token is spent.
    const again = await book(eventId, slot, 10, { waitlistToken: entry.token });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('This offer has expired');
  });

  it('leaving while offered gives the seats back in the same append; a new join gets a new token', async () => {
    const { eventId, slotIds } = await eventWithSlots('leave', [1]);
    const slot = slotIds[0]!;
    const order = await booked(eventId, slot, 14);
    const entry = await join(eventId, 40);
    await cancel(order);
    await slotProjected(slot, 0);
    expect(
      await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: OFFER_MINUTES }, meta),
    ).toHaveLength(1);
    expect((await slotOf(slot)).booked).toBe(1);
    expect(await leaveWaitlist(api.db.sql, entry.id, 'customer', meta)).toEqual({
      status: 'left',
      changed: true,
    });
    expect((await slotOf(slot)).booked).toBe(0);
    expect(await leaveWaitlist(api.db.sql, entry.id, 'customer', meta)).toEqual({
      status: 'left',
      changed: false,
    });
    await projected(entry.id, 'left');
    const again = await join(eventId, 40);
    expect(again.id).toBe(entry.id);
    expect(again.token).not.toBe(entry.token);
    expect(again.token).toBe(waitlistToken(secret, entry.id, again.joinedAt));
    const stale = await book(eventId, slot, 15, { waitlistToken: entry.token });
    expect(stale.statusCode, stale.body).toBe(404);
    // The old link cannot end the new join, even where a lagging read model still shows its token.
    await expect(
      leaveWaitlist(api.db.sql, entry.id, 'customer', { ...meta, tokenHash: hashWaitlistToken(entry.token) }),
    ).rejects.toThrow('Waiting list entry not found');
    expect((await entryOf(entry.id)).status).toBe('waiting');
    await expect(
      joinWaitlist(
        api.db.sql,
        {
          eventId,
          packageId,
          postalCode: '560123',
          firstName: 'Wai',
          lastName: 'Again',
          email: ' WAIT40@example.com ',
          mobileNumber: '91234567',
          seats: 1,
        },
        { actor: 'public', tokenSecret: secret },
      ),
    ).rejects.toThrow('You are already on the waiting list for this event');
    expect(waitlistEntryId(eventId, 'WAIT40@example.com')).toBe(entry.id);
  });

  it('offers only slots of the preferred dates, and the earliest matching slot first', async () => {
    const { eventId, slotIds } = await eventWithSlots('preferred', [1, 1, 1]);
    const orders = [];
    for (const [i, s] of slotIds.entries()) orders.push(await booked(eventId, s, 16 + i));
    const picky = await join(eventId, 50, { preferredDates: [day(7)] });
    const any = await join(eventId, 51);
    // The sweep covers every event; only this event's entries are looked at here.
    const offersTo = async (ids: string[]) =>
      (await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: OFFER_MINUTES }, meta)).filter(
        (o) => ids.includes(o.entryId),
      );
    await cancel(orders[0]!);
    await cancel(orders[1]!);
    await slotProjected(slotIds[0]!, 0);
    await slotProjected(slotIds[1]!, 0);
    // The first in line wants only the third slot's day: the other entry gets the earliest free slot.
    expect(await offersTo([picky.id, any.id])).toEqual([{ entryId: any.id, timeslotId: slotIds[0] }]);
    expect((await entryOf(picky.id)).status).toBe('waiting');
    await cancel(orders[2]!);
    await slotProjected(slotIds[2]!, 0);
    expect(await offersTo([picky.id, any.id])).toEqual([{ entryId: picky.id, timeslotId: slotIds[2] }]);
  });

  it('entries that cannot be seated never keep a later one from its turn', async () => {
    const full = await eventWithSlots('full-for-long', [1]);
    await booked(full.eventId, full.slotIds[0]!, 60);
    const stuck = [await join(full.eventId, 60), await join(full.eventId, 61), await join(full.eventId, 62)];
    const open = await eventWithSlots('open-later', [1]);
    const order = await booked(open.eventId, open.slotIds[0]!, 63);
    const late = await join(open.eventId, 63);
    await cancel(order);
    await slotProjected(open.slotIds[0]!, 0);
    // Two entries a page: the three stuck ones fill the first pages; the late one is still reached.
    const made = await offerFreedSeats(
      api.db.sql,
      () => new Date(),
      { offerMinutes: OFFER_MINUTES, pageSize: 2 },
      meta,
    );
    expect(made.filter((o) => [...stuck.map((e) => e.id), late.id].includes(o.entryId))).toEqual([
      { entryId: late.id, timeslotId: open.slotIds[0] },
    ]);
  });
});
