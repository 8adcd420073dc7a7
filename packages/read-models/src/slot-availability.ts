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

interface SlotChange {
  id: number;
  booked: number | null;
  max: number | null;
  available: boolean | null;
}

/**
 * A batch in one statement: per slot, the last value of each field the batch sets (seats booked
 * after its last seat event, its last block state, its last capacity); slots with a row are updated,
 * the others inserted with the defaults for fields the batch does not set, as the handlers do.
 */
async function applySlotBatch(tx: TransactionSql, events: RecordedEvent[]) {
  const slots = new Map<number, SlotChange>();
  for (const event of events) {
    const id = timeslotIdOf(event.streamId);
    let slot = slots.get(id);
    if (!slot) {
      slot = { id, booked: null, max: null, available: null };
      slots.set(id, slot);
    }
    switch (event.type) {
      case 'SeatsReserved':
      case 'SeatsReleased':
        slot.booked = (event.data as Data<'SeatsReserved'>).bookedAfter;
        break;
      case 'SlotBlocked':
      case 'SlotUnblocked':
        slot.available = event.type === 'SlotUnblocked';
        break;
      case 'CapacityChanged':
        slot.max = (event.data as Data<'CapacityChanged'>).to;
        break;
    }
  }
  await tx`
    with c as materialized (
      select * from jsonb_to_recordset(${tx.json([...slots.values()] as never)})
        as c(id bigint, booked int, max int, available boolean)
    ),
    updated as (
      update slot_availability s
      set current_attendees = coalesce(c.booked, s.current_attendees),
          max_attendees = coalesce(c.max, s.max_attendees),
          is_available = coalesce(c.available, s.is_available), updated_at = now()
      from c where s.timeslot_id = c.id
      returning s.timeslot_id
    )
    insert into slot_availability (timeslot_id, current_attendees, max_attendees, is_available)
    select c.id, coalesce(c.booked, 0), c.max, coalesce(c.available, true) from c
    where c.id not in (select timeslot_id from updated)`;
}

/** Seats, capacity and availability per timeslot, from the timeslot-<id> streams. */
export const slotAvailabilityProjection = defineProjection({
  name: 'slot_availability',
  tables: ['slot_availability'],
  applyBatch: applySlotBatch,
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
