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
  const rows = await sql<EventRow[]>`
    select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
    from events where stream_id = ${streamId} and version >= ${options.fromVersion ?? 1}
    order by version`;
  return rows.map((r) => toRecordedEvent<T>(r));
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
  const rows = await sql<EventRow[]>`
    select global_position, transaction_id::text, event_id, stream_id, version, type, data, metadata, recorded_at
    from events where stream_id = any(${streamIds as string[]}::text[])
    order by stream_id, version`;
  for (const row of rows) {
    const s = out[row.stream_id]!;
    s.events.push(toRecordedEvent<T>(row));
    s.version = row.version;
  }
  return out;
}

export type Evolve<S, T = unknown> = (state: S, event: RecordedEvent<T>) => S;

export function fold<S, T = unknown>(
  events: readonly RecordedEvent<T>[],
  evolve: Evolve<S, T>,
  initial: S,
): S {
  let state = initial;
  for (const e of events) state = evolve(state, e);
  return state;
}

/** Current state of a stream and the version it was read at (the expected version for a write). */
export async function aggregate<S, T = unknown>(
  sql: Queryable,
  streamId: string,
  evolve: Evolve<S, T>,
  initial: S,
): Promise<{ state: S; version: number }> {
  const events = await readStream<T>(sql, streamId);
  return { state: fold(events, evolve, initial), version: events.at(-1)?.version ?? 0 };
}
