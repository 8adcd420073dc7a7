import { markDueNoShows } from '@hs/commands';
import { addDaysToDay, singaporeInstant, singaporeToday } from '@hs/domain';
import { countEvents } from '@hs/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { type DeskDay, startDeskDay } from './desk-fixture';
import type { TestApi } from './helpers';

/** Issue 23: the front desk checks parties in by QR code or reference, once, and reads the day's sheet. */
describe('check-in at the front desk', () => {
  let desk: DeskDay;
  let api: TestApi;
  let eventId: number;
  let today: number;
  let tomorrow: number;
  const day = singaporeToday();

  const admin: DeskDay['admin'] = (...args) => desk.admin(...args);
  const book = (timeslotId: number) => desk.book(timeslotId);
  const lookup = async (ref: string) => {
    const url = `/api/registrations/lookup/${ref}`;
    await expect.poll(async () => (await api.app.inject(url)).statusCode, { timeout: 10_000 }).toBe(200);
    return (await api.app.inject(url)).json().data;
  };
  const scan = (body: object) => admin('POST', '/api/admin/check-ins', body);
  const WAIVER = 'Company pays on invoice';
  const checkIns = (id: number) =>
    countEvents(api.db.sql, { streamId: `registration-${id}`, type: 'ParticipantsCheckedIn' });

  beforeAll(async () => {
    desk = await startDeskDay({
      name: 'Community Screening',
      slug: 'community',
      location: 'Toa Payoh',
      packageName: 'Basic Health',
      price: '100',
      time: '23:30',
    });
    ({ api, eventId, today, tomorrow } = desk);
  }, 60_000);
  afterAll(() => desk?.close());

  it('checks a party in by reference, then a scan of its QR code records nothing and names the first', async () => {
    const { id, ref } = await book(today);
    // issue 45: a balance due is paid or waived, with a reason, before check-in
    const owing = await scan({ referenceNumber: ref });
    expect(owing.statusCode, owing.body).toBe(409);
    expect(owing.json().message).toMatch(
      /^This booking has S\$\d+\.\d\d to pay\. Record the payment at the desk, or waive it with a reason, before check-in\.$/,
    );
    expect(await checkIns(id)).toBe(0);
    const first = await scan({ referenceNumber: ref.toLowerCase(), waiveReason: WAIVER });
    expect(first.statusCode, `${first.body} ${api.errors.join('\n')}`).toBe(200);
    const data = first.json().data;
    expect(data.message).toBe('Checked in 1 person');
    expect(data.alreadyCheckedIn).toBe(false);
    expect(data.party).toMatchObject({
      registrationId: id,
      referenceNumber: ref,
      status: 'pending_payment',
      paymentStatus: 'balance_due',
      date: day,
      time: '23:30',
    });
    expect(data.party.balanceDue).toMatch(/^[1-9]\d*\.\d\d$/);
    expect(data.party.people[0].checkedInBy).toMatch(/^admin\d+$/);

    const { checkInToken } = await lookup(ref);
    expect(checkInToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await scan({ token: checkInToken });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.alreadyCheckedIn).toBe(true);
    expect(second.json().data.message).toMatch(/^Already checked in at \d\d:\d\d by admin\d+$/);
    expect(second.json().data.party.people[0].checkedInAt).toBe(data.party.people[0].checkedInAt);
    expect(await checkIns(id)).toBe(1);
  });

  it('the front desk checks in and reads the sheet; finance may do neither', async () => {
    const tokenOf = async (role: string) => {
      await createUser(api.db.sql, { username: `${role}1`, password: 'correct horse battery', role });
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: `${role}1`, password: 'correct horse battery' },
      });
      return { authorization: `Bearer ${res.json().data.token}` };
    };
    const desk = await tokenOf('front_desk');
    const finance = await tokenOf('finance');
    const { ref } = await book(today);
    const asDesk = await api.app.inject({
      method: 'POST',
      url: '/api/admin/check-ins',
      headers: desk,
      payload: { referenceNumber: ref, waiveReason: WAIVER },
    });
    expect(asDesk.statusCode, asDesk.body).toBe(200);
    expect(asDesk.json().data.party.people[0].checkedInBy).toBe('front_desk1');
    const sheetUrl = `/api/admin/events/${eventId}/attendees?date=${day}`;
    expect((await api.app.inject({ url: sheetUrl, headers: desk })).statusCode).toBe(200);
    expect(
      (
        await api.app.inject({
          method: 'POST',
          url: '/api/admin/check-ins',
          headers: finance,
          payload: { referenceNumber: ref },
        })
      ).statusCode,
    ).toBe(403);
    expect((await api.app.inject({ url: sheetUrl, headers: finance })).statusCode).toBe(403);
  });

  it('20 concurrent scans of one code at several desks record one check-in', async () => {
    const { id, ref } = await book(today);
    const { checkInToken } = await lookup(ref);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => scan({ token: checkInToken, waiveReason: WAIVER })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.filter((a) => a.json().data.alreadyCheckedIn === false)).toHaveLength(1);
    expect(await checkIns(id)).toBe(1);
  });

  it('refuses other-day and cancelled bookings, unknown codes and people not on the booking', async () => {
    const later = await book(tomorrow);
    const other = await scan({ referenceNumber: later.ref });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(`This booking is for ${addDaysToDay(day, 1)}, not today.`);

    const gone = await book(today);
    const cancel = await admin('PATCH', `/api/admin/registrations/${gone.id}`, { status: 'canceled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await scan({ referenceNumber: gone.ref });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This booking was cancelled; it cannot be checked in.');
    expect((await lookup(gone.ref)).checkInToken).toBeNull();

    const unknown = await scan({ token: 'not-a-code' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not known/);
    expect((await scan({ referenceNumber: 'HS0000-0000-0000' })).statusCode).toBe(404);
    expect((await scan({})).statusCode).toBe(400);
    expect((await scan({ token: 'x', referenceNumber: later.ref })).statusCode).toBe(400);
    const mine = await book(today);
    const stranger = await scan({ referenceNumber: mine.ref, participantIds: ['someone-else'] });
    expect(stranger.statusCode).toBe(404);
    expect(await checkIns(mine.id)).toBe(0);
  });

  it('the order list filters by attendance and the dashboard counts no-shows', async () => {
    const came = await book(today);
    const absent = await book(today);
    expect((await scan({ referenceNumber: came.ref, waiveReason: WAIVER })).statusCode).toBe(200);
    await lookup(absent.ref);
    const nextMorning = () => singaporeInstant(addDaysToDay(day, 1), '00:05');
    expect(await markDueNoShows(api.db.sql, nextMorning, { actor: 'worker:no-show' })).toContain(absent.id);
    const listed = async (attendance: string) =>
      (await admin('GET', `/api/admin/registrations?attendance=${attendance}&pageSize=500`)).json().data as {
        id: number;
        attendance: string | null;
        checkedInCount: number;
        noShowCount: number;
      }[];
    await expect
      .poll(async () => (await listed('no_show')).map((o) => o.id), { timeout: 10_000 })
      .toContain(absent.id);
    expect((await listed('no_show')).find((o) => o.id === absent.id)).toMatchObject({
      attendance: 'no_show',
      noShowCount: 1,
      checkedInCount: 0,
    });
    const checkedIn = await listed('checked_in');
    expect(checkedIn.find((o) => o.id === came.id)).toMatchObject({
      attendance: 'checked_in',
      checkedInCount: 1,
    });
    expect(checkedIn.map((o) => o.id)).not.toContain(absent.id);
    expect((await listed('not_checked_in')).map((o) => o.id)).not.toContain(came.id);
    expect((await admin('GET', '/api/admin/registrations?attendance=maybe')).statusCode).toBe(400);
    const dashboard = (await admin('GET', '/api/admin/dashboard')).json().data;
    expect(dashboard.noShows).toBeGreaterThanOrEqual(1);
    const history = (await admin('GET', `/api/admin/registrations/${absent.id}/history`)).json().data as {
      type: string;
      actor: string;
      summary: string;
    }[];
    expect(history.find((h) => h.type === 'MarkedNoShow')).toMatchObject({
      actor: 'worker:no-show',
      summary: `No-show: 1 participant(s) did not come on ${day}`,
    });
  });

  it("lists the day's attendees per slot with payment and check-in, as JSON and CSV", async () => {
    const { ref } = await book(today);
    expect((await scan({ referenceNumber: ref, waiveReason: WAIVER })).statusCode).toBe(200);
    const sheetOf = async () =>
      (await admin('GET', `/api/admin/events/${eventId}/attendees?date=${day}`)).json().data;
    await expect
      .poll(
        async () =>
          (await sheetOf()).slots[0]?.parties.find(
            (p: { referenceNumber: string }) => p.referenceNumber === ref,
          )?.people[0].checkedInAt ?? null,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    const sheet = await sheetOf();
    expect(sheet).toMatchObject({
      eventId,
      eventName: 'Community Screening',
      location: 'Toa Payoh',
      date: day,
    });
    expect(sheet.slots).toHaveLength(1);
    expect(sheet.slots[0].time).toBe('23:30');
    // the cancelled booking of the test before is not expected at the desk
    for (const p of sheet.slots[0].parties) expect(p.status).not.toBe('cancelled');

    const csv = await admin('GET', `/api/admin/events/${eventId}/attendees?date=${day}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time,Reference,Name,Package,Primary,Payment Status,Balance Due,Checked In At,Checked In By,No-show',
    );
    const row = lines.find((l) => l.includes(ref))!;
    expect(row).toMatch(/^23:30,/);
    expect(row).toMatch(/,Basic Health,yes,Balance due,\d+\.\d\d,\d\d:\d\d,admin\d+,$/);

    // issue 45: a check-in taken back leaves the sheet (the read model drops it, keeps the others)
    const undone = await admin(
      'POST',
      `/api/admin/registrations/${sheet.slots[0].parties.find((p: { referenceNumber: string }) => p.referenceNumber === ref).registrationId}/check-in/undo`,
      { reason: 'Wrong party' },
    );
    expect(undone.statusCode, undone.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await sheetOf()).slots[0]?.parties.find(
            (p: { referenceNumber: string }) => p.referenceNumber === ref,
          )?.people[0].checkedInAt ?? null,
        { timeout: 10_000 },
      )
      .toBeNull();
    const others = (await sheetOf()).slots[0].parties.filter(
      (p: { referenceNumber: string; people: { checkedInAt: string | null }[] }) =>
        p.referenceNumber !== ref && p.people.some((x) => x.checkedInAt),
    );
    expect(others.length).toBeGreaterThan(0);

    expect((await admin('GET', `/api/admin/events/${eventId}/attendees?date=tomorrow`)).statusCode).toBe(400);
    expect((await admin('GET', `/api/admin/events/${eventId}/attendees?date=0000-00-00`)).statusCode).toBe(
      400,
    );
    expect((await admin('GET', `/api/admin/events/${eventId}/attendees?date=2026-02-30`)).statusCode).toBe(
      400,
    );
    expect((await admin('GET', `/api/admin/events/999999/attendees?date=${day}`)).statusCode).toBe(404);
  });
});
