import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from '@hs/db';
import { LeaseKeeper, namesOf } from './lease';
import { Stopper, Waker } from './notify';
import { comparePositions, type Position, START } from './position';
import { decodeEvents } from './codec';
import { AttemptCounter, countParked, type ParkedNotice } from './parking';
import { handleIsolated, retryParkedReactions } from './subscription-parking';
import { type EventRow, dataColumn, toRecordedEvent } from './read';
import type { Queryable, RecordedEvent } from './types';

export interface Batch {
  events: RecordedEvent[];
  /** Checkpoint to store once every event of the batch is handled. */
  next: Position;
  /**
   * Committed events exist at or above the snapshot horizon: an older transaction still running
   * holds them back. No NOTIFY will come when it ends (it may append nothing), so read again soon.
   */
  heldBack: boolean;
}

/**
 * Where a batch starts: a position, or the stored checkpoint of a subscription (read in the same
 * statement, so a batch costs one round trip), optionally fenced by `holder`'s lease. Several
 * checkpoints (a projection group's) start the batch after the earliest of them, fenced by all
 * their leases.
 */
export type Cursor = Position | { checkpointOf: string | readonly string[]; holder: string | null };

export interface CursorBatch extends Batch {
  /** The position the batch started after (the earliest checkpoint). Null when none has a row. */
  from: Position | null;
  /** False when `holder` no longer holds the lease (then no events are read). */
  leased: boolean;
  /** Where each checkpoint the cursor names stands (those with a row). */
  checkpoints: Map<string, Position>;
  /** With `versionsOf`: per projection named, the last version it applied, per stream of the batch. */
  applied: Map<string, Map<string, number>>;
}

/**
 * The next events after the cursor, in (transaction_id, global_position) order, only from
 * transactions older than every transaction still running (the snapshot's xmin). Those can no
 * longer change, so nothing can later appear behind the returned checkpoint; see docs/events.md.
 * `next` skips past events filtered out by `types`, up to the newest event below the horizon.
 * `heldBack` says whether committed events wait above the horizon (any type: the checkpoint must
 * move past skipped events too, so a position token becomes reachable).
 */
export async function readCursorBatch(
  db: Queryable,
  cursor: Cursor,
  options: {
    batchSize: number;
    types?: readonly string[];
    /** Projections whose applied version of each event's stream to read (projection_stream_versions). */
    versionsOf?: readonly string[];
    /** False: the events' personal fields stay encoded (a reader that never looks at them; no key query, no decryption). */
    decode?: boolean;
    /** Only these top-level fields of each event's data are read (see SubscriptionOptions.dataFields). */
    dataFields?: readonly string[];
  },
): Promise<CursorBatch> {
  const typeFilter =
    options.types && options.types.length > 0
      ? db`and e.type = any(${options.types as string[]}::text[])`
      : db``;
  const cp =
    'checkpointOf' in cursor
      ? checkpointsQuery(db, namesOf(cursor.checkpointOf), cursor.holder)
      : db`select ${cursor.transactionId}::xid8 as transaction_id, ${cursor.globalPosition}::bigint as global_position,
               true as leased, null::json as checkpoints`;
  // One index probe per event. As a join, a plan made while the table was small scanned every
  // version of the projection once per event of the batch.
  const appliedVersion = options.versionsOf
    ? db`(select json_object_agg(v.projection, v.version) from projection_stream_versions v
          where v.projection = any(${[...options.versionsOf]}::text[]) and v.stream_id = b.stream_id)`
    : db`null::json`;
  const data = dataColumn(db, options.dataFields, options.decode !== false);
  const rows = await db<
    (EventRow & {
      cp_tx: string;
      cp_pos: number;
      leased: boolean;
      tail_tx: string | null;
      tail_pos: number | null;
      held_back: boolean;
      checkpoints: [string, string, number][] | null;
      applied: Record<string, number> | null;
    })[]
  >`
    with cp as materialized (${cp}),
    h as materialized (select pg_snapshot_xmin(pg_current_snapshot()) as horizon),
    tail as materialized (
      select e.transaction_id, e.global_position from events e
      where e.transaction_id < (select horizon from h)
      order by e.transaction_id desc, e.global_position desc limit 1
    )
    select cp.transaction_id::text as cp_tx, cp.global_position as cp_pos, cp.leased, cp.checkpoints,
           (select transaction_id::text from tail) as tail_tx, (select global_position from tail) as tail_pos,
           -- Not exists(...): as a prepared statement its plan is generic, and Postgres then reads the
           -- whole log to find no event at or past the horizon. Ordered by the index with a limit, it
           -- looks at one index entry.
           (select e.transaction_id from events e where e.transaction_id >= (select horizon from h)
            order by e.transaction_id, e.global_position limit 1) is not null as held_back,
           b.*, ${appliedVersion} as applied
    from cp left join lateral (
      select e.global_position, e.transaction_id::text as transaction_id, e.event_id, e.stream_id, e.version,
             e.type, ${data} as data, e.metadata, e.recorded_at
      from events e
      where cp.leased
        and e.transaction_id < (select horizon from h)
        and (e.transaction_id, e.global_position) > (cp.transaction_id, cp.global_position)
        ${typeFilter}
      order by e.transaction_id, e.global_position
      limit ${options.batchSize}
    ) b on true
    order by b.transaction_id::xid8, b.global_position`;
  const head = rows[0];
  if (!head)
    return {
      from: null,
      leased: false,
      events: [],
      checkpoints: new Map(),
      applied: new Map(),
      next: START,
      heldBack: false,
    };
  const heldBack = head.leased && head.held_back;
  const from: Position = { transactionId: head.cp_tx, globalPosition: head.cp_pos };
  const checkpoints = new Map(
    (head.checkpoints ?? []).map(([name, transactionId, globalPosition]) => [
      name,
      { transactionId, globalPosition },
    ]),
  );
  const recorded = rows.filter((r) => r.event_id !== null).map((r) => toRecordedEvent(r));
  const events = options.decode === false ? recorded : await decodeEvents(db, recorded);
  const applied = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (r.applied === null || r.stream_id === null) continue;
    for (const [projection, version] of Object.entries(r.applied)) {
      const own = applied.get(projection) ?? new Map<string, number>();
      own.set(r.stream_id, version);
      applied.set(projection, own);
    }
  }
  const last = events.at(-1);
  if (last && events.length >= options.batchSize) {
    const next = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    return { from, leased: head.leased, events, checkpoints, applied, next, heldBack };
  }
  const tail: Position | null =
    head.tail_tx != null ? { transactionId: head.tail_tx, globalPosition: head.tail_pos! } : null;
  const next = head.leased && tail && comparePositions(tail, from) > 0 ? tail : from;
  return { from, leased: head.leased, events, checkpoints, applied, next, heldBack };
}

