import { decodeEvents } from './codec';
import { type EventRow, dataColumn, toRecordedEvent } from './read';
import type { Queryable, RecordedEvent } from './types';

/*
 * Named questions request paths ask of the log, so nothing outside the event store writes SQL on
 * its tables. Each is one index lookup.
 */

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A type or field name written into the SQL as a constant, not sent as a parameter: then Postgres
 * can use a partial or expression index on it (migration 008: a RegistrationBooked's reference
 * number), which a parameter hides from the plan.
 */
function constant(sql: Queryable, name: string) {
  if (!NAME.test(name)) throw new TypeError(`Not a name: ${name}`);
  return sql.unsafe(`'${name}'`);
}

/** The first event of a type in one stream, or whose `data` has a field equal to a value. */
export type FirstEventMatch = { type: string } & (
  | { streamId: string }
  | { data: { field: string; equals: string } }
);

export async function findFirstEvent<T = unknown>(
  sql: Queryable,
  match: FirstEventMatch,
): Promise<RecordedEvent<T> | null> {
  const where =
    'streamId' in match
      ? sql`stream_id = ${match.streamId} and type = ${constant(sql, match.type)} order by version`
      : sql`type = ${constant(sql, match.type)} and data ->> ${constant(sql, match.data.field)} = ${match.data.equals}
            order by global_position`;
  const [row] = await sql<EventRow[]>`
    select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
    from events where ${where} limit 1`;
  if (!row) return null;
  const [event] = await decodeEvents(sql, [toRecordedEvent<T>(row)]);
  return event!;
}

/**
 * The events of some types in the given streams, each stream's in version order: one index range a
 * stream (what a list of orders asks of their timelines). `decode: false` leaves sealed personal fields
 * sealed, for a caller that reads only fields that are never personal (no key query, no cipher);
 * `dataFields` reads only those fields of each payload (see dataColumn).
 */
export async function findStreamEvents<T = unknown>(
  sql: Queryable,
  streamIds: readonly string[],
  types: readonly string[],
  options: { decode?: boolean; dataFields?: readonly string[] } = {},
): Promise<RecordedEvent<T>[]> {
  if (streamIds.length === 0 || types.length === 0) return [];
  for (const type of types) if (!NAME.test(type)) throw new TypeError(`Not a name: ${type}`);
  const rows = await sql<EventRow[]>`
    select e.global_position, e.transaction_id::text, e.event_id, e.stream_id, e.version, e.type,
           ${dataColumn(sql, options.dataFields, options.decode !== false)} as data, e.metadata, e.recorded_at
    from events e
    where e.stream_id = any(${streamIds as string[]}::text[]) and e.type = any(${types as string[]}::text[])
    order by e.stream_id, e.version`;
  const events = rows.map((r) => toRecordedEvent<T>(r));
  return options.decode === false ? events : decodeEvents(sql, events);
}
