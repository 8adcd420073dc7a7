// Parked events (issue 43, table parked_events): an event a subscriber still cannot handle after a few
// tries is recorded with its error and skipped by that subscriber, so one event cannot stop the rest of
// the log; staff ask for a retry once the cause is fixed. docs/reliability.md says when an event parks.
import { isPostgresUnreachable } from '@hs/db';
import { decodeEvents } from './codec';
import { type EventRow, dataColumn, toRecordedEvent } from './read';
import type { Queryable, RecordedEvent } from './types';

/** Tries of an event, alone, before it is parked. */
export const PARK_AFTER_ATTEMPTS = 3;

/** The error parked with an event that never failed itself: an earlier event of its stream is parked. */
export const HELD_BEHIND = 'held behind an earlier parked event of its stream';

/**
 * Failures that say nothing about the event: Postgres gone, a deadlock or serialisation failure, a
 * statement cancelled or the server shutting down. Such an event is tried again, never parked.
 */
export function isTransientFailure(err: unknown): boolean {
  if (isPostgresUnreachable(err)) return true;
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^(40001|40P01|55P03|57014|57P0[1-3]|53\d{3})$/.test(code);
}

/** The message stored and shown for a failure: its first line, at most 1,000 characters. */
export function failureMessage(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const text = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? `${e.code} ` : '';
  return `${code}${text.split('\n')[0]}`.slice(0, 1_000);
}

export interface ParkedEvent {
  subscriber: string;
  eventId: string;
  streamId: string;
  streamVersion: number;
  eventType: string;
  globalPosition: number;
  error: string;
  attempts: number;
  parkedAt: Date;
  retryRequestedAt: Date | null;
}

