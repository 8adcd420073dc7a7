import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createUser } from '../auth/users';
import {
  demoManualSlots,
  DEMO_DISCOUNTS,
  DEMO_EMAIL_CONFIGS,
  DEMO_EVENTS,
  DEMO_HOLIDAYS,
  DEMO_PACKAGES,
} from './demo-data';
import { type DemoCheckIn, seedDemoCheckIn } from './demo-check-in';
import { seedDemoCorporate } from './demo-corporate';
import { seedDemoErasure } from './demo-erasure';
import { DEMO_POSTAL_CODE, type DemoOrders, seedDemoOrders } from './demo-orders';
import { seedDemoReminders } from './demo-reminders';
import { seedDemoReports } from './demo-reports';
import { type DemoStaffLogin, seedDemoStaff } from './demo-staff';
import { type DemoWaitlist, seedDemoWaitlist } from './demo-waitlist';
import { caller } from './inject';

export interface SeedReport {
  seeded: boolean;
  admin?: { username: string; password: string };
  /** The demo front-desk and finance logins (issue 23). */
  staff?: DemoStaffLogin[];
  /** The reference numbers of the demo orders. */
  orders?: DemoOrders;
  /** The full slot and the two entries waiting for it (with the demo orders only). */
  waitlist?: DemoWaitlist;
  /** Today's slot with bookings, some checked in (with the demo orders only; issue 23). */
  checkIn?: DemoCheckIn;
  notes: string[];
}

/**
 * Demo data for `npm start`, put in through the api's own admin calls (so it
 * is validated and audited like anything an admin does), then demo orders
 * through the visitor's calls. Runs only on an empty database, so a restart
 * never duplicates or overwrites what a user changed.
 */
