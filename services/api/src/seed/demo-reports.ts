import { changeRegistration } from '@hs/commands';
import { addDaysToDay, registrationRequestSchema, singaporeToday } from '@hs/domain';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { bookRegistration, createRegistrationIds } from '../booking/book';
import { priceOrderRequest } from '../booking/order';
import { privacyNotice } from '../privacy-notice';
import type { DemoCatalogue } from './demo-orders';
import { communityBasicPackage, createDemoSlot } from './demo-steps';
import type { Call } from './inject';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Made-up customers (@example.sg) of the Reports demo, one booking each per round. */
const PEOPLE = [
  ['Aisha', 'Tan', 'S8801234D'],
  ['Ben', 'Goh', 'S7902345J'],
  ['Chloe', 'Ng', 'S9003456A'],
  ['Dev', 'Nair', 'S8104567Z'],
  ['Elaine', 'Koh', 'S8505678I'],
  ['Farid', 'Osman', 'S7606789C'],
  ['Grace', 'Wee', 'S9207890F'],
  ['Hui', 'Min', 'S8308901B'],
] as const;

/** What happens to the order booked `daysAgo` days back, after booking: a fixed pattern, so reruns agree. */
export function demoReportsFate(daysAgo: number): 'pay' | 'pay-refund' | 'cancel' | 'expire' | 'wait' {
  if (daysAgo === 0) return 'wait';
  if (daysAgo % 7 === 3) return 'cancel';
  if (daysAgo % 5 === 2) return 'expire';
  if (daysAgo % 6 === 1 && daysAgo >= 3) return 'pay-refund';
  return 'pay';
}

/**
 * Issue 25: a month of orders for the Reports tab. One or two bookings a day over the past 30 days,
 * booked through the booking's own command (priced by the server, seats reserved on the slot) with
 * the day's time as its booking time, then paid, cancelled by staff, left to expire or refunded in
 * part through the registration commands, each at its own time after the booking (never later than
 * now). The reports projection dates figures by these business times, so the charts show a month;
 * the worker issues the paid orders' invoices and the refunds' credit notes dated at the payment and
 * the refund. Payments are recorded as card sales of the demo (no gateway call): refunding them again
 * in the back-office reaches the test gateway, which does not know them.
 */
export async function seedDemoReports(
  app: FastifyInstance,
  calls: { admin: Call },
  catalogue: DemoCatalogue,
  now: Date,
): Promise<{ orders: number }> {
  const { sql } = app;
  const { eventId, packageId } = communityBasicPackage(catalogue);
  const today = singaporeToday(now);
  const slots: number[] = [];
  for (const [days, time, maxAttendees] of [
    [3, '08:15', 20],
    [4, '11:45', 16],
    [5, '16:15', 30],
  ] as const) {
    const date = addDaysToDay(today, days);
    slots.push((await createDemoSlot(calls.admin, eventId, { date, time, maxAttendees })).id);
  }
  const nextRegistrationId = createRegistrationIds(sql, 10);
  const { version: noticeVersion } = await privacyNotice(sql);
  const meta = { actor: 'admin:demo-seed' };
  let orders = 0;
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    // Every third day two bookings, so the busier days stand out.
    for (let k = 0; k < (daysAgo % 3 === 0 ? 2 : 1); k++) {
      const [firstName, lastName, identificationNumber] = PEOPLE[(daysAgo + k) % PEOPLE.length]!;
      const bookedAt = new Date(now.getTime() - daysAgo * DAY_MS - (3 + 2 * k) * 60 * MINUTE_MS);
      const after = (minutes: number) =>
        new Date(Math.min(now.getTime(), bookedAt.getTime() + minutes * MINUTE_MS)).toISOString();
      const fate = k === 1 ? 'pay' : demoReportsFate(daysAgo);
      const req = v.parse(registrationRequestSchema, {
        eventId,
        packageId,
        timeslotId: slots[orders % slots.length],
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.sg`,
        identificationNumber,
        gender: orders % 2 ? 'male' : 'female',
        mobileNumber: '91234567',
        dateOfBirth: '1982-07-21',
        postalCode: '530123',
        address: '123 Ang Mo Kio Avenue 6',
      });
      const order = await priceOrderRequest(sql, app.memberVerifier, req);
      // A hold past now for the orders the seed settles itself, so the worker's sweeper leaves them be.
      const holdSeconds =
        fate === 'expire' ? 1800 : Math.ceil((now.getTime() - bookedAt.getTime()) / 1000) + 3600;
      const id = await nextRegistrationId();
      await bookRegistration(
        sql,
        req,
        order,
        { ...meta, holdSeconds, noticeVersion, at: bookedAt.toISOString() },
        id,
      );
      orders += 1;
      const totalCents = order.pricing.totalCents;
      if (fate === 'pay' || fate === 'pay-refund') {
        const transactionId = `DEMO-REPORTS-${id}`;
        await changeRegistration(
          sql,
          id,
          { type: 'RecordPayment', transactionId, amountCents: totalCents, method: 'card', at: after(20) },
          meta,
        );
        if (fate === 'pay-refund') {
          await changeRegistration(
            sql,
            id,
            {
              type: 'RecordRefund',
              refundId: `demo-reports-${id}`,
              amountCents: Math.min(2000, totalCents),
              kind: 'refund',
              gatewayTransactionId: transactionId,
              reason: 'Demo: one test was not done',
              at: after(2 * 24 * 60),
            },
            meta,
          );
        }
      } else if (fate === 'cancel') {
        await changeRegistration(
          sql,
          id,
          { type: 'ChangeStatusByAdmin', status: 'canceled', at: after(6 * 60) },
          meta,
        );
      } else if (fate === 'expire') {
        await changeRegistration(sql, id, { type: 'ExpireHold', at: after(31) }, meta);
      }
    }
  }
  return { orders };
}
