import { singaporeToday } from '@hs/domain';
import { TEST_NONCES } from '@hs/gateways';
import type { DemoCatalogue } from './demo-orders';
import type { Call } from './inject';

const EVENT = 'community-health-screening-2026';

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
  const eventId = catalogue.eventIds[EVENT];
  const packageId = catalogue.packageIds.basic;
  if (eventId === undefined || packageId === undefined) throw new Error(`seed: no ${EVENT} or basic package`);
  const date = singaporeToday(now);
  const slot = (
    await admin('POST', `/api/admin/events/${eventId}/timeslots`, { date, time: '10:00', maxAttendees: 20 })
  ).data;
  const references: string[] = [];
  let checkedIn = 0;
  for (const p of PEOPLE) {
    const [firstName, lastName] = p.name;
    const booked = (
      await visitor('POST', '/api/registrations', {
        eventId,
        packageId,
        timeslotId: slot.id,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.sg`,
        identificationNumber: p.id,
        gender: p.gender,
        mobileNumber: '91234567',
        dateOfBirth: '1984-03-12',
        postalCode: '530123',
        address: '123 Ang Mo Kio Avenue 6',
      })
    ).data;
    references.push(booked.reference_number);
    if (p.paid) {
      await visitor('POST', '/api/payments/process', {
        registrationId: booked.id,
        nonce: TEST_NONCES.valid,
        amount: booked.balanceDue,
      });
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
