import type { DemoCatalogue } from './demo-orders';
import { communityBasicPackage, createDemoSlot } from './demo-steps';
import type { Call } from './inject';

const HOUR = 3_600_000;

/**
 * The reminder booking's slot: 72 h and a few minutes after `now` (its 72 h reminder comes due 3 to 13
 * minutes after the seed), as a Singapore day and HH:mm whose minutes are a multiple of 5 but never of
 * 15. Every other demo slot of the event starts on a quarter hour (09:00, 10:30, 16:15, ...), and an event
 * takes one slot per date and time: when this slot landed on a quarter hour too, a seed run at the wrong
 * five minutes (08:52 to 08:57 on a Thursday, say) took a regular slot's time and failed.
 */
export function demoReminderSlot(now: Date): { date: string; time: string } {
  const step = 5 * 60_000;
  let at = Math.ceil((now.getTime() + 72 * HOUR + 3 * 60_000) / step) * step;
  if ((at / step) % 3 === 0) at += step;
  const sg = new Date(at + 8 * HOUR);
  return { date: sg.toISOString().slice(0, 10), time: sg.toISOString().slice(11, 16) };
}

/**
 * Issue 26: a booking whose 72 h reminder (email and SMS, the demo events' schedule) comes due a few
 * minutes after start, so the worker really sends it: the SMS through the local fake SMS server (its
 * log line), the email to the outbox, both in the order's history. Booked in Chinese, so the reminder
 * shows a language other than English.
 */
export async function seedDemoReminders(
  { visitor, admin }: { visitor: Call; admin: Call },
  catalogue: DemoCatalogue,
  now: Date,
): Promise<string> {
  const { eventId, packageId } = communityBasicPackage(catalogue);
  const slot = await createDemoSlot(admin, eventId, { ...demoReminderSlot(now), maxAttendees: 20 });
  const booked = (
    await visitor('POST', '/api/registrations', {
      eventId,
      packageId,
      timeslotId: slot.id,
      firstName: 'Wei Ming',
      lastName: 'Tan',
      email: 'weiming.tan@example.sg',
      identificationNumber: 'S7804512C',
      gender: 'male',
      mobileNumber: '9123 4567',
      dateOfBirth: '1958-07-21',
      postalCode: '310123',
      address: '123 Lorong 1 Toa Payoh',
      language: 'zh',
    })
  ).data;
  return booked.reference_number as string;
}
