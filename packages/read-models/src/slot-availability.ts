import type { TransactionSql } from '@hs/db';
import type { TimeslotEvent } from '@hs/domain';
import { type RecordedEvent, defineProjection } from '@hs/eventstore';

export const TIMESLOT_STREAM_PREFIX = 'timeslot-';

export function timeslotStreamId(timeslotId: number): string {
  return `${TIMESLOT_STREAM_PREFIX}${timeslotId}`;
}

function timeslotIdOf(streamId: string): number {
  return Number(streamId.slice(TIMESLOT_STREAM_PREFIX.length));
}

type Data<T extends TimeslotEvent['type']> = Extract<TimeslotEvent, { type: T }>['data'];

async function setBooked(tx: TransactionSql, event: RecordedEvent) {
  const { bookedAfter } = event.data as Data<'SeatsReserved'>;
  await tx`
    insert into slot_availability (timeslot_id, current_attendees) values (${timeslotIdOf(event.streamId)}, ${bookedAfter})
    on conflict (timeslot_id) do update set current_attendees = excluded.current_attendees, updated_at = now()`;
}

async function setAvailable(tx: TransactionSql, event: RecordedEvent, available: boolean) {
  await tx`
    insert into slot_availability (timeslot_id, is_available) values (${timeslotIdOf(event.streamId)}, ${available})
    on conflict (timeslot_id) do update set is_available = excluded.is_available, updated_at = now()`;
}

/** Seats, capacity and availability per timeslot, from the timeslot-<id> streams. */
export const slotAvailabilityProjection = defineProjection({
  name: 'slot_availability',
  tables: ['slot_availability'],
  handlers: {
    SeatsReserved: setBooked,
    SeatsReleased: setBooked,
    SlotBlocked: (tx, event) => setAvailable(tx, event, false),
    SlotUnblocked: (tx, event) => setAvailable(tx, event, true),
    CapacityChanged: async (tx, event) => {
      const { to } = event.data as Data<'CapacityChanged'>;
      await tx`
        insert into slot_availability (timeslot_id, max_attendees) values (${timeslotIdOf(event.streamId)}, ${to})
        on conflict (timeslot_id) do update set max_attendees = excluded.max_attendees, updated_at = now()`;
    },
  },
});
