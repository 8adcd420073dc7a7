import { demoContact } from './demo-data';
import type { DemoCatalogue } from './demo-orders';
import { communityBasicPackage, createDemoSlot, payDemoOrder } from './demo-steps';
import type { Call } from './inject';

/** The full slot's booker and the two people waiting for it: made-up people, @example.sg addresses. */
const PEOPLE = {
  booker: ['Ahmad', 'Ismail', 'ahmad.ismail@example.sg', 'S7907186C', 'male'],
  first: ['Priya', 'Nair', 'priya.nair@example.sg', 'S8308197I', 'female'],
  second: ['Kenneth', 'Goh', 'kenneth.goh@example.sg', 'S9009208E', 'male'],
} as const;

const contact = ([firstName, lastName, email]: readonly string[]) => ({
  firstName,
  lastName,
  email,
  mobileNumber: '91234567',
  postalCode: '530123',
});

export interface DemoWaitlist {
  timeslotId: number;
  date: string;
  /** The paid booking that fills the slot. */
  reference: string;
  /** The waiting entries, first in line first. */
  entryIds: string[];
}

/**
 * A full slot with two people waiting for it (issue 22): a one-seat slot of the community event, 35
 * days on (after the regular demo slots, so no other slot shares its day), booked and paid, and two
 * entries that prefer only its day, so the matcher leaves them waiting until that seat frees up
 * (cancel the booking in the back office to see the first entry get the offer). Through the visitor's
 * and the admin's calls, like the demo orders.
 */
export async function seedDemoWaitlist(
  calls: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
  now: Date,
): Promise<DemoWaitlist> {
  const { visitor, admin } = calls;
  const { eventId, packageId } = communityBasicPackage(catalogue);
  const date = new Date(now.getTime() + 35 * 86_400_000).toISOString().slice(0, 10);
  const slot = await createDemoSlot(admin, eventId, { date, time: '09:00', maxAttendees: 1 });
  const booked = (
    await visitor('POST', '/api/registrations', {
      eventId,
      packageId,
      timeslotId: slot.id,
      ...demoContact(PEOPLE.booker, '1979-07-18'),
    })
  ).data;
  // Paid, so no payment hold runs out and frees the seat behind the demo's back.
  await payDemoOrder(visitor, booked);
  const entryIds: string[] = [];
  for (const person of [PEOPLE.first, PEOPLE.second]) {
    const joined = await visitor('POST', '/api/waitlist', {
      eventId,
      packageId,
      ...contact(person),
      seats: 1,
      preferredDates: [date],
    });
    entryIds.push(joined.data.id);
  }
  return { timeslotId: slot.id, date, reference: booked.reference_number, entryIds };
}
