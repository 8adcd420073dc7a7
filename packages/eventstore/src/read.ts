import type { Fragment } from '@hs/db';
import { decodeEvents, eventCodec } from './codec';
import { statementSpan } from './spans';
import type { EventMetadata, Queryable, RecordedEvent } from './types';

export interface EventRow {
  global_position: number;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

/**
 * The `data` column of a read of `events` (aliased `e`): the whole payload, or only the named top-level
 * fields (absent ones stay absent), so a reader that looks at a few fields of large events spares
 * Postgres writing the whole payload out and itself parsing it (issue 27). A reader that decodes also
 * gets the fields the codec needs for it (the personal-data boxes).
 */
export function dataColumn(sql: Queryable, fields: readonly string[] | undefined, decode: boolean) {
  const read = fields && decode ? [...fields, ...(eventCodec()?.decodeFields ?? [])] : fields;
  return read
    ? sql`(select coalesce(jsonb_object_agg(f.k, e.data -> f.k), '{}'::jsonb)
           from unnest(${[...read]}::text[]) as f(k) where e.data ? f.k)`
    : sql`e.data`;
}

export function toRecordedEvent<T = unknown>(row: EventRow): RecordedEvent<T> {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data as T,
    metadata: row.metadata,
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    recordedAt: row.recorded_at,
  };
}

/** Events of one stream in version order, from `fromVersion` (inclusive, default 1). */
export async function readStream<T = unknown>(
  sql: Queryable,
  streamId: string,
  options: { fromVersion?: number } = {},
): Promise<RecordedEvent<T>[]> {
  const rows = await statementSpan(
    'read_stream',
    () => sql<EventRow[]>`
      select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
      from events where stream_id = ${streamId} and version >= ${options.fromVersion ?? 1}
      order by version`,
  );
  return decodeEvents(
    sql,
    rows.map((r) => toRecordedEvent<T>(r)),
  );
}

export interface StreamRead<T = unknown> {
  /** 0 when the stream has no events yet. */
  version: number;
  events: RecordedEvent<T>[];
}

/** Several streams in one query (what a command reads before deciding). */
export async function readStreams<T = unknown>(
  sql: Queryable,
  streamIds: readonly string[],
): Promise<Record<string, StreamRead<T>>> {
  const out: Record<string, StreamRead<T>> = {};
  for (const id of streamIds) out[id] = { version: 0, events: [] };
  if (streamIds.length === 0) return out;
  const rows = await statementSpan(
    'read_streams',
    () => sql<EventRow[]>`
      select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
      from events where stream_id = any(${streamIds as string[]}::text[])
      order by stream_id, version`,
    { 'hs.eventstore.streams': streamIds.length },
  );
  for (const row of rows) {
    const s = out[row.stream_id]!;
    s.events.push(toRecordedEvent<T>(row));
    s.version = row.version;
  }
  await decodeEvents(
    sql,
    Object.values(out).flatMap((s) => s.events),
  );
  return out;
}

const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A stream's current version and, for each group of event types, the latest event of the group
 * (in version order), from one snapshot: what a command reads when those say all it needs, instead
 * of the whole stream (handle's `readers`). A group with no event yet contributes nothing.
 */
export async function readLatestOfTypes<T = unknown>(
  sql: Queryable,
  streamId: string,
  groups: readonly (readonly string[])[],
): Promise<StreamRead<T>> {
  const rows = await statementSpan(
    'read_latest_of_types',
    () => sql<LatestRow[]>`${latestOfTypesQuery(sql, streamId, groups)}`,
  );
  return latestOfTypesRead<T>(rows);
}

/** A row of latestOfTypesQuery: the stream's version, and an event's columns (null when none). */
export type LatestRow = Omit<EventRow, 'recorded_at'> & {
  stream_version: number;
  recorded_at: Date | string;
};

/**
 * readLatestOfTypes as a query to run, or to nest in another statement (`json_agg` of it) so that a
 * command's first read rides in a statement it sends anyway; latestOfTypesRead decodes its rows.
 *
 * Each group's types are written into the SQL as a constant, not sent as a parameter: then Postgres
 * can use a partial index on a stream's rare events (migration 010 has one for a slot's block and
 * capacity events), where otherwise finding that a stream has none walks the whole stream.
 */
export function latestOfTypesQuery(
  sql: Queryable,
  /** The stream's id, or a column of an enclosing statement that reads several streams' (pricing batches). */
  streamId: string | Fragment,
  groups: readonly (readonly string[])[],
) {
  const latest = groups.map((types) => {
    for (const t of types) if (!EVENT_TYPE.test(t)) throw new TypeError(`Not an event type name: ${t}`);
    const constant = sql.unsafe(`'{${types.join(',')}}'::text[]`);
    return sql`(select * from events where stream_id = ${streamId} and type = any(${constant})
                order by version desc limit 1)`;
  });
  const union = latest.length
    ? latest.reduce((all, one) => sql`${all} union all ${one}`)
    : sql`select * from events where false`;
  return sql`
    select s.stream_version, e.global_position, e.transaction_id::text as transaction_id, e.event_id,
           e.stream_id, e.version, e.type, e.data, e.metadata, e.recorded_at
    from (select coalesce((select version from streams where stream_id = ${streamId}), 0) as stream_version) s
    left join lateral (${union}) e on true
    order by e.version`;
}

/** Rows of latestOfTypesQuery, as rows or as the objects of a `json_agg`, to a StreamRead. */
export function latestOfTypesRead<T = unknown>(rows: readonly LatestRow[]): StreamRead<T> {
  const version = Number(rows[0]?.stream_version ?? 0);
  return {
    version,
    events: rows
      .filter((r) => r.event_id !== null)
      .map((r) =>
        toRecordedEvent<T>({
          ...r,
          global_position: Number(r.global_position),
          version: Number(r.version),
          recorded_at: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
        }),
      ),
  };
}