/**
 * The earliest of the named checkpoints, whether `holder` holds every one's lease, and all of them
 * (name, transaction id, position), as the first CTE of a batch read.
 */
function checkpointsQuery(db: Queryable, names: string[], holder: string | null) {
  return db`select c.transaction_id, c.global_position,
               ${holder}::text is null or not exists (
                 select 1 from unnest(${names}::text[]) as n(name)
                 where not exists (select 1 from projection_leases l
                   where l.name = n.name and l.holder = ${holder} and l.expires_at > now())) as leased,
               (select json_agg(json_build_array(m.name, m.transaction_id::text, m.global_position))
                from subscription_checkpoints m where m.name = any(${names}::text[])) as checkpoints
           from subscription_checkpoints c where c.name = any(${names}::text[])
           order by c.transaction_id, c.global_position limit 1`;
}

/**
 * The first statement of a transaction that reads a batch (readCursorBatch): generic plans for the rest
 * of it, and with `relaxedCommit` a commit that does not wait for the WAL flush, in one statement (issue
 * 27). The batch reads are prepared statements whose parameters are positions and lists, and Postgres
 * judged a plan made for each call's values cheaper to run than the generic one, so it planned them
 * again on every call: pg_stat_statements, with its planning times on, showed 0.4 ms of planning per
 * read, more than the reactor's read took to run. The generic plans read the same indexes: the reads
 * were written for them (see readCursorBatch).
 */
export function startBatchTransaction(tx: TransactionSql, options: { relaxedCommit?: boolean } = {}) {
  return options.relaxedCommit
    ? tx`select set_config('plan_cache_mode', 'force_generic_plan', true), set_config('synchronous_commit', 'off', true)`
    : tx`select set_config('plan_cache_mode', 'force_generic_plan', true)`;
}

/** The next batch after `after` (see readCursorBatch). */
export async function readBatch(
  db: Queryable,
  after: Position,
  options: { batchSize: number; types?: readonly string[]; decode?: boolean; dataFields?: readonly string[] },
): Promise<Batch> {
  const { events, next, heldBack } = await readCursorBatch(db, after, options);
  return { events, next, heldBack };
}

/** Creates the checkpoint of `name` at `at` (default: the start of the log) unless it exists. */
export async function ensureCheckpoint(sql: Queryable, name: string, at: Position = START): Promise<void> {
  await sql`insert into subscription_checkpoints (name, transaction_id, global_position)
            values (${name}, ${at.transactionId}::xid8, ${at.globalPosition})
            on conflict (name) do nothing`;
}

export async function loadCheckpoint(sql: Queryable, name: string): Promise<Position> {
  const [row] = await sql<{ transaction_id: string; global_position: number }[]>`
    select transaction_id::text, global_position from subscription_checkpoints where name = ${name}`;
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : START;
}

