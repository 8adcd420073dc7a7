/**
 * Issue 22: every way seats free up leads to a waiting-list offer, not only a cancellation (see
 * waitlist-offers.int.spec.ts): a payment hold running out, a reschedule away from the slot, the
 * slot's capacity raised and the slot unblocked. Each case: a full (or blocked) one-seat slot, one
 * person waiting, no offer; then the change, and the matcher's next sweep holds the seat for them.
 */
import { expireDueHolds, joinWaitlist, offerFreedSeats } from '@hs/commands';
import { timeslotDeciderFor, timeslotStream, waitlistHoldKey } from '@hs/domain';
import { type Runner, aggregateStream, startProjectionRunner } from '@hs/eventstore';
import { projections, readOrderTimeline } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

const meta = { actor: 'worker:waitlist-matcher' };

describe('waiting list: every way a seat frees up makes an offer', () => {
  let api: TestApi;
  let runner: Runner;
  let packageId: number;
  let people = 100;
  const secret = testApiConfig().waitlistTokenSecret;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const admin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  async function eventWithSlots(slug: string, count: number) {
    const eventId = (
      await admin('POST', '/api/admin/events', { name: slug, slug, packageIds: [packageId] })
    ).json().data.id as number;
    const slotIds: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
        date: day(5 + i),
        time: '09:00',
        maxAttendees: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      slotIds.push(res.json().data.id);
    }
    return { eventId, slotIds };
  }
  const book = async (eventId: number, timeslotId: number) => {
    people += 1;
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...person(people) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; reference_number: string; status: string };
  };
  const join = async (eventId: number, preferredDates: string[] = []) => {
    people += 1;
    const joined = await joinWaitlist(
      api.db.sql,
      {
        eventId,
        packageId,
        postalCode: '560123',
        firstName: 'Wai',
        lastName: `Ting${people}`,
        email: `freed${people}@example.com`,
        mobileNumber: '91234567',
        seats: 1,
        preferredDates,
      },
      { actor: 'public', tokenSecret: secret },
    );
    await expect
      .poll(async () => (await api.db.sql`select 1 from waitlist_entries where id = ${joined.id}`).length, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe(1);
    return joined;
  };
  /** The matcher's sweep, as far as this entry goes (a sweep covers every event). */
  const offersTo = async (entryId: string) =>
    (await offerFreedSeats(api.db.sql, () => new Date(), { offerMinutes: 120 }, meta)).filter(
      (o) => o.entryId === entryId,
    );
  /** Waits until the slot read model shows `booked` seats and `available` (what the matcher reads). */
  const slotProjected = (id: number, booked: number, available = true) =>
    expect
      .poll(
        async () => {
          const [row] = await api.db.sql`
            select current_attendees, is_available, max_attendees from slot_availability where timeslot_id = ${id}`;
          return row && [row.current_attendees, row.is_available];
        },
        { timeout: 10_000, interval: 20 },
      )
      .toEqual([booked, available]);
  const heldOn = async (slot: number) =>
    (await aggregateStream(api.db.sql, timeslotStream(slot).id, timeslotDeciderFor(1))).state.reservations;

  beforeAll(async () => {
    api = await startTestApi({
      rateLimits: { ...testApiConfig().rateLimits, enabled: false },
      paymentHoldSeconds: 1,
    });
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 20 });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('a reschedule away from a full slot offers its seat', async () => {
    const { eventId, slotIds } = await eventWithSlots('freed-by-reschedule', 2);
    const [full, other] = slotIds as [number, number];
    const order = await book(eventId, full);
    // Waits for the full slot's day only, so the other slot's free seat is no offer for them.
    const entry = await join(eventId, [day(5)]);
    await slotProjected(full, 1);
    expect(await offersTo(entry.id)).toEqual([]);

    const moved = await api.app.inject({
      method: 'POST',
      url: `/api/registrations/${order.reference_number}/reschedule`,
      // the reference and the booking's date of birth (issue 46)
      payload: { timeslotId: other, dateOfBirth: '1985-02-03' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await slotProjected(full, 0);
    expect(await offersTo(entry.id)).toEqual([{ entryId: entry.id, timeslotId: full }]);
    expect(await heldOn(full)).toEqual({ [waitlistHoldKey(entry.id)]: 1 });

    // Claimed through its link: the order's history says the booking came from the waiting list.
    people += 1;
    const claimed = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: full, ...person(people), waitlistToken: entry.token },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const { id, reference_number: ref } = claimed.json().data as { id: number; reference_number: string };
    await expect
      .poll(
        async () =>
          (await readOrderTimeline(api.db.sql, id)).find((l) => l.type === 'RegistrationBooked')?.summary,
        { timeout: 10_000, interval: 20 },
      )
      .toMatch(
        new RegExp(
          `^Booked ${ref} for 1 participant.*, claiming a waiting-list offer \\(entry ${entry.id}\\)$`,
        ),
      );
  });

  it('unblocking a slot offers its free seats', async () => {
    const { eventId, slotIds } = await eventWithSlots('freed-by-unblock', 1);
    const slot = slotIds[0]!;
    const blocked = await admin('PUT', `/api/admin/timeslots/${slot}/availability`, { isAvailable: false });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const entry = await join(eventId);
    await slotProjected(slot, 0, false);
    // A blocked slot's free seat is no one's.
    expect(await offersTo(entry.id)).toEqual([]);

    const open = await admin('PUT', `/api/admin/timeslots/${slot}/availability`, { isAvailable: true });
    expect(open.statusCode, open.body).toBe(200);
    await slotProjected(slot, 0, true);
    expect(await offersTo(entry.id)).toEqual([{ entryId: entry.id, timeslotId: slot }]);
  });

  it("raising a full slot's capacity offers the new seat", async () => {
    const { eventId, slotIds } = await eventWithSlots('freed-by-capacity', 1);
    const slot = slotIds[0]!;
    await book(eventId, slot);
    const entry = await join(eventId);
    await slotProjected(slot, 1);
    expect(await offersTo(entry.id)).toEqual([]);

    // The back-office's capacity call: refused below the seats taken or outside 1..10000, then raised.
    const capacity = (maxAttendees: unknown, id = slot) =>
      admin('PUT', `/api/admin/timeslots/${id}/capacity`, { maxAttendees });
    for (const [value, status] of [
      [0, 400],
      ['x', 400],
      [10_001, 400],
      [null, 400],
    ] as const) {
      const res = await capacity(value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe('Capacity must be between 1 and 10000');
    }
    expect((await capacity(2, 999_999)).statusCode).toBe(404);
    const raised = await capacity('2');
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ id: slot, maxAttendees: 2, currentAttendees: 1 });
    await expect
      .poll(
        async () =>
          (await api.db.sql`select max_attendees from slot_availability where timeslot_id = ${slot}`)[0]
            ?.max_attendees,
        { timeout: 10_000, interval: 20 },
      )
      .toBe(2);
    expect(await offersTo(entry.id)).toEqual([{ entryId: entry.id, timeslotId: slot }]);
    // The booking and the offer hold both seats: capacity cannot go back below them.
    const lower = await capacity(1);
    expect(lower.statusCode, lower.body).toBe(409);
    expect(lower.json().message).toBe('Capacity cannot be lower than the 2 seats already booked');
  });

  // Last: the hold sweep expires every unpaid order past its (one-second) hold, the others' too.
  it('a payment hold running out offers the seats it held', async () => {
    const { eventId, slotIds } = await eventWithSlots('freed-by-hold-expiry', 1);
    const slot = slotIds[0]!;
    const order = await book(eventId, slot);
    expect(order.status).toBe('pending_payment');
    const entry = await join(eventId);
    await slotProjected(slot, 1);
    expect(await offersTo(entry.id)).toEqual([]);

    await expect
      .poll(
        async () => {
          await expireDueHolds(api.db.sql, () => new Date(), { actor: 'worker:hold-sweeper' });
          return (await heldOn(slot))[String(order.id)] ?? 0;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(0);
    await slotProjected(slot, 0);
    expect(await offersTo(entry.id)).toEqual([{ entryId: entry.id, timeslotId: slot }]);
  });
});
