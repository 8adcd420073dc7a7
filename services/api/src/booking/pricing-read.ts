import { type BatcherStats, type Sql, createBatcher } from '@hs/db';
import { timeslotStream } from '@hs/domain';
import type { LatestRow } from '@hs/eventstore';
import { PRIVACY_NOTICE } from '../privacy-notice';
import { PAYMENT_HOLD_MINUTES } from '../settings';
import { slotStreamQuery } from './slot-read';

/** What pricing an order reads: its event with its packages, the slot, and what the options add. */
export interface PricingRow {
  id: number;
  name: string;
  isActive: boolean;
  packages: { id: number; name: string; price: string; aiaPrice: string | null }[];
  slot: { id: number; eventId: number; maxAttendees: number; date: string; region: string | null } | null;
  /** The slot's stream as a booking's append needs it (`readSlot`). */
  slotLatest: LatestRow[] | null;
  /** The payment hold and the privacy notice a new booking records, as stored (`withSettings`). */
  settings: { holdMinutes: string | null; privacyNotice: string | null } | null;
  configType: string | null;
}

export interface PricingKey {
  eventId: number;
  timeslotId: number;
}

export interface PricingReadOptions {
  readSlot?: boolean;
  withSettings?: boolean;
}

/** Ids no row can have (the columns are bigint): sent as null, so they read as not found, not as an error. */
const idOrNull = (id: number) => (Number.isSafeInteger(id) && id >= 1 ? id : null);

/**
 * The pricing rows of several orders in ONE statement, in the order asked (null: no such event), all
 * from one snapshot. A booking is mostly round trips (docs/performance.md): each order's event, its
 * packages and the slot come together, and with `readSlot` the slot's stream too (saves the booking's
 * append a statement), with `withSettings` the payment hold and the privacy notice in force.
 */
export async function readPricingRows(
  sql: Sql,
  keys: readonly PricingKey[],
  options: PricingReadOptions = {},
): Promise<(PricingRow | null)[]> {
  const eventIds = keys.map((k) => idOrNull(k.eventId));
  const slotIds = keys.map((k) => idOrNull(k.timeslotId));
  const streamIds = keys.map((k) => timeslotStream(k.timeslotId).id);
  const slotLatest = options.readSlot
    ? sql`(select coalesce(json_agg(l), '[]'::json) from (${slotStreamQuery(sql, sql`r.stream_id`)}) l)`
    : sql`null::json`;
  // Uncorrelated, so Postgres evaluates it once for the whole batch.
  const settings = options.withSettings
    ? sql`(select json_build_object(
             'holdMinutes', (select setting_value from system_settings where setting_key = ${PAYMENT_HOLD_MINUTES}),
             'privacyNotice', (select setting_value from system_settings where setting_key = ${PRIVACY_NOTICE})))`
    : sql`null::json`;
  // The slot is joined, not read by a subquery per order: on a small table (a clinic's few hundred
  // slots) Postgres scanned every slot once per order rather than use the key (docs/performance.md,
  // sixteenth round); joined, it scans them once per statement or probes the key per order.
  const rows = await sql<(PricingRow & { i: number; found: boolean })[]>`
    select r.i::int as i, e.id is not null as found, e.id, e.name, e.is_active as "isActive",
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                                  'aiaPrice', p.aia_price::text)), '[]'::json)
       from event_packages ep join packages p on p.id = ep.package_id
       where ep.event_id = e.id and p.is_active) as packages,
      case when t.id is not null then json_build_object('id', t.id, 'eventId', t.event_id,
        'maxAttendees', t.max_attendees, 'date', to_char(t.date, 'YYYY-MM-DD'), 'region', t.region) end as slot,
      ${slotLatest} as "slotLatest",
      ${settings} as settings,
      (select c.config_type from event_configs c where c.event_id = e.id) as "configType"
    from unnest(${eventIds}::bigint[], ${slotIds}::bigint[], ${streamIds}::text[])
           with ordinality as r(event_id, timeslot_id, stream_id, i)
    left join screening_events e on e.id = r.event_id
    left join timeslots t on t.id = r.timeslot_id`;
  const byIndex: (PricingRow | null)[] = keys.map(() => null);
  for (const { i, found, ...row } of rows) if (found) byIndex[i - 1] = row;
  return byIndex;
}

export interface PricingReads {
  read(key: PricingKey): Promise<PricingRow | null>;
  readonly stats: BatcherStats;
}

/** Orders priced together read together: at most this many in one statement. */
const MAX_BATCH = 100;

/**
 * The booking route's pricing reads, batched: the requests that arrive while one statement runs are
 * read in the next, one statement for all of them (readPricingRows with the slot and the settings),
 * as the group commit batches their appends. At low load a batch is one request.
 */
export function createPricingReads(sql: Sql): PricingReads {
  const batcher = createBatcher<PricingKey, PricingRow | null>(
    async (batch) => {
      const rows = await readPricingRows(
        sql,
        batch.map((w) => w.item),
        { readSlot: true, withSettings: true },
      );
      for (const [i, w] of batch.entries()) w.resolve(rows[i] ?? null);
    },
    { maxBatch: MAX_BATCH },
  );
  return { read: (key) => batcher.submit(key), stats: batcher.stats };
}