/** Stores the checkpoint, only while `holder` still holds the lease. False when it does not. */
export async function saveCheckpoint(
  sql: Queryable,
  name: string,
  position: Position,
  holder: string | null,
): Promise<boolean> {
  const fence = holder
    ? sql`and exists (select 1 from projection_leases l
           where l.name = ${name} and l.holder = ${holder} and l.expires_at > now())`
    : sql``;
  const rows = await sql`
    update subscription_checkpoints
    set transaction_id = ${position.transactionId}::xid8, global_position = ${position.globalPosition}, updated_at = now()
    where name = ${name} ${fence}
    returning name`;
  return rows.length === 1;
}

export interface RunnerOptions {
  /** Identifies this process in leases and the status page. Default: a random id. */
  holderId?: string;
  /** A holder that stops renewing loses the lease after this long. */
  leaseMs?: number;
  /** Polling fallback when no NOTIFY arrives. */
  pollMs?: number;
  batchSize?: number;
  onError?: (err: unknown, subscription: string) => void;
  /** Called with what was just parked (issue 43): an operator's log line. */
  onParked?: (parked: ParkedNotice[]) => void;
}

export interface SubscriptionOptions extends RunnerOptions {
  name: string;
  /** Called once per event, in order; the checkpoint moves past an event only after it resolved. */
  handle?: (event: RecordedEvent) => Promise<void>;
  /**
   * Instead of `handle`: called once per batch (never empty), so a handler can do one round trip
   * for many events. The checkpoint moves past the batch only after it resolved; a failure retries
   * the whole batch, so every event of it must be safe to handle again.
   */
  handleBatch?: (events: RecordedEvent[]) => Promise<void>;
  /** Only these event types reach `handle` (all when omitted). */
  eventTypes?: readonly string[];
  /**
   * False when the handler never reads personal fields (issue 24's encrypted ones): they then reach
   * it encoded, which spares a key query and a decryption per field (issue 27). Default true.
   */
  personalData?: boolean;
  /**
   * Only these top-level fields of each event's data reach the handler (all when omitted): a handler
   * that reads a few fields of large events (the reactor, of a 3 kB booking) spares Postgres writing the
   * whole payload out and itself parsing it (issue 27). A field the event lacks stays absent.
   */
  dataFields?: readonly string[];
  /** Delay after a failed handler before the same event is tried again: doubling from min to max. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface Runner {
  /** Stops after the current event or batch and frees the lease for another runner. */
  stop(): Promise<void>;
  /** Stops without freeing the lease, as a crashed process would: tests use it for takeover. */
  abandon(): Promise<void>;
}

export function backoffMs(failures: number, minMs: number, maxMs: number): number {
  const capped = Math.min(maxMs, minMs * 2 ** Math.max(0, failures - 1));
  return capped / 2 + (Math.random() * capped) / 2;
}

/**
 * pollMs is only the fallback for a NOTIFY that never came (an appender that died between its commit
 * and its NOTIFY): appends wake subscribers, a dropped listening connection wakes them when it is
 * back, and events held back behind the horizon are re-read within ms (IdleDelay). At rest a runner
 * reads nothing for this long (issue 47: the worker's idle CPU).
 */
export const defaults = { leaseMs: 10_000, pollMs: 30_000, batchSize: 100 };

/**
 * How often, at most, a runner with parked events looks for retries staff asked for (issue 43); while
 * it has some, it rests no longer than this (a retry asked for sends no NOTIFY).
 */
export const RETRY_CHECK_MS = 1_000;

/** Re-read delays while events are held back behind the horizon (see IdleDelay). */
export const HELD_BACK_MIN_MS = 2;
export const HELD_BACK_MAX_MS = 50;

/**
 * How long an idle loop waits before its next read. Normally until a NOTIFY or `pollMs`; but when
 * the last read found events held back behind the horizon, a NOTIFY for them has come and gone and
 * the transaction holding them back will not notify when it ends, so re-read after a few ms,
 * doubling while they stay held back, never longer than `HELD_BACK_MAX_MS` (nor `pollMs`).
 */
export class IdleDelay {
  private heldBackReads = 0;

  /** `progressed`: the last read returned events (then the next re-read starts short again). */
  next(heldBack: boolean, pollMs: number, progressed = false): number {
    if (!heldBack) {
      this.heldBackReads = 0;
      return pollMs;
    }
    this.heldBackReads = progressed ? 1 : this.heldBackReads + 1;
    return Math.min(pollMs, HELD_BACK_MIN_MS * 2 ** Math.min(this.heldBackReads - 1, 10), HELD_BACK_MAX_MS);
  }
}