/** Counts tries per subscriber and event, in memory (the runner's own; lost on restart, which is fine). */
export class AttemptCounter {
  private readonly counts = new Map<string, number>();
  add(subscriber: string, eventId: string): number {
    const key = `${subscriber}\u0001${eventId}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n;
  }
  forget(subscriber: string, eventId: string): void {
    this.counts.delete(`${subscriber}\u0001${eventId}`);
  }
}

/** What a runner tells its owner it parked (RunnerOptions.onParked). */
export interface ParkedNotice {
  subscriber: string;
  eventId: string;
  streamId: string;
  eventType: string;
  error: string;
  attempts: number;
}

export type OnParked = ((parked: ParkedNotice[]) => void) | undefined;

/** Tells `onParked` (if any) of events just parked; an owner's failure to log stops nothing. */
export function noticeParked(
  onParked: OnParked,
  subscriber: string,
  parked: readonly { event: RecordedEvent; error: string; attempts: number }[],
): void {
  if (!onParked || parked.length === 0) return;
  try {
    onParked(
      parked.map((p) => ({
        subscriber,
        eventId: p.event.eventId,
        streamId: p.event.streamId,
        eventType: p.event.type,
        error: p.error,
        attempts: p.attempts,
      })),
    );
  } catch {
    // A logger that throws must not undo a park that committed.
  }
}

/** Records events as parked for `subscriber` (again: the newer error and tries win). */
export function parkEvents(
  db: Queryable,
  subscriber: string,
  parked: readonly { event: RecordedEvent; error: string; attempts: number }[],
) {
  const col = <T>(f: (p: (typeof parked)[number]) => T) => parked.map(f);
  return db`
    insert into parked_events (subscriber, event_id, stream_id, stream_version, event_type, transaction_id,
                               global_position, error, attempts)
    select ${subscriber}, u.id, u.stream, u.version, u.type, u.tx::xid8, u.pos, u.error, u.attempts
    from unnest(${col((p) => p.event.eventId)}::uuid[], ${col((p) => p.event.streamId)}::text[],
                ${col((p) => p.event.version)}::bigint[], ${col((p) => p.event.type)}::text[],
                ${col((p) => p.event.transactionId)}::text[], ${col((p) => p.event.globalPosition)}::bigint[],
                ${col((p) => p.error)}::text[], ${col((p) => p.attempts)}::int[])
      as u(id, stream, version, type, tx, pos, error, attempts)
    on conflict (subscriber, event_id) do update
      set error = excluded.error, attempts = excluded.attempts, parked_at = now(), retry_requested_at = null`;
}

/** Per subscriber of `subscribers`, the streams that have a parked event. */
export async function parkedStreams(
  db: Queryable,
  subscribers: readonly string[],
): Promise<Map<string, Set<string>>> {
  const rows = await db<{ subscriber: string; stream_id: string }[]>`
    select distinct subscriber, stream_id from parked_events where subscriber = any(${[...subscribers]}::text[])`;
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = out.get(r.subscriber) ?? new Set<string>();
    set.add(r.stream_id);
    out.set(r.subscriber, set);
  }
  return out;
}

type ParkedRow = {
  subscriber: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  event_type: string;
  global_position: string;
  error: string;
  attempts: number;
  parked_at: Date;
  retry_requested_at: Date | null;
};

const toParked = (r: ParkedRow): ParkedEvent => ({
  subscriber: r.subscriber,
  eventId: r.event_id,
  streamId: r.stream_id,
  streamVersion: Number(r.stream_version),
  eventType: r.event_type,
  globalPosition: Number(r.global_position),
  error: r.error,
  attempts: r.attempts,
  parkedAt: r.parked_at,
  retryRequestedAt: r.retry_requested_at,
});

/** Every parked event, in log order per subscriber (at most `limit`). */
export async function listParkedEvents(db: Queryable, limit = 500): Promise<ParkedEvent[]> {
  const rows = await db<ParkedRow[]>`
    select * from parked_events order by subscriber, transaction_id, global_position limit ${limit}`;
  return rows.map(toParked);
}

/**
 * Asks `subscriber` to try its parked event again (with the later parked events of its stream, which
 * wait behind it). False when no such event is parked. The subscriber is woken by the events channel.
 */
export async function requestParkedRetry(
  db: Queryable,
  subscriber: string,
  eventId: string,
): Promise<boolean> {
  const rows = await db`
    update parked_events set retry_requested_at = now()
    where subscriber = ${subscriber} and stream_id = (
      select stream_id from parked_events where subscriber = ${subscriber} and event_id = ${eventId})
    returning event_id`;
  return rows.length > 0;
}

/**
 * The parked events of `subscriber` whose retry was asked for, grouped by stream in log order, each
 * with its event read back from the log (decoded unless `decode` is false).
 */
export async function parkedRetries(
  db: Queryable,
  subscriber: string,
  options: { decode?: boolean; dataFields?: readonly string[] } = {},
): Promise<Map<string, RecordedEvent[]>> {
  const decode = options.decode !== false;
  const data = dataColumn(db, options.dataFields, decode);
  const rows = await db<EventRow[]>`
    select e.global_position, e.transaction_id::text, e.event_id, e.stream_id, e.version, e.type,
           ${data} as data, e.metadata, e.recorded_at
    from parked_events p join events e on e.event_id = p.event_id and e.stream_id = p.stream_id
    where p.subscriber = ${subscriber}
      and p.stream_id in (select stream_id from parked_events
                          where subscriber = ${subscriber} and retry_requested_at is not null)
    order by e.transaction_id, e.global_position`;
  const events = rows.map((r) => toRecordedEvent(r));
  if (decode) await decodeEvents(db, events);
  const byStream = new Map<string, RecordedEvent[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  return byStream;
}

/** Removes the parked rows of events handled at last. */
export function unparkEvents(db: Queryable, subscriber: string, eventIds: readonly string[]) {
  return db`delete from parked_events where subscriber = ${subscriber} and event_id = any(${[...eventIds]}::uuid[])`;
}

/**
 * A retry that failed again: the new error and one more try on the events that failed themselves, and
 * no retry pending; an event only held behind them stays held, its tries unchanged.
 */
export function retryFailed(db: Queryable, subscriber: string, streamId: string, error: string) {
  return db`
    update parked_events
    set error = case when error = ${HELD_BEHIND} then error else ${error} end,
        attempts = case when error = ${HELD_BEHIND} then attempts else attempts + 1 end,
        retry_requested_at = null
    where subscriber = ${subscriber} and stream_id = ${streamId} and retry_requested_at is not null`;
}

/** How many events `subscriber` has parked. */
export async function countParked(db: Queryable, subscriber: string): Promise<number> {
  const [row] = await db<
    { n: number }[]
  >`select count(*)::int as n from parked_events where subscriber = ${subscriber}`;
  return row?.n ?? 0;
}
