/**
 * Moving a booking to another slot (issue 22): the checks of the slot asked for, then the one
 * append of @hs/commands' rescheduleRegistration (which refuses a full slot, a closed order and the
 * cut-off on the streams themselves).
 */
import { existingRegistration, rescheduleRegistration } from '@hs/commands';
import type { RescheduleResult } from '@hs/contracts';
import type { Sql } from '@hs/db';
import { singaporeInstant } from '@hs/domain';
import { formatPosition } from '@hs/eventstore';
import { badRequest } from '../errors';
import { slotsByIds } from '../slots';

export const RESCHEDULE_MESSAGES = {
  past: 'This timeslot has already passed. Please choose another.',
  notAvailable: 'This timeslot is not available for your booking.',
} as const;

/**
 * Moves the order to `timeslotId`: it must be a slot of the order's event, open, and not started
 * yet (Singapore time). `cutoffHours` null: the back office, no cut-off.
 */
export async function rescheduleOrder(
  sql: Sql,
  registrationId: number,
  timeslotId: number,
  meta: { actor: string; requestId?: string },
  cutoffHours: number | null,
  now: Date = new Date(),
): Promise<RescheduleResult> {
  const order = await existingRegistration(sql, registrationId);
  const [slot] = await slotsByIds(sql, [timeslotId]);
  if (!slot || slot.eventId !== order.eventId || !slot.isAvailable) {
    throw badRequest(RESCHEDULE_MESSAGES.notAvailable);
  }
  if (singaporeInstant(slot.date, slot.time).getTime() <= now.getTime()) {
    throw badRequest(RESCHEDULE_MESSAGES.past);
  }
  const { position } = await rescheduleRegistration(
    sql,
    registrationId,
    { id: slot.id, date: slot.date, time: slot.time },
    meta,
    { cutoffHours, now: () => now },
  );
  return {
    referenceNumber: order.referenceNumber!,
    timeslotId: slot.id,
    date: slot.date,
    time: slot.time,
    label: slot.label,
    dateLabel: slot.dateLabel,
    position: position ? formatPosition(position) : null,
  };
}
