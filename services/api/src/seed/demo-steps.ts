import { TEST_NONCES } from '@hs/gateways';
import type { DemoCatalogue } from './demo-orders';
import type { Call } from './inject';

/** The event the screening-day, waiting-list, reminder, erasure and report demos book. */
export const COMMUNITY_EVENT = 'community-health-screening-2026';

/** The community event's id and its basic package's, which those demos book. */
export function communityBasicPackage(catalogue: DemoCatalogue): { eventId: number; packageId: number } {
  const eventId = catalogue.eventIds[COMMUNITY_EVENT];
  const packageId = catalogue.packageIds.basic;
  if (eventId === undefined || packageId === undefined)
    throw new Error(`seed: no ${COMMUNITY_EVENT} or basic package`);
  return { eventId, packageId };
}

/** A new slot of an event, made through the admin api as staff would make it. */
export async function createDemoSlot(
  admin: Call,
  eventId: number,
  slot: { date: string; time: string; maxAttendees: number },
): Promise<{ id: number }> {
  return (await admin('POST', `/api/admin/events/${eventId}/timeslots`, slot)).data;
}

/** Pays what an order still owes with the test card, as the visitor would; the sale's transaction id. */
export async function payDemoOrder(
  visitor: Call,
  order: { id: number; balanceDue: string },
): Promise<string> {
  return (
    await visitor('POST', '/api/payments/process', {
      registrationId: order.id,
      nonce: TEST_NONCES.valid,
      amount: order.balanceDue,
    })
  ).transactionId;
}