export async function seedDemo(
  app: FastifyInstance,
  options: { adminPassword?: string; orders?: boolean } = {},
): Promise<SeedReport> {
  const { sql } = app;
  const [row] = await sql<{ events: number; firstUserId: number | null; firstUsername: string | null }[]>`
    select (select count(*) from screening_events)::int as events,
           (select id from users order by id limit 1) as "firstUserId",
           (select username from users order by id limit 1) as "firstUsername"`;
  if ((row?.events ?? 0) > 0) return { seeded: false, notes: [] };

  // The first admin may exist already (ADMIN_USERNAME/ADMIN_PASSWORD create it at start): the demo
  // catalogue is then put in under that admin, and no demo login is made up.
  let admin: SeedReport['admin'];
  let adminId: number;
  let adminName: string;
  if (row?.firstUserId && row.firstUsername) {
    adminId = Number(row.firstUserId);
    adminName = row.firstUsername;
  } else {
    admin = { username: 'admin', password: options.adminPassword ?? randomBytes(9).toString('base64url') };
    adminId = await createUser(sql, { ...admin, email: 'admin@healthscreening.example.sg' });
    adminName = admin.username;
  }
  // Like the admin's: demo staff logins only when the demo made up the admin too, never beside an
  // operator's own first admin.
  const staff = admin ? await seedDemoStaff(sql) : undefined;
  const token = app.signAdminToken({ id: adminId, username: adminName, role: 'admin' });
  const asAdmin = caller(app, token);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) =>
    (await asAdmin(method, url, payload)).data;

  const packageIds: Record<string, number> = {};
  for (const { key, ...pkg } of DEMO_PACKAGES)
    packageIds[key] = (await call('POST', '/api/admin/packages', pkg)).id;
  const eventIds: Record<string, number> = {};
  const manualSlotIds: number[] = [];
  for (const { packages, ...event } of DEMO_EVENTS) {
    const created = await call('POST', '/api/admin/events', {
      ...event,
      packageIds: packages.map((k) => packageIds[k]),
    });
    eventIds[event.slug] = created.id;
    if (event.config.configType === 'manual') {
      for (const slot of demoManualSlots(new Date())) {
        manualSlotIds.push((await call('POST', `/api/admin/events/${created.id}/timeslots`, slot)).id);
      }
    }
  }
  for (const [name, date] of DEMO_HOLIDAYS) await call('POST', '/api/admin/public-holidays', { name, date });
  for (const [configKey, configValue, description] of DEMO_EMAIL_CONFIGS) {
    await call('POST', '/api/admin/email-configs', { configKey, configValue, description });
  }
  const codes: string[] = [];
  for (const { discount, codes: count } of DEMO_DISCOUNTS) {
    const created = await call('POST', '/api/admin/discounts', discount);
    if (count > 0) {
      const generated = await call('POST', `/api/admin/discounts/${created.id}/generate-identifiers`, {
        count,
      });
      codes.push(generated[0].identifier);
    }
  }
  await call('POST', '/api/admin/payments/test-mode', { enabled: true });
  // Issue 25: a GST-registered demo supplier, so the worker issues the demo orders 'Tax Invoice's
  // (and the refunds' credit notes). The UEN and GST number only have the right shape: clearly demo.
  await call('PUT', '/api/admin/company-settings', {
    companyName: 'Demo Health Screening Pte Ltd',
    address: '1 Demo Road, #01-01, Singapore 000000',
    uen: '200000000D',
    gstRegistrationNumber: 'M90000000A',
    invoicePrefix: 'HS',
    // issue 46: the clinic's contact details, in the site's footer and every email's
    contactPhone: '+65 6123 4567',
    contactEmail: 'hello@demo-healthscreening.example.sg',
  });
  // Issue 25: a month of orders for the Reports tab's charts, back-dated over the past 30 days (their
  // bookings send emails, as below). First, so the worker numbers their invoices before today's.
  const month =
    options.orders === false
      ? undefined
      : await seedDemoReports(app, { admin: asAdmin }, { eventIds, packageIds, manualSlotIds }, new Date());
  const orders =
    options.orders === false
      ? undefined
      : await seedDemoOrders(
          app,
          { visitor: caller(app), admin: asAdmin },
          { eventIds, packageIds, manualSlotIds },
        );
  // With the orders only: its booking and the two joins send emails, which mail-counting stacks refuse.
  const waitlist = orders
    ? await seedDemoWaitlist(
        { visitor: caller(app), admin: asAdmin },
        { eventIds, packageIds, manualSlotIds },
        new Date(),
      )
    : undefined;
  // The same: its bookings send confirmation emails.
  const checkIn = orders
    ? await seedDemoCheckIn(
        { visitor: caller(app), admin: asAdmin },
        { eventIds, packageIds, manualSlotIds },
        new Date(),
      )
    : undefined;
  // Issue 24: an order whose personal data was erased (its booking sends an email, as above).
  const erased = orders
    ? await seedDemoErasure(
        { visitor: caller(app), admin: asAdmin },
        { eventIds, packageIds, manualSlotIds },
        new Date(),
      )
    : undefined;
  // Issue 26: a booking whose 72 h reminder (email and SMS) the worker sends a few minutes after start.
  const reminded = orders
    ? await seedDemoReminders(
        { visitor: caller(app), admin: asAdmin },
        { eventIds, packageIds, manualSlotIds },
        new Date(),
      )
    : undefined;
  // Issue 51: a company's screening programme, its roster and a few of its employees' bookings.
  const corporate = orders
    ? await seedDemoCorporate(
        sql,
        { visitor: caller(app), admin: asAdmin },
        { eventIds, packageIds, manualSlotIds },
        DEMO_POSTAL_CODE,
      )
    : undefined;
  return {
    seeded: true,
    admin,
    staff,
    orders,
    waitlist,
    checkIn,
    notes: [
      `${DEMO_PACKAGES.length} packages`,
      `${DEMO_EVENTS.length} events (${DEMO_EVENTS.map((e) => e.slug).join(', ')})`,
      `${manualSlotIds.length} manual timeslots`,
      `${DEMO_HOLIDAYS.length} public holidays`,
      `${DEMO_EMAIL_CONFIGS.length} email configs`,
      `discount codes such as ${codes.join(', ')}`,
      'payment test mode on',
      ...(orders
        ? [
            `orders: ${orders.paid} paid, ${orders.awaitingPayment} awaiting payment (seats held), ` +
              `${orders.refunded} refunded, ${orders.partlyRefunded} partly refunded`,
            `an unpaid demo booking (${orders.expiring}) expires about a minute after start`,
            `a booking in Chinese (${reminded}) gets its 72 h reminder by email and SMS a few minutes after start`,
          ]
        : ['no demo orders (DEMO_ORDERS=false)']),
      ...(waitlist
        ? [
            `a full slot on ${waitlist.date} 09:00 (${waitlist.reference}) with ${waitlist.entryIds.length} people on its waiting list`,
          ]
        : []),
      ...(checkIn
        ? [
            `today (${checkIn.date}) 10:00: ${checkIn.references.length} bookings, ${checkIn.checkedIn} checked in (/admin/check-in)`,
          ]
        : []),
      ...(erased ? [`a paid order (${erased}) whose personal data was erased`] : []),
      ...(corporate
        ? [
            `a corporate programme for Acme Logistics: open ${corporate.link} (any @acme-logistics.sg address; the code arrives by email), ${corporate.booked} employees booked`,
          ]
        : []),
      ...(month
        ? [
            `${month.orders} orders over the past 30 days for the Reports tab (paid, refunded, cancelled, expired)`,
          ]
        : []),
    ],
  };
}
