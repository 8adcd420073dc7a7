import { decodeEvents } from './codec';
import { type EventRow, toRecordedEvent } from './read';
import type { Position } from './position';
import type { Queryable, RecordedEvent } from './types';

/*
 * Named queries for tests, benches and operations: what is in the log, where each subscription
 * stands, who holds the leases. Nothing outside this package queries the store's tables; code that
 * needs to look at them uses these. They scan, so they are not for request paths.
 */

/** Which events: every field given must match (none given: the whole log). */
export interface EventFilter {
  /** One type, or any of several. */
  type?: string | readonly string[];
  /** One stream, or any of several. */
  streamId?: string | readonly string[];
  /** Streams whose id starts with this, e.g. `registration-`. */
  streamIdPrefix?: string;
}

const list = (x: string | readonly string[]) => (typeof x === 'string' ? [x] : [...x]);

function where(sql: Queryable, filter: EventFilter) {
  const type = filter.type === undefined ? sql`` : sql`and type = any(${list(filter.type)}::text[])`;
  const stream =
    filter.streamId === undefined ? sql`` : sql`and stream_id = any(${list(filter.streamId)}::text[])`;
  const prefix =
    filter.streamIdPrefix === undefined ? sql`` : sql`and starts_with(stream_id, ${filter.streamIdPrefix})`;
  return sql`where true ${type} ${stream} ${prefix}`;
}

/**
 * The events matching `filter`, in the order subscribers read them: (transaction, position). The order
 * names the table's column: plain `transaction_id` would be the selected text, which sorts 100000
 * before 99999.
 */
export async function findEvents<T = unknown>(
  sql: Queryable,
  filter: EventFilter = {},
): Promise<RecordedEvent<T>[]> {
  const rows = await sql<EventRow[]>`
    select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
    from events ${where(sql, filter)}
    order by events.transaction_id, global_position`;
  return decodeEvents(
    sql,
    rows.map((r) => toRecordedEvent<T>(r)),
  );
}

export async function countEvents(sql: Queryable, filter: EventFilter = {}): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from events ${where(sql, filter)}`;
  return row!.n;
}

/** The last event's position in subscriber order (what a caught-up checkpoint holds); null when empty. */
export async function headPosition(sql: Queryable): Promise<Position | null> {
  const [row] = await sql<{ transaction_id: string; global_position: number }[]>`
    select transaction_id::text, global_position from events
    order by events.transaction_id desc, global_position desc limit 1`;
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : null;
}

/**
 * The largest global position taken so far (0 when empty). Not always the head's: positions are
 * taken at insert, so a later transaction may hold a smaller one.
 */
export async function maxGlobalPosition(sql: Queryable): Promise<number> {
  const [row] = await sql<{ max: number | null }[]>`select max(global_position) as max from events`;
  return row!.max ?? 0;
}

/**
 * True when every event is below the snapshot horizon, so a subscriber's next read can see all of
 * them. The horizon is cluster-wide: a transaction open in any database holds it back.
 */
export async function allEventsBelowHorizon(sql: Queryable): Promise<boolean> {
  const [row] = await sql<{ below: boolean }[]>`
    select coalesce(pg_snapshot_xmin(pg_current_snapshot()) > (select max(transaction_id) from events), true) as below`;
  return row!.below;
}

export interface Checkpoint {
  name: string;
  position: Position;
  updatedAt: Date;
}

/** The stored checkpoints (of `names` only, when given), by name. Cheap enough to poll. */
export async function listCheckpoints(sql: Queryable, names?: readonly string[]): Promise<Checkpoint[]> {
  const only = names ? sql`where name = any(${[...names]}::text[])` : sql``;
  const rows = await sql<
    { name: string; transaction_id: string; global_position: number; updated_at: Date }[]
  >`
    select name, transaction_id::text, global_position, updated_at from subscription_checkpoints ${only}
    order by name`;
  return rows.map((r) => ({
    name: r.name,
    position: { transactionId: r.transaction_id, globalPosition: r.global_position },
    updatedAt: r.updated_at,
  }));
}

export interface CheckpointProgress {
  name: string;
  /** Events at or before the checkpoint. */
  handled: number;
  /** Events after the checkpoint and below the snapshot horizon: committed, readable, not yet handled. */
  waiting: number;
}

/** For each checkpoint, by name, how much of the log it has handled and what it could read next. Counts every event. */
export async function checkpointProgress(sql: Queryable): Promise<CheckpointProgress[]> {
  return sql<CheckpointProgress[]>`
    select c.name,
           (select count(*)::int from events e
            where (e.transaction_id, e.global_position) <= (c.transaction_id, c.global_position)) as handled,
           (select count(*)::int from events e
            where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
              and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())) as waiting
    from subscription_checkpoints c order by c.name`;
}

export interface Lease {
  name: string;
  holder: string;
  acquiredAt: Date;
  expiresAt: Date;
  /** Not yet expired, by the database's clock. */
  active: boolean;
}

/** Every stored lease, expired ones too, by name. */
export async function listLeases(sql: Queryable): Promise<Lease[]> {
  const rows = await sql<
    { name: string; holder: string; acquired_at: Date; expires_at: Date; active: boolean }[]
  >`
    select name, holder, acquired_at, expires_at, expires_at > now() as active from projection_leases order by name`;
  return rows.map((r) => ({
    name: r.name,
    holder: r.holder,
    acquiredAt: r.acquired_at,
    expiresAt: r.expires_at,
    active: r.active,
  }));
}
