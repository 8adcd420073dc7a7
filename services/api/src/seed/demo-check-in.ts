import { singaporeToday } from '@hs/domain';
import { demoContact } from './demo-data';
import type { DemoCatalogue } from './demo-orders';
import { communityBasicPackage, createDemoSlot, payDemoOrder } from './demo-steps';
import type { Call } from './inject';

/** Today's demo arrivals: made-up people, @example.sg addresses; `in` ones are checked in already. */
const PEOPLE = [
  { name: ['Siti', 'Rahman'], id: 'S8102143B', gender: 'female', paid: true, in: true },
  { name: ['Daniel', 'Lim'], id: 'S8506259H', gender: 'male', paid: false, in: true },
  { name: ['Mary', 'Chua'], id: 'S7711025D', gender: 'female', paid: true, in: false },
  { name: ['Ravi', 'Kumar'], id: 'S9203317F', gender: 'male', paid: false, in: false },
] as const;

export interface DemoCheckIn {
  eventId: number;
  date: string;
  /** Reference numbers, checked in first. */
  references: string[];
  checkedIn: number;
}

/**
 * The screening day (issue 23): a slot of the community event today (Singapore) with four bookings,
 * two paid and two with a balance due, two of them checked in at the desk, so /admin/check-in and the
 * attendee sheet have something to show. Through the visitor's and the admin's calls, like the demo
 * orders (with them only: the bookings send confirmation emails).
 */
export async function seedDemoCheckIn(
  calls: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
  now: Date,
): Promise<DemoCheckIn> {
  const { visitor, admin } = calls;
  const { eventId, packageId } = communityBasicPackage(catalogue);
  const date = singaporeToday(now);
  const slot = await createDemoSlot(admin, eventId, { date, time: '10:00', maxAttendees: 20 });
  const references: string[] = [];
  let checkedIn = 0;
  for (const p of PEOPLE) {
    const [firstName, lastName] = p.name;
    const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.sg`;
    const booked = (
      await visitor('POST', '/api/registrations', {
        eventId,
        packageId,
        timeslotId: slot.id,
        ...demoContact([firstName, lastName, email, p.id, p.gender], '1984-03-12'),
      })
    ).data;
    references.push(booked.reference_number);
    if (p.paid) {
      await payDemoOrder(visitor, booked);
    }
    if (p.in) {
      // Issue 45: a balance is settled before check-in; this one is paid in cash at the desk.
      if (!p.paid)
        await admin('POST', `/api/admin/registrations/${booked.id}/desk-payment`, { method: 'cash' });
      await admin('POST', '/api/admin/check-ins', { referenceNumber: booked.reference_number });
      checkedIn += 1;
    }
  }
  return { eventId, date, references, checkedIn };
}
