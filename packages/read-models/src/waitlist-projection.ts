import type { TransactionSql } from '@hs/db';
import { WAITLIST_EVENT_TYPES, type WaitlistEvent } from '@hs/domain';
import type { RecordedEvent } from '@hs/eventstore';
import { defineBatchProjection } from './batch-projection';

/**
 * Applies the events in order, one statement each: an entry's few events arrive minutes or days
 * apart, so a batch rarely holds two of one entry, and the list is small beside the orders.
 * `updated_at` is the event's own time, so a rebuild leaves the same rows.
 */
async function applyWaitlistBatch(tx: TransactionSql, events: RecordedEvent[]) {
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as WaitlistEvent;
    const id = recorded.streamId.slice('waitlist-'.length);
    switch (event.type) {
      case 'WaitlistJoined': {
        const d = event.data;
        const row = {
          id,
          event_id: d.eventId,
          package_id: d.packageId,
          region: d.region,
          postal_code: d.postalCode,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          mobile_number: d.mobileNumber,
          seats: d.seats,
          preferred_dates: d.preferredDates,
          token_hash: d.tokenHash,
          status: 'waiting',
          joined_at: d.joinedAt,
          offer_timeslot_id: null,
          offer_date: null,
          offer_time: null,
          offer_expires_at: null,
          registration_id: null,
          updated_at: d.joinedAt,
        };
        // A join after the entry ended starts the row afresh (new token, no offer, back of the line).
        await tx`
          insert into waitlist_entries ${tx(row)}
          on conflict (id) do update set ${tx(row, Object.keys(row).filter((k) => k !== 'id') as never)},
            line = nextval('waitlist_line')`;
        break;
      }
      case 'WaitlistOfferMade': {
        const d = event.data;
        await tx`
          update waitlist_entries set status = 'offered', offer_timeslot_id = ${d.timeslotId},
            offer_date = ${d.date}, offer_time = ${d.time}, offer_expires_at = ${d.expiresAt}, updated_at = ${d.at}
          where id = ${id}`;
        break;
      }
      case 'WaitlistOfferExpired':
        await tx`update waitlist_entries set status = 'expired', updated_at = ${event.data.at} where id = ${id}`;
        break;
      case 'WaitlistOfferClaimed':
        await tx`
          update waitlist_entries set status = 'booked', registration_id = ${Number(event.data.registrationId)},
            updated_at = ${event.data.at}
          where id = ${id}`;
        break;
      case 'WaitlistLeft':
        await tx`
          update waitlist_entries set status = ${event.data.by === 'staff' ? 'removed' : 'left'},
            updated_at = ${event.data.at}
          where id = ${id}`;
        break;
    }
  }
}

/** The waiting list per event, from the waitlist-<entryId> streams. */
export const waitlistProjection = defineBatchProjection({
  name: 'waitlist_entries',
  tables: ['waitlist_entries'],
  types: WAITLIST_EVENT_TYPES,
  applyBatch: applyWaitlistBatch,
});
