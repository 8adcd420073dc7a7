import { waitlistToken } from '@hs/commands';
import { MAX_PARTICIPANTS_MESSAGE, POSTAL_CODE_MESSAGE, waitlistEntryId } from '@hs/domain';
import { type Runner, findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApiConfig } from '../src/config';
import { type TestApi, startTestApi } from './helpers';

/** Issue 22: the waiting list's public and back-office routes, against the log and its read model. */
describe('waiting list routes', () => {
  let api: TestApi;
  let runner: Runner;
  let eventId: number;
  let packageId: number;
  let otherPackageId: number;
  const secret = testApiConfig().waitlistTokenSecret;

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const person = (i: number) => ({
    eventId,
    packageId,
    postalCode: '560123',
    firstName: 'Mei',
    lastName: `Ling${i}`,
    email: `wait${i}@example.com`,
    mobileNumber: '91234567',
    seats: 2,
  });
  const join = (payload: object) => api.app.inject({ method: 'POST', url: '/api/waitlist', payload });
  /** The token the emails carry: derived from the entry and when it joined, as the worker does. */
  const tokenOf = async (email: string) => {
    const id = waitlistEntryId(eventId, email);
    const joined = await findEvents<{ joinedAt: string }>(api.db.sql, {
      streamId: `waitlist-${id}`,
      type: 'WaitlistJoined',
    });
    return waitlistToken(secret, id, joined.at(-1)!.data.joinedAt);
  };
  const entry = (token: string) => api.app.inject(`/api/waitlist/${token}`);
  /** The read model has the entry (the projection runs beside the api). */
  const projected = async (id: string) =>
    expect
      .poll(async () => (await api.db.sql`select 1 from waitlist_entries where id = ${id}`).length, {
        timeout: 10_000,
      })
      .toBe(1);

  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { ...testApiConfig().rateLimits, enabled: false } });
    runner = startProjectionRunner(api.db.sql, projections, {
      pollMs: 50,
      onError: (err, name) => console.error('PROJECTION', name, err),
    });
    const pkg = (name: string) =>
      api.asAdmin({ method: 'POST', url: '/api/admin/packages', payload: { name, price: '100' } });
    packageId = (await pkg('Basic Health')).json().data.id;
    otherPackageId = (await pkg('Not Offered')).json().data.id;
    const event = await api.asAdmin({
      method: 'POST',
      url: '/api/admin/events',
      payload: { name: 'Full Screening', slug: 'full-screening', packageIds: [packageId] },
    });
    eventId = event.json().data.id;
    const slot = await api.asAdmin({
      method: 'POST',
      url: `/api/admin/events/${eventId}/timeslots`,
      payload: { date: future(5), time: '09:00', maxAttendees: 1 },
    });
    expect(slot.statusCode, slot.body).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await runner.stop();
    await api.close();
  });

  it('joins: 201 with the entry id and the place in line', async () => {
    const first = await join(person(1));
    expect(first.statusCode, first.body).toBe(201);
    const id1 = waitlistEntryId(eventId, 'wait1@example.com');
    expect(first.json()).toEqual({ success: true, data: { id: id1, position: 1 } });
    await projected(id1);
    const second = await join({
      ...person(2),
      seats: '1',
      preferredDates: [future(6), future(5), future(6)],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.position).toBe(2);
    // the dates are kept once each, in order
    const [joined] = await findEvents<{ preferredDates: string[]; seats: number }>(api.db.sql, {
      streamId: `waitlist-${second.json().data.id}`,
      type: 'WaitlistJoined',
    });
    expect(joined!.data).toMatchObject({ preferredDates: [future(5), future(6)], seats: 1 });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name cannot be empty'],
    [{ lastName: 'L' }, 'lastName', 'Last name is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ mobileNumber: '123' }, 'mobileNumber', 'Mobile number is required'],
    [{ postalCode: '12' }, 'postalCode', POSTAL_CODE_MESSAGE],
    [{ seats: 0 }, 'seats', MAX_PARTICIPANTS_MESSAGE],
    [{ seats: 11 }, 'seats', MAX_PARTICIPANTS_MESSAGE],
    [{ seats: 'two' }, 'seats', MAX_PARTICIPANTS_MESSAGE],
    [{ packageId: null }, 'packageId', 'Please select a package'],
    [{ eventId: 'x' }, 'eventId', 'Please select an event'],
    [{ preferredDates: ['31/02/2030'] }, 'preferredDates.0', 'Preferred dates must be valid dates'],
  ])('refuses %j with the booking form message (400)', async (change, field, message) => {
    const res = await join({ ...person(50), ...change });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message });
    expect(body.errors).toContainEqual({ field, message });
  });

  it('refuses an unknown event (404) and a package the event does not offer (400)', async () => {
    const unknown = await join({ ...person(51), eventId: 999_999 });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const pkg = await join({ ...person(51), packageId: otherPackageId });
    expect(pkg.statusCode, pkg.body).toBe(400);
    expect(pkg.json()).toMatchObject({
      message: 'The selected package is not available for this event',
      errors: [{ field: 'packageId' }],
    });
  });

  it('one active entry per email and event: a second join is 409, whatever the case of the email', async () => {
    const res = await join({ ...person(1), email: ' WAIT1@Example.com ' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'You are already on the waiting list for this event',
    });
  });

  it('reads the entry by its emailed token; an unknown token is 404', async () => {
    const token = await tokenOf('wait1@example.com');
    const res = await entry(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: waitlistEntryId(eventId, 'wait1@example.com'),
      eventId,
      eventName: 'Full Screening',
      packageId,
      packageName: 'Basic Health',
      firstName: 'Mei',
      lastName: 'Ling1',
      email: 'wait1@example.com',
      postalCode: '560123',
      seats: 2,
      preferredDates: [],
      status: 'waiting',
      position: 1,
      offer: null,
    });
    const wrong = await entry(`${token.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ success: false, message: 'Waiting list entry not found' });
  });

  it('leaves by token, idempotently; the next in line moves up', async () => {
    const token = await tokenOf('wait1@example.com');
    const leave = () => api.app.inject({ method: 'DELETE', url: `/api/waitlist/${token}` });
    const first = await leave();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'You have left the waiting list' });
    expect((await leave()).json()).toEqual({ success: true, message: 'You have left the waiting list' });
    const left = await findEvents(api.db.sql, {
      streamId: `waitlist-${waitlistEntryId(eventId, 'wait1@example.com')}`,
      type: 'WaitlistLeft',
    });
    expect(left).toHaveLength(1);
    await expect.poll(async () => (await entry(token)).json().data.status, { timeout: 10_000 }).toBe('left');
    expect((await entry(token)).json().data.position).toBeNull();
    const second = await entry(await tokenOf('wait2@example.com'));
    expect(second.json().data.position).toBe(1);
    const unknown = await api.app.inject({ method: 'DELETE', url: '/api/waitlist/no-such-token' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a person who left may join again, with a new link', async () => {
    const before = await tokenOf('wait1@example.com');
    const res = await join(person(1));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.position).toBe(2);
    const after = await tokenOf('wait1@example.com');
    expect(after).not.toBe(before);
    await expect.poll(async () => (await entry(after)).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await entry(before)).statusCode).toBe(404);
  });

  it('back office: lists the event waiting list, removes an entry, counts the active ones', async () => {
    const id2 = waitlistEntryId(eventId, 'wait2@example.com');
    const id1 = waitlistEntryId(eventId, 'wait1@example.com');
    await expect
      .poll(
        async () =>
          (await api.asAdmin({ method: 'GET', url: `/api/admin/events/${eventId}/waitlist` }))
            .json()
            .data.map((e: { id: string; position: number | null }) => [e.id, e.position]),
        { timeout: 10_000 },
      )
      .toEqual([
        [id2, 1],
        [id1, 2],
      ]);
    const list = (await api.asAdmin({ method: 'GET', url: `/api/admin/events/${eventId}/waitlist` })).json();
    expect(list.data[0]).toMatchObject({
      firstName: 'Mei',
      lastName: 'Ling2',
      email: 'wait2@example.com',
      mobileNumber: '91234567',
      seats: 1,
      postalCode: '560123',
      preferredDates: [future(5), future(6)],
      status: 'waiting',
      offer: null,
    });
    expect(typeof list.data[0].region).toBe('string');
    expect(Date.parse(list.data[0].joinedAt)).not.toBeNaN();
    const dashboard = async () =>
      (await api.asAdmin({ method: 'GET', url: '/api/admin/dashboard' })).json().data.waitlist;
    expect(await dashboard()).toBe(2);
    // Per event, busiest first: what the tab opens on (issue 45).
    const counts = async () =>
      (await api.asAdmin({ method: 'GET', url: '/api/admin/waitlist/counts' })).json().data;
    expect(await counts()).toEqual([{ eventId, active: 2 }]);

    const removed = await api.asAdmin({ method: 'DELETE', url: `/api/admin/waitlist/${id2}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Removed from the waiting list' });
    const [left] = await findEvents<{ by: string }>(api.db.sql, {
      streamId: `waitlist-${id2}`,
      type: 'WaitlistLeft',
    });
    expect(left!.data.by).toBe('staff');
    expect(left!.metadata).toMatchObject({ actor: expect.stringMatching(/^admin/) });
    await expect.poll(dashboard, { timeout: 10_000 }).toBe(1);
    expect(await counts()).toEqual([{ eventId, active: 1 }]);
    const after = (await api.asAdmin({ method: 'GET', url: `/api/admin/events/${eventId}/waitlist` })).json();
    expect(
      after.data.map((e: { id: string; status: string; position: number | null }) => [
        e.id,
        e.status,
        e.position,
      ]),
    ).toEqual([
      [id1, 'waiting', 1],
      [id2, 'removed', null],
    ]);
    // removing again answers the same; an unknown entry or event is 404
    expect((await api.asAdmin({ method: 'DELETE', url: `/api/admin/waitlist/${id2}` })).statusCode).toBe(200);
    expect((await api.asAdmin({ method: 'DELETE', url: '/api/admin/waitlist/nope' })).statusCode).toBe(404);
    expect((await api.asAdmin({ method: 'GET', url: '/api/admin/events/999999/waitlist' })).statusCode).toBe(
      404,
    );
    // without a token: the admin guard
    expect((await api.app.inject(`/api/admin/events/${eventId}/waitlist`)).statusCode).toBe(401);
  });
});
