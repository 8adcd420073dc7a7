import type { PaymentGateway, TestPaymentGateway } from '@hs/gateways';
import type { FastifyInstance } from 'fastify';
import { type DEMO_CUSTOMERS, demoCustomer } from './demo-data';
import { payDemoOrder } from './demo-steps';
import type { Call } from './inject';
import { clearSetting, getSetting, PAYMENT_HOLD_MINUTES } from '../settings';

/** What the catalogue seed made that the demo orders book: ids by event slug and package key, the manual slots. */
export interface DemoCatalogue {
  eventIds: Record<string, number>;
  packageIds: Record<string, number>;
  manualSlotIds: number[];
}

/** The reference number of each demo order. */
export type DemoOrders = Record<keyof typeof DEMO_CUSTOMERS, string>;

interface Booked {
  id: number;
  reference_number: string;
  balanceDue: string;
}

export const DEMO_POSTAL_CODE = demoCustomer('paid').postalCode;

/** Only the test-mode gateway settles a sale on demand (Braintree settles in its nightly batch). */
function canSettle(gateway: PaymentGateway): gateway is TestPaymentGateway {
  return gateway.mode === 'test' && 'settle' in gateway;
}

/**
 * Orders in every money state, made as a visitor and staff would make them: booked and paid through
 * the public api (test-mode card), refunded through the admin api. The expiring order is booked
 * under a 1-minute hold, so the worker's hold sweeper expires it about a minute after start; the
 * seed writes no expiry itself. Needs payment test mode on.
 */
export async function seedDemoOrders(
  app: FastifyInstance,
  calls: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
): Promise<DemoOrders> {
  const { visitor, admin } = calls;
  const autoSlot = async (slug: string): Promise<number> => {
    const answer = await visitor(
      'GET',
      `/api/auto-timeslots/postal-code?postalCode=${DEMO_POSTAL_CODE}&eventId=${catalogue.eventIds[slug]}`,
    );
    const slot = answer.data.flatMap((day: { timeslots: { id: number; isAvailable: boolean }[] }) =>
      day.timeslots.filter((t) => t.isAvailable),
    )[0];
    if (!slot) throw new Error(`seed: no auto timeslot of ${slug} near ${DEMO_POSTAL_CODE}`);
    return slot.id;
  };
  const book = async (
    customer: keyof typeof DEMO_CUSTOMERS,
    slug: string,
    packageKey: string,
    timeslotId: number,
  ): Promise<Booked> =>
    (
      await visitor('POST', '/api/registrations', {
        eventId: catalogue.eventIds[slug],
        packageId: catalogue.packageIds[packageKey],
        timeslotId,
        ...demoCustomer(customer),
      })
    ).data;
  const pay = (order: Booked) => payDemoOrder(visitor, order);
  const refund = (order: Booked, body: { amount?: string; reason: string }) =>
    admin('POST', `/api/admin/registrations/${order.id}/refunds`, body);

  const [firstSlot, secondSlot] = catalogue.manualSlotIds;
  if (firstSlot === undefined || secondSlot === undefined) throw new Error('seed: no manual timeslots');

  const paid = await book('paid', 'community-health-screening-2026', 'basic', firstSlot);
  await pay(paid);

  const awaitingPayment = await book(
    'awaitingPayment',
    'whitecoat-health-screening',
    'comprehensive',
    await autoSlot('whitecoat-health-screening'),
  );

  // The whole amount of an unsettled sale: the gateway voids it.
  const refunded = await book(
    'refunded',
    'corporate-wellness-day',
    'executive',
    await autoSlot('corporate-wellness-day'),
  );
  await pay(refunded);
  await refund(refunded, { reason: 'Demo: customer cancelled' });

  // A part can only be refunded once the sale has settled.
  const partlyRefunded = await book('partlyRefunded', 'community-health-screening-2026', 'women', secondSlot);
  const transactionId = await pay(partlyRefunded);
  const gateway = await app.paymentGateway();
  if (!canSettle(gateway)) throw new Error('seed: demo orders need payment test mode');
  gateway.settle(transactionId);
  await refund(partlyRefunded, { amount: '20.00', reason: 'Demo: one test was not done' });

  // Issue 26: a booking made on the site in Chinese, by a customer who writes her name in Chinese: its
  // emails (and the payment hold's expiry, if left unpaid) are in Chinese; the order shows the name.
  await visitor('POST', '/api/registrations', {
    eventId: catalogue.eventIds['community-health-screening-2026'],
    packageId: catalogue.packageIds.basic,
    timeslotId: secondSlot,
    ...demoCustomer('partlyRefunded'),
    firstName: '美玲',
    lastName: '欧阳',
    email: 'meiling.ouyang@example.sg',
    identificationNumber: 'S7512345J',
    language: 'zh',
  });

  // The hold is 1 minute for this one booking only; a hold nobody had set goes back to unset, so
  // PAYMENT_HOLD_SECONDS still decides (no call unsets it).
  const storedHold = await getSetting(app.sql, PAYMENT_HOLD_MINUTES);
  await admin('PUT', '/api/admin/payments/hold', { holdMinutes: 1 });
  let expiring: Booked;
  try {
    expiring = await book(
      'expiring',
      'whitecoat-health-screening',
      'basic',
      await autoSlot('whitecoat-health-screening'),
    );
  } finally {
    if (storedHold === undefined) await clearSetting(app.sql, PAYMENT_HOLD_MINUTES);
    else await admin('PUT', '/api/admin/payments/hold', { holdMinutes: Number(storedHold) });
  }

  return {
    paid: paid.reference_number,
    awaitingPayment: awaitingPayment.reference_number,
    refunded: refunded.reference_number,
    partlyRefunded: partlyRefunded.reference_number,
    expiring: expiring.reference_number,
  };
}
