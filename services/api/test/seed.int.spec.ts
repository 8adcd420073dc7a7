import { expireDueHolds } from '@hs/commands';
import { singaporeToday } from '@hs/domain';
import { findEvents, startProjectionRunner } from '@hs/eventstore';
import { projections, readOrder } from '@hs/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/auth/users';
import { seedDemo } from '../src/seed';
import { getSetting, PAYMENT_HOLD_MINUTES } from '../src/settings';
import { type TestApi, startTestApi } from './helpers';

// The tests after the first run a projection runner beside the seed, as the worker is in production:
// without one, each of the seed's refund and waiting-list requests waits 2 s for the read model in
// vain (8 s a seed). The first test seeds without one, as `cli.js seed` does.
describe('demo seed', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('fills an empty database through the admin api, once', async () => {
    const report = await seedDemo(api.app, { adminPassword: 'demo-password' });
    expect(report.seeded).toBe(true);
    const events = await api.db.sql<{ slug: string }[]>`select slug from screening_events`;
    expect(events.map((e) => e.slug)).toContain('whitecoat-health-screening');
    const [counts] = await api.db.sql<{ holidays: number; configs: number; codes: number; audit: number }[]>`
      select (select count(*) from public_holidays)::int as holidays, (select count(*) from email_configs)::int as configs,
             (select count(*) from discount_identifiers)::int as codes, (select count(*) from audit_log)::int as audit`;
    expect(counts).toMatchObject({ holidays: 22, configs: 6, codes: 15 });
    expect(counts!.audit).toBeGreaterThan(30);
    const [slots] = await api.db.sql<
      { n: number }[]
    >`select count(*)::int as n from timeslots where region is null`;
    expect(slots!.n).toBeGreaterThanOrEqual(18);
    // issue 46: staff's translations of the catalogue, shown in the visitor's language
    const corporate = await api.app.inject({
      method: 'GET',
      url: '/api/events/corporate-wellness-day?lang=zh',
    });
    expect(corporate.json().data.name).toBe('企业健康日');
    const community = await api.app.inject({
      method: 'GET',
      url: '/api/events/community-health-screening-2026?lang=ms',
    });
    expect(community.json().data.packages.map((p: { name: string }) => p.name)).toContain(
      'Saringan Kesihatan Asas',
    );

    const login = await api.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-password' },
    });
    expect(login.statusCode).toBe(200);
    expect((await seedDemo(api.app)).seeded).toBe(false);
  });

  it('seeds orders in every money state: paid, awaiting payment, refunded, partly refunded, and one whose 1-minute hold runs out', async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      const started = Date.now();
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      const finished = Date.now();
      const orders = report.orders!;
      for (const reference of Object.values(orders)) {
        expect(report.notes.join('; ')).toContain(reference);
      }
      expect(report.notes).toContain(
        `an unpaid demo booking (${orders.expiring}) expires about a minute after start`,
      );
      const read = (reference: string) => readOrder(fresh.db.sql, { reference });
      // The read model follows the log: wait until it shows the last refund and the last booking.
      await expect
        .poll(async () => (await read(orders.partlyRefunded))?.refundedCents, { timeout: 15_000 })
        .toBe(2000);
      await expect
        .poll(async () => (await read(orders.expiring))?.status, { timeout: 15_000 })
        .toBe('pending_payment');

      const paid = (await read(orders.paid))!;
      expect(paid).toMatchObject({ status: 'paid', refundedCents: 0 });
      expect(paid.paidCents).toBeGreaterThan(0);

      const refunded = (await read(orders.refunded))!;
      expect(refunded.paidCents).toBeGreaterThan(0);
      expect(refunded.refundedCents).toBe(refunded.paidCents);
      expect(refunded.refunds).toEqual([
        expect.objectContaining({
          kind: 'void',
          amountCents: refunded.paidCents,
          reason: 'Demo: customer cancelled',
        }),
      ]);

      const partly = (await read(orders.partlyRefunded))!;
      expect(partly.refundedCents).toBeGreaterThan(0);
      expect(partly.refundedCents).toBeLessThan(partly.paidCents);
      expect(partly.refunds).toEqual([expect.objectContaining({ kind: 'refund', amountCents: 2000 })]);

      // Holds as booked: 30 minutes (the default), and 1 minute for the one that is to expire.
      const holdMs = async (reference: string) => (await read(reference))!.holdUntil!.getTime();
      const awaiting = await holdMs(orders.awaitingPayment);
      expect(awaiting).toBeGreaterThanOrEqual(started + 30 * 60_000 - 1000);
      expect(awaiting).toBeLessThanOrEqual(finished + 30 * 60_000 + 1000);
      const expiring = await holdMs(orders.expiring);
      expect(expiring).toBeGreaterThanOrEqual(started + 60_000 - 1000);
      expect(expiring).toBeLessThanOrEqual(finished + 60_000 + 1000);
      const hold = await fresh.asAdmin({ method: 'GET', url: '/api/admin/payments/hold' });
      expect(hold.json().data).toEqual({ holdMinutes: 30 });
      // Back to unset: PAYMENT_HOLD_SECONDS (30 minutes here) still decides, not a stored copy of it.
      expect(await getSetting(fresh.db.sql, PAYMENT_HOLD_MINUTES)).toBeUndefined();

      // The worker's sweep two minutes on expires the 1-minute hold and only it.
      const expiringId = (await read(orders.expiring))!.registrationId;
      const swept = await expireDueHolds(fresh.db.sql, () => new Date(finished + 2 * 60_000), {
        actor: 'test',
      });
      expect(swept).toEqual([expiringId]);
      await expect
        .poll(async () => (await read(orders.expiring))?.status, { timeout: 15_000 })
        .toBe('expired');
      expect((await read(orders.awaitingPayment))?.status).toBe('pending_payment');

      // A full slot with two people waiting for it, first in line first (issue 22).
      const waitlist = report.waitlist!;
      expect(report.notes).toContain(
        `a full slot on ${waitlist.date} 09:00 (${waitlist.reference}) with 2 people on its waiting list`,
      );
      await expect
        .poll(async () => (await read(waitlist.reference))?.status, { timeout: 15_000 })
        .toBe('paid');
      const [slot] = await fresh.db.sql<{ event_id: number; max_attendees: number }[]>`
        select event_id, max_attendees from timeslots where id = ${waitlist.timeslotId}`;
      expect(slot!.max_attendees).toBe(1);
      const list = async () =>
        (await fresh.asAdmin({ method: 'GET', url: `/api/admin/events/${slot!.event_id}/waitlist` })).json()
          .data;
      await expect.poll(async () => (await list()).length, { timeout: 15_000 }).toBe(2);
      expect(
        (await list()).map(
          (e: { id: string; position: number; status: string; preferredDates: string[] }) => [
            e.id,
            e.position,
            e.status,
            e.preferredDates,
          ],
        ),
      ).toEqual([
        [waitlist.entryIds[0], 1, 'waiting', [waitlist.date]],
        [waitlist.entryIds[1], 2, 'waiting', [waitlist.date]],
      ]);
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });

  it("seeds today's screening day: a slot today with four bookings, two of them checked in (issue 23)", async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      const day = report.checkIn!;
      expect(day.date).toBe(singaporeToday());
      expect(day.references).toHaveLength(4);
      expect(day.checkedIn).toBe(2);
      expect(report.notes).toContain(`today (${day.date}) 10:00: 4 bookings, 2 checked in (/admin/check-in)`);
      const checkIns = await findEvents<{ by: string }>(fresh.db.sql, { type: 'ParticipantsCheckedIn' });
      expect(checkIns.map((e) => e.data.by)).toEqual(['admin', 'admin']);
      const sheet = await fresh.asAdmin({
        method: 'GET',
        url: `/api/admin/events/${day.eventId}/attendees?date=${day.date}`,
      });
      expect(sheet.statusCode).toBe(200);
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });

  it('seeds a corporate programme with a roster of 20 and four employees booked under it (issue 51)', async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      expect(report.notes.join('\n')).toContain('open /c/acme-2026');
      const shown = await fresh.app.inject({ method: 'GET', url: '/api/programmes/acme-2026' });
      expect(shown.json().data).toMatchObject({ companyName: 'Acme Logistics Pte Ltd', open: true });
      const [programme] = (await fresh.asAdmin({ method: 'GET', url: '/api/admin/programmes' })).json().data;
      expect(programme).toMatchObject({ code: 'acme-2026', rosterSize: 20 });
      const bookings = await findEvents<{ corporate?: { programmeId: number }; status: string }>(
        fresh.db.sql,
        {
          type: 'RegistrationBooked',
        },
      );
      const corporate = bookings.filter((e) => e.data.corporate?.programmeId === programme.id);
      expect(corporate.map((e) => e.data.status)).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
      ]);
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });

  it('seeds a paid order whose personal data an admin erased, through the command (issue 24)', async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      const erasures = await findEvents<{ reason: string; by: string }>(fresh.db.sql, {
        type: 'PersonalDataErased',
      });
      expect(erasures.map((e) => e.data)).toMatchObject([{ reason: 'request', by: 'admin' }]);
      const reference = report.notes
        .find((n) => n.includes('personal data was erased'))
        ?.match(/\((\S+)\)/)?.[1];
      await expect
        .poll(
          async () =>
            (await readOrder(fresh.db.sql, { reference: reference! }))?.personalDataErasedAt ?? null,
          {
            timeout: 20_000,
          },
        )
        .not.toBeNull();
      const order = (await readOrder(fresh.db.sql, { reference: reference! }))!;
      expect(order).toMatchObject({ status: 'paid', firstName: '', email: '' });
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });

  it('gives every chart of the Reports tab data over a month, back-dated by the booking commands (issue 25)', async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      expect(report.notes.join('; ')).toContain('40 orders over the past 30 days for the Reports tab');
      const insights = async () =>
        (await fresh.asAdmin({ method: 'GET', url: '/api/admin/reports/insights' })).json().data;
      type Day = { date: string; booked: number; cancelled: number; expired: number };
      // The projection follows the log: wait until it shows the month's first booking and the no-shows.
      await expect
        .poll(async () => (await insights()).bookings.filter((d: Day) => d.booked > 0).length, {
          timeout: 20_000,
        })
        .toBe(30);
      await expect
        .poll(async () => (await insights()).noShows.length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const data = await insights();
      const today = singaporeToday();
      const past = data.bookings.filter((d: Day) => d.date < today);
      expect(past.reduce((t: number, d: Day) => t + d.booked, 0)).toBeGreaterThanOrEqual(38);
      expect(past.filter((d: Day) => d.cancelled > 0).length).toBeGreaterThanOrEqual(4);
      expect(past.filter((d: Day) => d.expired > 0).length).toBeGreaterThanOrEqual(4);
      // a month is five ISO weeks (four at least), each with revenue; refunds in more than one
      type Week = { gross: string; refunds: string };
      expect(data.revenue.filter((w: Week) => Number(w.gross) > 0).length).toBeGreaterThanOrEqual(4);
      expect(data.revenue.filter((w: Week) => Number(w.refunds) > 0).length).toBeGreaterThanOrEqual(2);
      expect(data.utilisation.some((r: { booked: number }) => r.booked > 0)).toBe(true);
      expect(data.waitlist.length).toBeGreaterThan(0);
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });

  it('without the demo orders (DEMO_ORDERS=false) seeds no waiting list either: nothing there to email', async () => {
    const fresh = await startTestApi();
    try {
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password', orders: false });
      expect(report.waitlist).toBeUndefined();
      expect(report.checkIn).toBeUndefined();
      const [n] = await fresh.db.sql<{ n: number }[]>`
        select count(*)::int as n from events where stream_id like 'waitlist-%' or type = 'RegistrationBooked'`;
      expect(n!.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it("with the operator's first admin already there (ADMIN_USERNAME), seeds the catalogue under it and makes up no login", async () => {
    const fresh = await startTestApi();
    const runner = startProjectionRunner(fresh.db.sql, projections, { pollMs: 50 });
    try {
      await createUser(fresh.db.sql, { username: 'ops', password: 'ops-password-123' });
      const report = await seedDemo(fresh.app, { adminPassword: 'demo-password' });
      expect(report.seeded).toBe(true);
      expect(report.admin).toBeUndefined();
      const events = await fresh.db.sql<{ slug: string }[]>`select slug from screening_events`;
      expect(events.map((e) => e.slug)).toContain('whitecoat-health-screening');
      const users = await fresh.db.sql<{ username: string }[]>`select username from users`;
      expect(users.map((u) => u.username)).toEqual(['ops']);
      const [actors] = await fresh.db.sql<{ actors: string[] }[]>`
        select array_agg(distinct actor) as actors from audit_log`;
      expect(actors!.actors).toEqual(['admin:ops']);
      expect((await seedDemo(fresh.app)).seeded).toBe(false);
    } finally {
      await runner.stop();
      await fresh.close();
    }
  });
});