/**
 * A named subscription: at most one active instance across processes (lease), at-least-once
 * delivery in (transaction, position) order, checkpoint stored after the handler succeeded.
 * Handlers must therefore be idempotent (the reactor derives BullMQ job ids from event ids).
 */
export function startSubscription(sql: Sql, options: SubscriptionOptions): Runner {
  const name = options.name;
  const { handle, handleBatch } = options;
  if (!handle === !handleBatch) throw new TypeError(`Subscription ${name} needs handle or handleBatch (one)`);
  const holder = options.holderId ?? randomUUID();
  const batchSize = options.batchSize ?? defaults.batchSize;
  const pollMs = options.pollMs ?? defaults.pollMs;
  const onError = (err: unknown): void => options.onError?.(err, name);
  const stopper = new Stopper();
  const waker = new Waker(sql, stopper, onError);
  const lease = new LeaseKeeper(
    sql,
    name,
    holder,
    options.leaseMs ?? defaults.leaseMs,
    () => waker.wake(),
    onError,
  );

  const handleOne = handleBatch ? (event: RecordedEvent) => handleBatch([event]) : handle!;
  const readOptions = {
    decode: options.personalData !== false,
    ...(options.dataFields ? { dataFields: options.dataFields } : {}),
  };
  const attempts = new AttemptCounter();

  const loop = async (): Promise<void> => {
    let checkpoint: Position | null = null;
    let epoch = -1;
    let failures = 0;
    /** After a failed batch: event by event until a pass goes through (subscription-parking.ts). */
    let isolate = false;
    let parked = 0;
    let retryCheckedAt = 0;
    const idle = new IdleDelay();
    while (!stopper.stopped) {
      if (!lease.isHeld()) {
        checkpoint = null;
        await waker.wait(pollMs);
        continue;
      }
      try {
        if (checkpoint === null || epoch !== lease.epoch) {
          await ensureCheckpoint(sql, name);
          checkpoint = await loadCheckpoint(sql, name);
          parked = await countParked(sql, name);
          epoch = lease.epoch;
        }
        if (parked > 0 && Date.now() - retryCheckedAt >= RETRY_CHECK_MS) {
          retryCheckedAt = Date.now();
          parked = await retryParkedReactions(sql, name, handleOne, readOptions);
        }
        const from: Position = checkpoint;
        // In a transaction of its own only for its plan (startBatchTransaction).
        const batch = await sql.begin(async (tx) => {
          // Sent first on the same connection, so the read is planned after it.
          const [, read] = await Promise.all([
            startBatchTransaction(tx).execute(),
            readBatch(tx, from, { batchSize, types: options.eventTypes, ...readOptions }),
          ]);
          return read;
        });
        let done: Position = from;
        let failure: unknown = null;
        const go = batch.events.length > 0 && !stopper.stopped && lease.isHeld();
        if (go && isolate) {
          const pass = await handleIsolated(
            sql,
            name,
            batch.events,
            from,
            handleOne,
            attempts,
            options.onParked,
          );
          parked += pass.parked;
          done = pass.reached;
          failure = pass.failure;
          if (failure === null) isolate = false;
        } else if (go && handleBatch) {
          try {
            await handleBatch(batch.events);
            done = batch.next;
          } catch (err) {
            failure = err;
          }
        } else if (go) {
          for (const event of batch.events) {
            if (stopper.stopped || !lease.isHeld()) break;
            try {
              await handle!(event);
            } catch (err) {
              failure = err;
              break;
            }
            done = { transactionId: event.transactionId, globalPosition: event.globalPosition };
          }
        }
        if (failure === null && !stopper.stopped && lease.isHeld()) done = batch.next;
        if (comparePositions(done, from) !== 0) {
          checkpoint = null; // reloaded if the save fails half-way
          if (await saveCheckpoint(sql, name, done, holder)) checkpoint = done;
          else lease.lost();
        }
        if (failure !== null) {
          isolate = true;
          throw failure;
        }
        failures = 0;
        if (batch.events.length < batchSize) {
          const restMs = parked > 0 ? Math.min(pollMs, RETRY_CHECK_MS) : pollMs;
          await waker.wait(idle.next(batch.heldBack, restMs, batch.events.length > 0));
        }
      } catch (err) {
        onError(err);
        checkpoint = null;
        failures++;
        await stopper.sleep(backoffMs(failures, options.retryMinMs ?? 100, options.retryMaxMs ?? 5_000));
      }
    }
  };

  const running = (async () => {
    await waker.listen();
    lease.start();
    await loop();
  })();

  const halt = async (release: boolean): Promise<void> => {
    stopper.stop();
    waker.wake();
    await running;
    await waker.close();
    await lease.stop(release);
  };
  return { stop: () => halt(true), abandon: () => halt(false) };
}
