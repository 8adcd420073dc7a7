import type { Sql } from '@hs/db';
import {
  type RegistrationRescheduled,
  TIMESLOT_LATEST_KINDS,
  domainError,
  registrationDecider,
  registrationStream,
  singaporeInstant,
  timeslotDeciderFor,
  timeslotFromLatestDeciderFor,
  timeslotStream,
} from '@hs/domain';
import {
  CommandRefusedError,
  type Position,
  decideOn,
  foldStream,
  handle,
  readLatestOfTypes,
} from '@hs/eventstore';
import { slotWhen } from './appointment';
import { existingRegistration } from './registration';
import { slotCapacity } from './slot-capacity';

/** The slot an order moves to, as the catalogue has it. */
export interface RescheduleTarget {
  id: number;
  /** yyyy-MM-dd, Singapore */
  date: string;
  /** HH:mm, Singapore */
  time: string;
}

const HOUR_MS = 3_600_000;

/** A move decided, or the order found on another slot than the one read for it. */
type Attempt = { event: RegistrationRescheduled } | { moved: number };

export const rescheduleCutoffMessage = (hours: number) =>
  `Appointments can be rescheduled up to ${hours} hours before their time. Please contact us.`;

/**
 * Moves an order to another slot in ONE append: RegistrationRescheduled on its stream, its seats
 * released on the old slot (reason 'rescheduled') and reserved on the new one, each stream at the
 * version read. A move racing with another booking of the new slot's last seats retries on fresh
 * reads and is then refused SLOT_FULL; either way the order keeps its old slot unless all of it
 * commits. `cutoffHours` (null: none, the back office) refuses a move within that many hours of the
 * order's current appointment.
 */
export async function rescheduleRegistration(
  sql: Sql,
  registrationId: number,
  to: RescheduleTarget,
  meta: { actor: string; requestId?: string },
  options: { cutoffHours: number | null; now?: () => Date },
): Promise<{ event: RegistrationRescheduled; position: Position | null }> {
  const now = options.now ?? (() => new Date());
  const regStream = registrationStream(registrationId);
  const toStream = timeslotStream(to.id);
  const toCapacity = await slotCapacity(sql, to.id);
  if (toCapacity === null) throw new CommandRefusedError(domainError('NOT_FOUND', 'Timeslot not found'));
  const toSlot = timeslotFromLatestDeciderFor(toCapacity);
  const by = String(registrationId);
  // The order's current slot may change between attempts (a concurrent move): the streams follow it.
  let fromSlotId = (await existingRegistration(sql, registrationId)).timeslotId!;
  for (;;) {
    const fromStream = timeslotStream(fromSlotId);
    const fromSlot = timeslotDeciderFor((await slotCapacity(sql, fromSlotId)) ?? undefined);
    const from = await slotWhen(sql, fromSlotId);
    const start = from ? singaporeInstant(from.day, from.time) : null;
    const { result, position } = await handle<Attempt>(
      sql,
      [...new Set([regStream.id, fromStream.id, toStream.id])],
      (read) => {
        const order = foldStream(read[regStream.id]?.events ?? [], registrationDecider);
        if (order.timeslotId !== fromSlotId) return { append: [], result: { moved: order.timeslotId! } };
        const at = now().toISOString();
        const rescheduled = decideOn(regStream, read[regStream.id], registrationDecider, {
          type: 'RescheduleRegistration',
          fromDate: from?.day ?? '',
          fromTime: from?.time ?? '',
          toTimeslotId: to.id,
          toDate: to.date,
          toTime: to.time,
          at,
        });
        // A slot that is gone counts as starting now.
        const startMs = start?.getTime() ?? now().getTime();
        if (options.cutoffHours !== null && startMs - now().getTime() < options.cutoffHours * HOUR_MS) {
          throw new CommandRefusedError(
            domainError('STATUS_NOT_ALLOWED', rescheduleCutoffMessage(options.cutoffHours)),
          );
        }
        const event = rescheduled.events[0] as RegistrationRescheduled;
        const released = decideOn(fromStream, read[fromStream.id], fromSlot, {
          type: 'ReleaseSeats',
          registrationId: by,
          seats: event.data.seats,
          reason: 'rescheduled',
          at,
        });
        // Only the new slot's latest seat, block and capacity events are read (see readers).
        const reserved = decideOn(toStream, read[toStream.id], toSlot, {
          type: 'ReserveSeats',
          registrationId: by,
          seats: event.data.seats,
          at,
        });
        return {
          append: [rescheduled.append, released.append, reserved.append],
          result: { event },
        };
      },
      {
        metadata: { actor: meta.actor, requestId: meta.requestId },
        maxAttempts: 8,
        readers: {
          [toStream.id]: (db) => readLatestOfTypes(db, toStream.id, Object.values(TIMESLOT_LATEST_KINDS)),
        },
      },
    );
    if ('event' in result!) return { event: result.event, position };
    fromSlotId = result!.moved;
  }
}
