import { addDaysToDay, singaporeToday } from '@hs/domain';
import { demoContact } from './demo-data';
import type { DemoCatalogue } from './demo-orders';
import { communityBasicPackage, createDemoSlot, payDemoOrder } from './demo-steps';
import type { Call } from './inject';

/**
 * Issue 24: one paid demo order whose personal data an admin erased (through the api, as staff would),
 * so the order list and dialog show 'Personal data erased on {date}' beside the amounts that stay.
 */
export async function seedDemoErasure(
  calls: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
  now: Date,
): Promise<string> {
  const { visitor, admin } = calls;
  const { eventId, packageId } = communityBasicPackage(catalogue);
  const slot = await createDemoSlot(admin, eventId, {
    date: addDaysToDay(singaporeToday(now), 3),
    time: '16:00',
    maxAttendees: 5,
  });
  const booked = (
    await visitor('POST', '/api/registrations', {
      eventId,
      packageId,
      timeslotId: slot.id,
      ...demoContact(['Erin', 'Erased', 'erin.erased@example.sg', 'S8807316E', 'female'], '1988-07-31'),
    })
  ).data;
  await payDemoOrder(visitor, booked);
  await admin('POST', `/api/admin/registrations/${booked.id}/erase-personal-data`);
  return booked.reference_number;
}
