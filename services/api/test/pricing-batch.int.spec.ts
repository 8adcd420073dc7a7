import { readSlotStream } from '../src/booking/slot-read';
import { createPricingReads, readPricingRows } from '../src/booking/pricing-read';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, person, startTestApi } from './helpers';

// Issue 27: the bookings that arrive together are priced in one statement. Each must still get its
// own answer (a booking of an event that does not exist is refused alone), from the catalogue as it
// is now (no price is cached between bookings).
describe('pricing reads in batches', () => {
  let api: TestApi;
  let eventId: number;
  let otherEventId: number;
  let packageId: number;
  const slotIds: number[] = [];
  let otherSlotId: number;
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  const createEvent = async (name: string, slug: string) =>
    (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name, slug, location: 'Bedok', packageIds: [packageId] },
      })
    ).json().data.id as number;
  /** Each slot's date as it was created. */
  const slotDates = new Map<number, string>();
  const createSlot = async (event: number, day: number) => {
    const date = future(day);
    const id = (
      await api.asAdmin({
        method: 'POST',
        url: `/api/admin/events/${event}/timeslots`,
        payload: { date, time: '10:00', maxAttendees: 100 },
      })
    ).json().data.id as number;
    slotDates.set(id, date);
    return id;
  };

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    packageId = (
      await api.asAdmin({
        method: 'POST',
        url: '/api/admin/packages',
        payload: { name: 'Basic', price: '100' },
      })
    ).json().data.id;
    eventId = await createEvent('Batch Pricing', 'batch-pricing');
    otherEventId = await createEvent('Other Pricing', 'other-pricing');
    for (let day = 3; day < 7; day++) slotIds.push(await createSlot(eventId, day));
    otherSlotId = await createSlot(otherEventId, 3);
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  it('bookings sent together each get their own answer: booked, no such event, or not this event’s slot', async () => {
    let n = 0;
    const booking = (over: Record<string, unknown>) => ({
      eventId,
      packageId,
      timeslotId: slotIds[n++ % slotIds.length],
      ...over,
    });
    // Every fourth request is one to refuse, so the refused ones sit between booked ones in a batch.
    const refused = [
      { over: { eventId: 987_654 }, status: 404 },
      // An id no row can have: refused as not found, never a failed statement for the whole batch.
      { over: { eventId: 1e20 }, status: 404 },
      { over: { timeslotId: otherSlotId }, status: 400 },
    ];
    const cases = Array.from({ length: 36 }, (_, i) =>
      i % 4 === 3
        ? { body: booking(refused[(i >> 2) % 3]!.over), status: refused[(i >> 2) % 3]!.status }
        : { body: booking({}), status: 201 },
    );
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        cases.map(({ body }, i) =>
          api.app.inject({
            method: 'POST',
            url: '/api/registrations',
            payload: { ...body, ...person(2000 + round * 100 + i) },
          }),
        ),
      );
      expect(
        answers.map((a) => a.statusCode),
        api.errors.join('\n'),
      ).toEqual(cases.map((c) => c.status));
      answers.forEach((a, i) => {
        const body = a.json();
        if (cases[i]!.status === 201) expect(body.data.totalAmount).toBe('109.00');
        if (cases[i]!.status === 404)
          expect(body).toEqual({
            success: false,
            message: "The event you're looking for doesn't exist or has been removed.",
          });
        if (cases[i]!.status === 400) expect(body.message).toBe('Please select a timeslot');
      });
    }
  }, 120_000);

  it('a batch reads each order its own rows, the same as reading it alone, in one statement for many', async () => {
    const reads = createPricingReads(api.db.sql);
    const noSuchSlot = 987_654;
    const keys = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9
        ? { eventId: 987_654, timeslotId: slotIds[0]! }
        : i % 10 === 8
          ? { eventId: otherEventId, timeslotId: otherSlotId }
          : i % 10 === 7
            ? { eventId, timeslotId: noSuchSlot }
            : { eventId, timeslotId: slotIds[i % slotIds.length]! },
    );
    const together = await Promise.all(keys.map((k) => reads.read(k)));
    const alone = await Promise.all(
      keys.map(
        async (k) => (await readPricingRows(api.db.sql, [k], { readSlot: true, withSettings: true }))[0],
      ),
    );
    expect(together).toEqual(alone);
    expect(together.filter((r) => r === null)).toHaveLength(3);
    // Each row's slot stream is its own slot's.
    for (const [i, row] of together.entries()) {
      if (!row) continue;
      if (keys[i]!.timeslotId === noSuchSlot) {
        // The event is found; the slot is not (the route then refuses it).
        expect(row.slot).toBeNull();
        continue;
      }
      const { timeslotId, eventId: slotEventId } = keys[i]!;
      expect(row.slot).toMatchObject({
        id: timeslotId,
        eventId: slotEventId,
        maxAttendees: 100,
        date: slotDates.get(timeslotId),
      });
      const versions = new Set(row.slotLatest!.map((l) => Number(l.stream_version)));
      expect([...versions]).toEqual([(await readSlotStream(api.db.sql, keys[i]!.timeslotId)).version]);
    }
    expect(reads.stats.items).toBe(30);
    expect(reads.stats.batches).toBeLessThan(30);
    expect(reads.stats.largestBatch).toBeGreaterThan(1);
  });

  it('a price changed by the admin is the price of the next booking', async () => {
    const res = await api.asAdmin({
      method: 'PUT',
      url: `/api/admin/packages/${packageId}`,
      payload: { name: 'Basic', price: '120' },
    });
    expect(res.statusCode).toBe(200);
    const booked = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId, packageId, timeslotId: slotIds[1], ...person(9000) },
    });
    expect(booked.statusCode, api.errors.join('\n')).toBe(201);
    expect(booked.json().data.totalAmount).toBe('130.80');
  });
});
