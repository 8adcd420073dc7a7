/**
 * Issue 22: "a freed seat is never held by two offers". Fifty rounds, each on a fresh full slot with
 * three people waiting: a cancellation frees a seat while two matchers offer it, an expiry sweep (every
 * other round, with a clock hours ahead) takes offers back, and every entry keeps trying to book with
 * its link, all at once. Then, on the log: at every event of the slot the seats taken equal the sum
 * of the reservations and never exceed the capacity, no hold ever exceeds its entry's seats, and each
 * entry's end state matches what the slot holds for it.
 */
import { expireDueOffers, joinWaitlist, leaveWaitlist, offerFreedSeats } from '@hs/commands';
import {
  type TimeslotEvent,
  evolveTimeslot,
  initialTimeslotState,
  timeslotStream,
  waitlistDecider,
  waitlistHoldKey,
  waitlistStream,
} from '@hs/domain';
import { type Runner, aggregateStream, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

const ROUNDS = 50;
const CAPACITY = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const meta = { actor: 'worker:waitlist-matcher' };

describe('waiting list: freed seats under concurrent matchers, expiry and claims', () => {
  let api: TestApi;
  let runner: Runner;
  let packageId: number;
  const secret = testApiConfig().waitlistTokenSecret;
  const date = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);

  const admin = (url: string, payload: object) => api.asAdmin({ method: 'POST', url, payload });
  const book = (eventId: number, timeslotId: number, i: number, extra: object = {}) =>
    api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(i % 90), ...extra },
    });

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 5 });
    packageId = (await admin('/api/admin/packages', { name: 'Basic Health', price: '100' })).json().data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  /** Replays the slot's log, checking the seats at every event; returns the final reservations. */
  async function checkSlotLog(slotId: number, seatsOf: Map<string, number>) {
    const events = await findEvents<TimeslotEvent['data']>(api.db.sql, {
      streamId: timeslotStream(slotId).id,
    });
    let state = initialTimeslotState(CAPACITY);
    for (const e of events) {
      state = evolveTimeslot(state, { type: e.type, data: e.data } as TimeslotEvent);
      const sum = Object.values(state.reservations).reduce((a, b) => a + b, 0);
      const problem = `after event ${e.version} (${e.type} ${JSON.stringify(e.data)}) of ${JSON.stringify(
        events.map((x) => [x.version, x.type, (x.data as { registrationId?: string }).registrationId]),
      )}`;
      expect(sum, problem).toBe(state.booked);
      expect(state.booked, problem).toBeLessThanOrEqual(CAPACITY);
      if ('bookedAfter' in e.data) expect(e.data.bookedAfter, problem).toBe(state.booked);
      for (const [key, held] of Object.entries(state.reservations)) {
        if (seatsOf.has(key)) expect(held, `${problem}: hold ${key}`).toBeLessThanOrEqual(seatsOf.get(key)!);
      }
    }
    return state;
  }

  it(`${ROUNDS} rounds: a freed seat is held by one offer at a time, and the slot equals its log`, async () => {
    let people = 0;
    let claims = 0;
    let offers = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const slug = `race-${round}`;
      const eventId = (await admin('/api/admin/events', { name: slug, slug, packageIds: [packageId] })).json()
        .data.id as number;
      const slotRes = await admin(`/api/admin/events/${eventId}/timeslots`, {
        date,
        time: '09:00',
        maxAttendees: CAPACITY,
      });
      expect(slotRes.statusCode, slotRes.body).toBe(201);
      const slotId = slotRes.json().data.id as number;
      const orders: number[] = [];
      for (let i = 0; i < CAPACITY; i++) {
        const res = await book(eventId, slotId, ++people);
        expect(res.statusCode, res.body).toBe(201);
        orders.push(res.json().data.id);
      }
      const entries = [];
      for (let i = 0; i < 3; i++) {
        entries.push(
          await joinWaitlist(
            api.db.sql,
            {
              eventId,
              packageId,
              postalCode: '560123',
              firstName: 'Race',
              lastName: `R${round}E${i}`,
              email: `race${round}-${i}@example.com`,
              mobileNumber: '91234567',
              seats: 1,
            },
            { actor: 'public', tokenSecret: secret },
          ),
        );
      }
      const seatsOf = new Map(entries.map((e) => [waitlistHoldKey(e.id), 1]));

      const matcher = async () => {
        for (let i = 0; i < 12; i++) {
          offers += (await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: 120 }, meta)).length;
          await sleep(Math.random() * 4);
        }
      };
      // Every other round, offers expire as soon as the read model shows them (a clock 3 hours on).
      const expirer = async () => {
        if (round % 2 === 1) return;
        for (let i = 0; i < 12; i++) {
          await expireDueOffers(api.db.sql, () => new Date(Date.now() + 3 * 3_600_000), meta);
          await sleep(Math.random() * 4);
        }
      };
      const claimer = async (token: string, i: number) => {
        for (let attempt = 0; attempt < 12; attempt++) {
          const res = await book(eventId, slotId, 1000 + round * 3 + i, { waitlistToken: token });
          if (res.statusCode === 201) {
            claims += 1;
            return;
          }
          // Not offered yet, expired, or lost a race: the only refusals there may be.
          expect([404, 409], res.body).toContain(res.statusCode);
          await sleep(Math.random() * 6);
        }
      };
      await Promise.all([
        api.app.inject({ method: 'POST', url: `/api/registrations/${orders[0]}/cancel` }).then((res) => {
          expect(res.statusCode, res.body).toBe(200);
        }),
        matcher(),
        matcher(),
        expirer(),
        ...entries.map((e, i) => claimer(e.token, i)),
      ]);

      let slot = await checkSlotLog(slotId, seatsOf);
      for (const e of entries) {
        const entry = (await aggregateStream(api.db.sql, waitlistStream(e.id).id, waitlistDecider)).state;
        const held = slot.reservations[waitlistHoldKey(e.id)] ?? 0;
        // Offered exactly when the slot holds its seat; booked with its own seat as a registration.
        expect(held, `${e.id} ${entry.status}`).toBe(entry.status === 'offered' ? 1 : 0);
        if (entry.status === 'booked') expect(slot.reservations[entry.registrationId!]).toBe(1);
      }
      // One seat was freed: at most one entry of the round booked it.
      const bookedEntries = await Promise.all(
        entries.map(
          async (e) => (await aggregateStream(api.db.sql, waitlistStream(e.id).id, waitlistDecider)).state,
        ),
      );
      expect(bookedEntries.filter((s) => s.status === 'booked').length).toBeLessThanOrEqual(1);

      // Everyone still on the list leaves (staff), giving back any held seat; the slot stays true.
      for (const e of entries) await leaveWaitlist(api.db.sql, e.id, 'staff', meta);
      slot = await checkSlotLog(slotId, seatsOf);
      expect(Object.keys(slot.reservations).every((k) => !k.startsWith('waitlist-'))).toBe(true);
      // The slot read model the wizard shows comes to the same seats.
      await expect
        .poll(
          async () =>
            (
              await api.db.sql`select current_attendees from slot_availability where timeslot_id = ${slotId}`
            )[0]?.current_attendees,
          { timeout: 10_000, interval: 10 },
        )
        .toBe(slot.booked);
    }
    // The rounds did race: seats were offered and claimed through the links.
    expect(offers).toBeGreaterThan(0);
    expect(claims).toBeGreaterThan(0);
  }, 300_000);
});
