import type { TransactionSql } from '@hs/db';
import { type TimeslotEvent, timeslotIdOf } from '@hs/domain';
import type { Queryable, RecordedEvent } from '@hs/eventstore';
import { defineBatchProjection } from './batch-projection';

type Data<T extends TimeslotEvent['type']> = Extract<TimeslotEvent, { type: T }>['data'];

interface SlotChange {
  id: number;
  booked: number | null;
  max: number | null;
  available: boolean | null;
}

/**
 * A batch in one statement: per slot, the last value of each field the batch sets (seats booked
 * after its last seat event, its last block state, its last capacity); slots with a row are updated,
 * the others inserted with the defaults for fields the batch does not set.
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
export const slotAvailabilityProjection = defineBatchProjection({
  name: 'slot_availability',
  personalData: false,
  tables: ['slot_availability'],
  types: ['SeatsReserved', 'SeatsReleased', 'SlotBlocked', 'SlotUnblocked', 'CapacityChanged'],
  applyBatch: applySlotBatch,
});

/**
 * Seats left on a timeslot as the read model has them (capacity less seats taken), or null for a slot
 * that does not exist. A preview's figure: the slot's stream decides every booking.
 */
export async function readSeatsLeft(sql: Queryable, timeslotId: number): Promise<number | null> {
  const [row] = await sql<{ left: number }[]>`
    select greatest(0, coalesce(sa.max_attendees, t.max_attendees) - coalesce(sa.current_attendees, 0))::int as left
    from timeslots t left join slot_availability sa on sa.timeslot_id = t.id
    where t.id = ${timeslotId}`;
  return row ? row.left : null;
}
