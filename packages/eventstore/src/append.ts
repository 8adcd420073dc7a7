import type { Sql } from '@hs/db';
import { encodeEventData, eventCodec } from './codec';
import { ConcurrencyError } from './errors';
import { uuidv7 } from './ids';
import { notifyAppended } from './notify';
import type { Position } from './position';
import { statementSpan } from './spans';
import { type TraceCarrier, currentTraceCarrier } from '@hs/tracing';
import type { AppendRequest, EventMetadata, ExpectedVersion, MetadataInput, Queryable } from './types';

export interface AppendResult {
  /** New version of each stream written, by stream id. */
  versions: Record<string, number>;
  position: Position;
}

export interface AppendOptions {
  /**
   * Inside a caller's transaction the NOTIFY is queued in it and sent at its commit. Pass false
   * when the caller calls notifyAppended(sql) after its commit instead (cheaper under load).
   */
  notifyInTransaction?: boolean;
}

const EXPECTED_CODES: Record<'no_stream' | 'any', number> = { no_stream: -1, any: -2 };
export const CONFLICT_SQLSTATE = 'HS409';

export function isTransaction(db: Queryable): boolean {
  return typeof (db as { savepoint?: unknown }).savepoint === 'function';
}

export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

function expectedCode(expected: ExpectedVersion): number {
  if (typeof expected === 'number') {
    if (!Number.isInteger(expected) || expected < 0) throw new TypeError(`Bad expected version ${expected}`);
    return expected;
  }
  return EXPECTED_CODES[expected];
}

/** One append as the append statement takes it: its streams (sorted by id) and its events. */
export interface PreparedAppend {
  streams: Array<{ id: string; type: string; expected: number; count: number }>;
  events: Array<{ s: number; id: string; type: string; data: unknown; metadata: EventMetadata }>;
}

/** Checks and shapes an append's requests; event ids and metadata are drawn here. */
export function prepareAppend(
  requests: AppendRequest | AppendRequest[],
  metadata: MetadataInput,
): PreparedAppend {
  // Stream rows are locked in id order, so two multi-stream appends cannot deadlock each other.
  const list = (Array.isArray(requests) ? [...requests] : [requests]).sort((a, b) =>
    a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0,
  );
  const streams: PreparedAppend['streams'] = [];
  const events: PreparedAppend['events'] = [];
  const seen = new Set<string>();
  // The caller's trace context (a request's, a job's) rides in each event's metadata (issue 47).
  const trace = currentTraceCarrier();
  for (const req of list) {
    if (seen.has(req.streamId)) throw new TypeError(`Stream ${req.streamId} appears twice in one append`);
    seen.add(req.streamId);
    if (req.events.length === 0) continue;
    const s = streams.length;
    streams.push({
      id: req.streamId,
      type: req.streamType ?? streamTypeOf(req.streamId),
      expected: expectedCode(req.expectedVersion),
      count: req.events.length,
    });
    for (const e of req.events) {
      const eventId = e.eventId ?? uuidv7();
      events.push({
        s,
        id: eventId,
        type: e.type,
        data: e.data,
        metadata: metadataFor(eventId, metadata, trace),
      });
    }
  }
  if (streams.length === 0) throw new TypeError('append needs at least one event');
  return { streams, events };
}

/** True when an append may conflict without anyone having read its streams (see `append`). */
export const expectsAny = (prepared: PreparedAppend): boolean =>
  prepared.streams.some((s) => s.expected === EXPECTED_CODES.any);

/**
 * Appends to one or more streams atomically. Pass the pool to append in a transaction of its own
 * (one round trip: the whole append is one statement), or a caller's transaction to commit events
 * together with other rows; a conflict then aborts the caller's transaction as a whole.
 *
 * Throws ConcurrencyError naming the first stream not at its expected version; nothing of the
 * batch is written.
 */
export async function append(
  db: Queryable,
  requests: AppendRequest | AppendRequest[],
  metadata: MetadataInput,
  options: AppendOptions = {},
): Promise<AppendResult> {
  const { streams, events } = prepareAppend(requests, metadata);
  // Encoding creates the people's data keys: on the pool, those rows and the events commit together
  // (one commit, not two; no key without its events).
  if (!isTransaction(db) && eventCodec()?.writes(events)) {
    const anyStream = streams.some((s) => s.expected === EXPECTED_CODES.any);
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await (db as Sql).begin((tx) =>
          append(tx, requests, metadata, { notifyInTransaction: false }),
        );
        notifyAppended(db as Sql);
        return result;
      } catch (err) {
        if (anyStream && attempt < 3 && err instanceof ConcurrencyError && err.expected === 'any') continue;
        throw err;
      }
    }
  }
  const encoded = await encodeEventData(db, events);
  encoded.forEach((data, i) => {
    events[i]!.data = data;
  });

  const inTransaction = isTransaction(db);
  // Only the 'any' streams can conflict without anyone having read them; when we own the
  // transaction, retrying it takes a newer transaction id and settles that.
  const retryable = !inTransaction && streams.some((s) => s.expected === EXPECTED_CODES.any);
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await statementSpan(
        'append',
        () =>
          db<
            { r_stream_id: string; r_version: number; r_transaction_id: string; r_last_position: number }[]
          >`select * from eventstore_append(${JSON.stringify(streams)}::text::jsonb, ${JSON.stringify(events)}::text::jsonb, ${inTransaction && options.notifyInTransaction !== false})`,
        { 'hs.eventstore.events': events.length },
      );
      if (!inTransaction) notifyAppended(db as Sql);
      const versions: Record<string, number> = {};
      for (const r of rows) versions[r.r_stream_id] = r.r_version;
      const first = rows[0]!;
      return {
        versions,
        position: { transactionId: first.r_transaction_id, globalPosition: first.r_last_position },
      };
    } catch (err) {
      const conflict = toConcurrencyError(err);
      if (!conflict) throw err;
      if (retryable && attempt < 3 && conflict.expected === 'any') continue;
      throw conflict;
    }
  }
}

function metadataFor(eventId: string, input: MetadataInput, trace: TraceCarrier | undefined): EventMetadata {
  const correlationId = input.correlationId ?? input.requestId ?? eventId;
  return {
    eventId,
    correlationId,
    causationId: input.causationId ?? input.requestId ?? correlationId,
    actor: input.actor,
    requestId: input.requestId ?? null,
    ...(trace?.traceparent ? { traceparent: trace.traceparent } : {}),
  };
}

/** Maps the append function's conflict (and the unique-version backstop) to ConcurrencyError. */
export function toConcurrencyError(err: unknown): ConcurrencyError | null {
  const e = err as { code?: string; detail?: string; constraint_name?: string };
  if (e?.code === CONFLICT_SQLSTATE && e.detail) {
    const d = JSON.parse(e.detail) as { streamId: string; expected: number; actual: number | null };
    const expected = d.expected === -2 ? 'any' : d.expected <= 0 ? 'no_stream' : d.expected;
    return new ConcurrencyError(d.streamId, expected, d.actual);
  }
  if (e?.code === '23505' && e.constraint_name === 'events_stream_version') {
    return new ConcurrencyError('(unknown)', 'unique version', null);
  }
  return null;
}
