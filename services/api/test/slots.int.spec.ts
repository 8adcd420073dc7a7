import { REGION_TABLE, singaporeToday } from '@hs/domain';
import { type Runner, rebuildProjection, startProjectionRunner } from '@hs/eventstore';
import { projections, slotAvailabilityProjection } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTimeslotCommand } from '../src/slots/capacity';
import { type TestApi, person, startTestApi } from './helpers';

type Group = {
  date: { label: string; value: string };
  timeslots: {
    id: number;
    label: string;
    isAvailable: boolean;
    currentAttendees: number;
    maxAttendees: number;
    date: string;
    time: string;
  }[];
};

describe('events, timeslots and capacity', () => {
  let api: TestApi;
  let runner: Runner;
  let autoEvent: { id: number };
  let manualEvent: { id: number };
  const holiday = '2026-12-25';

  const get = (url: string) => api.app.inject({ url });
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    api.asAdmin({ method, url, payload });

  beforeAll(async () => {
    api = await startTestApi();
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    const pkg = (
      await admin('POST', '/api/admin/packages', { name: 'Basic Health', price: '128', aiaPrice: '98' })
    ).json().data;
    await admin('POST', '/api/admin/packages', { name: 'Hidden Package', price: '10', isActive: false });
    autoEvent = (
      await admin('POST', '/api/admin/events', {
        name: 'WhiteCoat Health Screening',
        slug: 'whitecoat-health-screening',
        packageIds: [pkg.id],
        config: { configType: 'auto', numSlots: 6, bufferHours: 24, maxAttendees: 20 },
      })
    ).json().data;
    manualEvent = (
      await admin('POST', '/api/admin/events', {
        name: 'Community Screening',
        slug: 'community',
        location: 'Toa Payoh',
        packageIds: [pkg.id],
      })
    ).json().data;
    await admin('POST', '/api/admin/events', { name: 'Old Event', slug: 'old-event', isActive: false });
    await admin('POST', '/api/admin/public-holidays', { name: 'Christmas Day', date: holiday });
  });
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('lists active events with their availability label', async () => {
    const res = await get('/api/events');
    expect(res.statusCode).toBe(200);
    const events = res.json().data;
    expect(events.map((e: { slug: string }) => e.slug).sort()).toEqual([
      'community',
      'whitecoat-health-screening',
    ]);
    const manual = events.find((e: { slug: string }) => e.slug === 'community');
    expect(manual).toMatchObject({ location: 'Toa Payoh', timeslots: [], availabilityLabel: 'Fully Booked' });
    expect(
      events.find((e: { slug: string }) => e.slug === 'whitecoat-health-screening').availabilityLabel,
    ).toBe('Slots Available');
    expect((await get('/api/events?search=WHITECOAT')).json().data).toHaveLength(1);
  });

  it('answers an event by slug with its active packages, and 404 for unknown or inactive ones', async () => {
    const res = await get('/api/events/whitecoat-health-screening');
    expect(res.json().data).toMatchObject({
      name: 'WhiteCoat Health Screening',
      location: null,
      timeslotMode: 'auto',
      packages: [{ name: 'Basic Health', price: '128.00', aiaPrice: '98.00' }],
    });
    for (const slug of ['nope', 'old-event']) {
      const missing = await get(`/api/events/${slug}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("The event you're looking for doesn't exist or has been removed.");
    }
  });

  it('refuses bad postal codes, unknown regions and unknown events clearly', async () => {
    const bad = await get(`/api/timeslots/postal-code?postalCode=12ab&eventId=${autoEvent.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Postal code must be 6 digits');
    const unknown = await get(`/api/timeslots/postal-code?postalCode=990000&eventId=${autoEvent.id}`);
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/timeslots/postal-code?postalCode=530000&eventId=99999')).statusCode).toBe(404);
    expect((await get('/api/timeslots/postal-code?postalCode=530000')).json().message).toBe(
      'Please select an event',
    );
  });

  it('generates auto slots per region: region weekdays only, no holiday, nothing inside the buffer', async () => {
    const notBefore = Date.now() + 24 * 3_600_000;
    for (const region of REGION_TABLE) {
      const prefix = region.prefixes[0]!.toString().padStart(2, '0');
      const res = await get(`/api/timeslots/postal-code?postalCode=${prefix}1234&eventId=${autoEvent.id}`);
      expect(res.statusCode, region.region).toBe(200);
      const body = res.json();
      expect(body.region).toBe(region.region);
      const groups = Object.values(body.data) as Group[];
      expect(groups).toHaveLength(6);
      for (const g of groups) {
        expect(g.date.value).not.toBe(holiday);
        const weekday = new Date(`${g.date.value}T00:00:00Z`).getUTCDay();
        expect(Object.keys(region.schedule).map(Number)).toContain(weekday);
        for (const s of g.timeslots) {
          expect(Date.parse(`${s.date}T${s.time}:00+08:00`)).toBeGreaterThan(notBefore);
          expect(s).toMatchObject({ isAvailable: true, currentAttendees: 0, maxAttendees: 20 });
        }
      }
    }
  });

  it('materialises each slot once under 200 concurrent first lookups', async () => {
    const url = `/api/auto-timeslots/postal-code?postalCode=420001&eventId=${autoEvent.id}`;
    const answers = await Promise.all(Array.from({ length: 200 }, () => get(url)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const ids = new Set(
      answers.flatMap((a) => a.json().data.flatMap((d: Group) => d.timeslots.map((t) => t.id))),
    );
    const [row] = await api.db.sql<{ n: number; distinct: number }[]>`
      select count(*)::int as n, count(distinct (date, time))::int as distinct from timeslots where event_id = ${autoEvent.id} and region = 'east'`;
    expect(row!.n).toBe(row!.distinct);
    expect(ids.size).toBe(row!.n);
  });

  it('answers every region on a date', async () => {
    // The first Monday after the buffer: north and central serve Mondays.
    let day = new Date(Date.now() + 3 * 86_400_000);
    while (day.getUTCDay() !== 1 || day.toISOString().slice(0, 10) === holiday)
      day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const res = await get(`/api/auto-timeslots/date?date=${date}&eventId=${autoEvent.id}`);
    expect(Object.keys(res.json().data).sort()).toEqual(['central', 'north']);
    expect(res.json().data.north.timeslots.map((t: { label: string }) => t.label)).toEqual([
      '9:00 AM',
      '11:00 AM',
    ]);
    expect(
      (await get(`/api/auto-timeslots/date?date=2026-02-30&eventId=${autoEvent.id}`)).json().message,
    ).toBe('Please select a date');
    // Past the generation horizon: no slots, and none created (a lookup must not fill the table).
    const far = await get(`/api/auto-timeslots/date?date=9999-12-27&eventId=${autoEvent.id}`);
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual({});
    const [created] = await api.db.sql<{ n: number }[]>`
      select count(*)::int as n from timeslots where date = '9999-12-27'`;
    expect(created?.n).toBe(0);
  });

  it('offers manual slots to every postal code, and lets staff block one; the read model follows', async () => {
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await admin('POST', `/api/admin/events/${manualEvent.id}/timeslots`, {
      date,
      time: '09:30',
      maxAttendees: 3,
    });
    expect(created.statusCode).toBe(201);
    const slot = created.json().data;
    expect(slot).toMatchObject({ label: '9:30 AM', maxAttendees: 3, currentAttendees: 0, isAvailable: true });
    expect(
      (await admin('POST', `/api/admin/events/${manualEvent.id}/timeslots`, { date, time: '09:30' }))
        .statusCode,
    ).toBe(409);

    const lookup = await get(`/api/timeslots/postal-code?postalCode=170001&eventId=${manualEvent.id}`);
    expect(lookup.json()).toMatchObject({
      region: 'central',
      data: { [date]: { timeslots: [{ id: slot.id }] } },
    });

    const blocked = await admin('PUT', `/api/admin/timeslots/${slot.id}/availability`, {
      isAvailable: false,
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().position).toMatch(/\./);
    const after = await get(
      `/api/timeslots/postal-code?postalCode=170001&eventId=${manualEvent.id}&position=${blocked.json().position}`,
    );
    expect(after.json().position).toMatch(/^\d+\.\d+$/);
    expect(after.json().data[date].timeslots[0].isAvailable).toBe(false);

    // A blocked slot refuses seats; unblocked it takes them up to capacity and no further.
    await expect(
      runTimeslotCommand(
        api.db.sql,
        slot.id,
        { type: 'ReserveSeats', registrationId: 'r1', seats: 1, at: date },
        'public',
      ),
    ).rejects.toThrow('This timeslot is not available');
    await admin('PUT', `/api/admin/timeslots/${slot.id}/availability`, { isAvailable: true });
    await runTimeslotCommand(
      api.db.sql,
      slot.id,
      { type: 'ReserveSeats', registrationId: 'r1', seats: 2, at: date },
      'public',
    );
    await expect(
      runTimeslotCommand(
        api.db.sql,
        slot.id,
        { type: 'ReserveSeats', registrationId: 'r2', seats: 2, at: date },
        'public',
      ),
    ).rejects.toThrow('Only 1 slot left in this timeslot');
    const search = await admin(
      'GET',
      `/api/admin/timeslots/postal-code?eventId=${manualEvent.id}&date=${date}`,
    );
    await expect
      .poll(
        async () =>
          (
            await admin('GET', `/api/admin/timeslots/postal-code?eventId=${manualEvent.id}&date=${date}`)
          ).json().data[date].timeslots[0].currentAttendees,
        { timeout: 15_000 },
      )
      .toBe(2);
    expect(search.statusCode).toBe(200);
    expect(
      (await admin('GET', `/api/admin/timeslots/postal-code?eventId=${manualEvent.id}`)).json().message,
    ).toBe('Please enter a postal code or select a date');
  });

  it('rebuilds the slot read model from the log into the same rows', async () => {
    const read = () =>
      api.db
        .sql`select timeslot_id, current_attendees, max_attendees, is_available from slot_availability order by timeslot_id`;
    await expect
      .poll(async () => (await api.db.sql`select 1 from slot_availability`).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    const live = await read();
    await runner.stop();
    await rebuildProjection(api.db.sql, slotAvailabilityProjection);
    expect(await read()).toEqual(live);
    runner = startProjectionRunner(api.db.sql, projections, { pollMs: 50 });
    expect(singaporeToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("labels an auto event by every region's slots over its horizon: Fully Booked with no free seat", async () => {
    const pkgId = (await get('/api/events/community')).json().data.packages[0].id;
    const event = (
      await admin('POST', '/api/admin/events', {
        name: 'Auto Label Screening',
        slug: 'auto-label',
        packageIds: [pkgId],
        config: { configType: 'auto', numSlots: 1, bufferHours: 24, maxAttendees: 20 },
      })
    ).json().data;
    const label = async () => {
      const listed = (await get('/api/events'))
        .json()
        .data.find((e: { slug: string }) => e.slug === 'auto-label');
      const detail = (await get('/api/events/auto-label')).json().data;
      expect(detail.availabilityLabel).toBe(listed.availabilityLabel);
      return listed.availabilityLabel;
    };
    expect(await label()).toBe('Slots Available');

    const slotIds: number[] = [];
    for (const region of REGION_TABLE) {
      const prefix = region.prefixes[0]!.toString().padStart(2, '0');
      const res = await get(`/api/auto-timeslots/postal-code?postalCode=${prefix}1234&eventId=${event.id}`);
      for (const day of res.json().data as { timeslots: { id: number }[] }[])
        slotIds.push(...day.timeslots.map((t) => t.id));
    }
    expect(slotIds.length).toBeGreaterThan(REGION_TABLE.length - 1);
    for (const id of slotIds)
      await admin('PUT', `/api/admin/timeslots/${id}/availability`, { isAvailable: false });
    await expect.poll(label, { timeout: 15_000 }).toBe('Fully Booked');

    // One slot open again and 15 of its 20 seats taken: the only open slot is above 70 % full.
    const [open] = slotIds;
    await admin('PUT', `/api/admin/timeslots/${open}/availability`, { isAvailable: true });
    await runTimeslotCommand(
      api.db.sql,
      open!,
      { type: 'ReserveSeats', registrationId: 'label-1', seats: 15, at: new Date().toISOString() },
      'public',
    );
    await expect.poll(label, { timeout: 15_000 }).toBe('Limited Slots');
    // Its last 5 seats taken too: no free seat anywhere again.
    await runTimeslotCommand(
      api.db.sql,
      open!,
      { type: 'ReserveSeats', registrationId: 'label-2', seats: 5, at: new Date().toISOString() },
      'public',
    );
    await expect.poll(label, { timeout: 15_000 }).toBe('Fully Booked');
  });

  it('books a manual event only on its own slots, not on one an auto lookup generated for it', async () => {
    const lookup = await get(`/api/auto-timeslots/postal-code?postalCode=530123&eventId=${manualEvent.id}`);
    expect(lookup.statusCode).toBe(200);
    const generated = lookup.json().data[0].timeslots[0];
    const pkgId = (await get('/api/events/community')).json().data.packages[0].id;
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: { eventId: manualEvent.id, packageId: pkgId, timeslotId: generated.id, ...person(31) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a timeslot');
  });
});
