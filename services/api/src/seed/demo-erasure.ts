import { addDaysToDay, singaporeToday } from '@hs/domain';
import { TEST_NONCES } from '@hs/gateways';
import type { DemoCatalogue } from './demo-orders';
import type { Call } from './inject';

const EVENT = 'community-health-screening-2026';

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
  const eventId = catalogue.eventIds[EVENT];
  const packageId = catalogue.packageIds.basic;
  if (eventId === undefined || packageId === undefined) throw new Error(`seed: no ${EVENT} or basic package`);
  const slot = (
    await admin('POST', `/api/admin/events/${eventId}/timeslots`, {
      date: addDaysToDay(singaporeToday(now), 3),
      time: '16:00',
      maxAttendees: 5,
    })
  ).data;
  const booked = (
    await visitor('POST', '/api/registrations', {
      eventId,
      packageId,
      timeslotId: slot.id,
      firstName: 'Erin',
      lastName: 'Erased',
      email: 'erin.erased@example.sg',
      identificationNumber: 'S8807316E',
      gender: 'female',
      mobileNumber: '91234567',
      dateOfBirth: '1988-07-31',
      postalCode: '530123',
      address: '123 Ang Mo Kio Avenue 6',
    })
  ).data;
  await visitor('POST', '/api/payments/process', {
    registrationId: booked.id,
    nonce: TEST_NONCES.valid,
    amount: booked.balanceDue,
  });
  await admin('POST', `/api/admin/registrations/${booked.id}/erase-personal-data`);
  return booked.reference_number;
}
