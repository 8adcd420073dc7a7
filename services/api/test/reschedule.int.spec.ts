import { type Runner, countEvents, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

/** Issue 22: a booking moves to another slot of its event in one step, or not at all. */
describe('rescheduling', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  const slots: Record<string, number> = {};
  let people = 0;

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  /** The Singapore day and HH:00 `hours` from now. */
  const singaporeIn = (hours: number) => {
    const sg = new Date(Date.now() + hours * 3_600_000 + 8 * 3_600_000).toISOString();
    return { date: sg.slice(0, 10), time: `${sg.slice(11, 13)}:00` };
  };
  const addSlot = async (name: string, body: object, event = eventId) => {
    const res = await admin('POST', `/api/admin/events/${event}/timeslots`, body);
    expect(res.statusCode, res.body).toBe(201);
    slots[name] = res.json().data.id;
  };
  const book = async (timeslotId: number) => {
    people += 1;
    const who = person(people);
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId, ...who },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    births.set(data.reference_number, who.dateOfBirth);
    return { id: data.id as number, ref: data.reference_number as string };
  };
  /** Each booking's date of birth: the public reschedule needs it (or the manage link) with the reference (issue 46). */
  const births = new Map<string, string>();
  const reschedule = (ref: string, timeslotId: number) =>
    api.app.inject({
      method: 'POST',
      url: `/api/registrations/${ref}/reschedule`,
      payload: { timeslotId, dateOfBirth: births.get(ref.toUpperCase()) ?? '1900-01-01' },
    });
  const lookup = async (ref: string, position?: string | null) => {
    const url = `/api/registrations/lookup/${ref}${position ? `?position=${position}` : ''}`;
    await expect.poll(async () => (await api.app.inject(url)).statusCode, { timeout: 10_000 }).toBe(200);
    return (await api.app.inject(url)).json().data;
  };
  /** Seats taken on a slot as its stream records them. */
  const loggedSeats = async (timeslotId: number) => {
    const events = await findEvents<{ seats: number }>(api.db.sql, { streamId: `timeslot-${timeslotId}` });
    return events.reduce(
      (n, e) =>
        n + (e.type === 'SeatsReserved' ? e.data.seats : e.type === 'SeatsReleased' ? -e.data.seats : 0),
      0,
    );
  };
  /** Seats taken on a slot as the read model shows them, once the projection caught up. */
  const projectedSeats = async (timeslotId: number) => {
    const [row] = await api.db.sql<{ n: number }[]>`
      select current_attendees as n from slot_availability where timeslot_id = ${timeslotId}`;
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, {
      pollMs: 50,
      onError: (err, name) => console.error('PROJECTION', name, err),
    });
    packageId = (await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '100' })).json()
      .data.id;
    const event = (
      await admin('POST', '/api/admin/events', {
        name: 'Community Screening',
        slug: 'community',
        location: 'Toa Payoh',
        packageIds: [packageId],
      })
    ).json().data;
    eventId = event.id;
    await addSlot('origin', { date: future(5), time: '09:00', maxAttendees: 1000 });
    await addSlot('target', { date: future(6), time: '10:30', maxAttendees: 10 });
    await addSlot('full', { date: future(7), time: '09:00', maxAttendees: 1 });
    await addSlot('blocked', { date: future(8), time: '09:00', maxAttendees: 10 });
    await addSlot('past', { date: future(-2), time: '09:00', maxAttendees: 10 });
    await addSlot('soon', { ...singaporeIn(5), maxAttendees: 10 });
    await addSlot('raceFrom', { date: future(9), time: '09:00', maxAttendees: 1000 });
    await addSlot('raceTo', { date: future(10), time: '09:00', maxAttendees: 5 });
    const other = (
      await admin('POST', '/api/admin/events', { name: 'Other', slug: 'other', packageIds: [packageId] })
    ).json().data;
    await addSlot('otherEvent', { date: future(6), time: '11:00', maxAttendees: 10 }, other.id);
    await book(slots.full!);
    const blocked = await admin('PUT', `/api/admin/timeslots/${slots.blocked}/availability`, {
      isAvailable: false,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('moves a booking: the lookup shows the new slot, seats move, price and participants stay', async () => {
    const { ref } = await book(slots.origin!);
    const before = await lookup(ref);
    const res = await reschedule(ref.toLowerCase(), slots.target!);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      referenceNumber: ref,
      timeslotId: slots.target,
      date: future(6),
      time: '10:30',
      label: '10:30 AM',
    });
    expect(data.dateLabel).toMatch(/\d{4}$/);
    const after = await lookup(ref, data.position);
    expect(after).toMatchObject({ timeslotId: slots.target, timeslotTime: '10:30', location: 'Toa Payoh' });
    // Everything but the slot (and the row's update time) is as it was: price, balance, payments,
    // participants, status.
    const withoutSlot = (order: Record<string, unknown>) => {
      const { timeslotId, timeslotDate, timeslotTime, updatedAt, ...rest } = order;
      return rest;
    };
    expect(withoutSlot(after)).toEqual(withoutSlot(before));
    expect(await loggedSeats(slots.target!)).toBe(1);
    const [move] = await findEvents<Record<string, unknown>>(api.db.sql, { type: 'RegistrationRescheduled' });
    expect(move!.data).toMatchObject({
      fromTimeslotId: slots.origin,
      fromDate: future(5),
      fromTime: '09:00',
      toTimeslotId: slots.target,
      seats: 1,
      sequence: 1,
    });
    expect(move!.metadata).toMatchObject({ actor: 'public' });
    const released = await findEvents<{ reason: string; registrationId: string }>(api.db.sql, {
      type: 'SeatsReleased',
      streamId: `timeslot-${slots.origin}`,
    });
    expect(released.map((e) => e.data.reason)).toEqual(['rescheduled']);
    await expect.poll(() => projectedSeats(slots.target!), { timeout: 10_000 }).toBe(1);
    // The same slot again: nothing to do.
    const same = await reschedule(ref, slots.target!);
    expect([same.statusCode, same.json().message]).toEqual([400, 'This is already your appointment time.']);
  });

  it('refuses a slot that is full, past, blocked or of another event, and keeps the old slot', async () => {
    const { ref, id } = await book(slots.origin!);
    const cases: [string, number, string][] = [
      ['full', 409, 'This timeslot is fully booked'],
      ['past', 400, 'This timeslot has already passed. Please choose another.'],
      ['blocked', 400, 'This timeslot is not available for your booking.'],
      ['otherEvent', 400, 'This timeslot is not available for your booking.'],
    ];
    for (const [name, status, message] of cases) {
      const res = await reschedule(ref, slots[name]!);
      expect([name, res.statusCode, res.json()]).toEqual([name, status, { success: false, message }]);
    }
    const unknownSlot = await reschedule(ref, 999_999);
    expect(unknownSlot.statusCode).toBe(400);
    expect(
      await countEvents(api.db.sql, { type: 'RegistrationRescheduled', streamId: `registration-${id}` }),
    ).toBe(0);
    expect((await lookup(ref)).timeslotId).toBe(slots.origin);
  });

  it('refuses an unknown reference (404) and a cancelled booking (409)', async () => {
    const unknown = await reschedule('HS0000-0000-0000', slots.target!);
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      'Registration not found. Please check your reference number and try again.',
    ]);
    const { ref, id } = await book(slots.origin!);
    const cancel = await api.app.inject({ method: 'POST', url: `/api/registrations/${id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await reschedule(ref, slots.target!);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Cancelled or expired appointments cannot be rescheduled.',
    ]);
  });

  it('the back office moves without the cut-off; the public is refused within it', async () => {
    const { ref, id } = await book(slots.origin!);
    const moved = await admin('POST', `/api/admin/registrations/${id}/reschedule`, {
      timeslotId: slots.soon,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ referenceNumber: ref, timeslotId: slots.soon });
    const [move] = await findEvents(api.db.sql, {
      type: 'RegistrationRescheduled',
      streamId: `registration-${id}`,
    });
    expect((move!.metadata as { actor: string }).actor).toMatch(/^admin:/);
    // 5 hours before the appointment: inside the default 24-hour cut-off.
    const late = await reschedule(ref, slots.target!);
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'Appointments can be rescheduled up to 24 hours before their time. Please contact us.',
    ]);
    // Staff still can, and the second move is the invite's SEQUENCE 2.
    const back = await admin('POST', `/api/admin/registrations/${id}/reschedule`, {
      timeslotId: slots.origin,
    });
    expect(back.statusCode, back.body).toBe(200);
    const moves = await findEvents<{ sequence: number }>(api.db.sql, {
      type: 'RegistrationRescheduled',
      streamId: `registration-${id}`,
    });
    expect(moves.map((e) => e.data.sequence)).toEqual([1, 2]);
    const soon = moved.json().data;
    await expect
      .poll(
        async () =>
          (await admin('GET', `/api/admin/registrations/${id}/history`))
            .json()
            .data.filter((h: { type: string }) => h.type === 'RegistrationRescheduled')
            .map((h: { summary: string }) => h.summary),
        { timeout: 10_000 },
      )
      .toEqual([
        `Rescheduled from ${future(5)} 09:00 to ${soon.date} ${soon.time}`,
        `Rescheduled from ${soon.date} ${soon.time} to ${future(5)} 09:00`,
      ]);
    const missing = await admin('POST', '/api/admin/registrations/12345/reschedule', {
      timeslotId: slots.target,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('200 concurrent moves onto a slot with 5 free seats: exactly 5 move, seats equal the log', async () => {
    const N = 200;
    const orders: { id: number; ref: string }[] = [];
    for (let i = 0; i < N; i += 20) {
      orders.push(
        ...(await Promise.all(Array.from({ length: Math.min(20, N - i) }, () => book(slots.raceFrom!)))),
      );
    }
    const answers = await Promise.all(orders.map((o) => reschedule(o.ref, slots.raceTo!)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      answers.find((a) => a.statusCode >= 500)?.body,
    ).toEqual([]);
    const movedIds = orders.filter((_, i) => statuses[i] === 200).map((o) => String(o.id));
    const moves = await findEvents<{ toTimeslotId: number }>(api.db.sql, {
      type: 'RegistrationRescheduled',
      streamId: orders.map((o) => `registration-${o.id}`),
    });
    expect(moves.map((e) => e.streamId.replace('registration-', '')).sort()).toEqual(movedIds.sort());
    expect(await loggedSeats(slots.raceTo!)).toBe(5);
    expect(await loggedSeats(slots.raceFrom!)).toBe(N - 5);
    await expect.poll(() => projectedSeats(slots.raceTo!), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => projectedSeats(slots.raceFrom!), { timeout: 15_000 }).toBe(N - 5);
    await expect
      .poll(
        async () => {
          const rows = await api.db.sql<{ timeslot_id: string; n: number }[]>`
            select timeslot_id, count(*)::int as n from orders
            where registration_id = any(${orders.map((o) => o.id)}::bigint[]) group by timeslot_id`;
          return Object.fromEntries(rows.map((r) => [Number(r.timeslot_id), r.n]));
        },
        { timeout: 15_000 },
      )
      .toEqual({ [slots.raceFrom!]: N - 5, [slots.raceTo!]: 5 });
  }, 60_000);
});
