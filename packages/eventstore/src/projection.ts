import type { Sql, TransactionSql } from '@hs/db';
import { LeaseLostError } from './errors';
import { HELD_BEHIND, parkEvents } from './parking';
import { comparePositions, type Position } from './position';
import { appliedStreamVersions, saveAppliedVersions } from './projection-versions';
import { batchReadStarted, batchSpan } from './spans';
import { type CursorBatch, defaults, readCursorBatch, startBatchTransaction } from './subscription';
import type { RecordedEvent } from './types';

export type ProjectionHandler = (tx: TransactionSql, event: RecordedEvent) => Promise<unknown>;

/** Applies several events at once, in the order given (see Projection.applyBatch). */
export type ProjectionBatchHandler = (tx: TransactionSql, events: RecordedEvent[]) => Promise<unknown>;

export interface Projection {
  /** Also the name of its checkpoint and lease. */
  name: string;
  /** Per event type; other types are skipped without reaching the projection. */
  handlers: Record<string, ProjectionHandler>;
  /**
   * Optional, set-based: called once per batch (runner and rebuild alike) with the batch's events
   * of the types in `handlers` not yet applied, in order, instead of calling `handlers` one event at
   * a time. It must leave exactly the rows the handlers would; `handlers` stay the one-at-a-time
   * definition (and name the event types the projection follows).
   */
  applyBatch?: ProjectionBatchHandler;
  /**
   * The read-model tables this projection alone writes, unqualified. Handlers must name them
   * unqualified too: a rebuild points `search_path` at fresh copies (see rebuildProjection).
   */
  tables?: readonly string[];
  /**
   * Creates the tables, unqualified and idempotently (`create table if not exists`). The runner calls
   * it once at start; rebuild calls it with the fresh schema first on `search_path`. Without it,
   * rebuild copies the live tables' shape (`like ... including all`).
   */
  init?: (tx: TransactionSql) => Promise<unknown>;
  batchSize?: number;
  /**
   * False for a projection that never reads personal fields: its batches are not decrypted (issue 27).
   * Default true. A projection that says false and then reads such a field would store ciphertext.
   */
  personalData?: boolean;
}

export function defineProjection(projection: Projection): Projection {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(projection.name)) {
    throw new TypeError(
      `Projection name ${projection.name} must be lower_snake_case (it names a schema on rebuild)`,
    );
  }
  if (Object.keys(projection.handlers).length === 0)
    throw new TypeError(`${projection.name} handles no event`);
  for (const t of projection.tables ?? []) {
    if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new TypeError(`Bad table name ${t}`);
  }
  return Object.freeze({ ...projection });
}

export function projectionLockKey(name: string): string {
  return `hs_projection:${name}`;
}

/**
 * Applies the next batch of `projection` and advances its checkpoint in ONE transaction, so the
 * read model and the checkpoint never disagree. Concurrent calls for one projection are serialised
 * by an advisory lock taken before the checkpoint is read; with `holder`, the lease is re-checked
 * in the same transaction (fencing). Events at or below the version last applied to their stream
 * are skipped. Returns how many events were read.
 */
export async function applyNextBatch(
  sql: Sql,
  projection: Projection,
  holder: string | null,
  batchSize = projection.batchSize ?? defaults.batchSize,
): Promise<number> {
  return (await applyGroupBatch(sql, [projection], holder, batchSize)).read;
}

/** Streams with a parked event, per projection: their later events are parked behind it (see parking.ts). */
export type ParkedStreams = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The start of every group transaction (applyGroupBatch, and parking's isolated pass and retries): the
 * relaxed commit and generic plans, and the members' advisory locks, sent on the same connection before
 * the batch is read, so its snapshot is taken after the locks are granted. One order for every locker
 * (sorted keys), so two groups sharing members cannot deadlock.
 */
export function startGroupTransaction(tx: TransactionSql, names: readonly string[]): Promise<unknown> {
  // A read model and its checkpoint commit together and can always be rebuilt from the log, so its
  // commit need not wait for the WAL flush: a crash can only undo a last batch whole, and the runner
  // applies it again. Measured: the flush was most of the worker's Postgres time per booking.
  // And generic plans for the batch's statements (startBatchTransaction).
  const relaxed = startBatchTransaction(tx, { relaxedCommit: true }).execute();
  const lockKeys = names.map(projectionLockKey).sort();
  const locked = tx`select pg_advisory_xact_lock(hashtextextended(k, 0))
                    from unnest(${lockKeys}::text[]) as k`.execute();
  return Promise.all([relaxed, locked]);
}

/** The group's next batch, read from the earliest member's checkpoint and checked (lease, rows). */
export async function readGroupBatch(
  tx: TransactionSql,
  projections: readonly Projection[],
  holder: string | null,
  batchSize: number,
): Promise<CursorBatch & { from: NonNullable<CursorBatch['from']> }> {
  const names = projections.map((p) => p.name);
  const types = [...new Set(projections.flatMap((p) => Object.keys(p.handlers)))];
  const batch = await readCursorBatch(
    tx,
    { checkpointOf: names, holder },
    {
      batchSize,
      types,
      versionsOf: names,
      decode: projections.some((p) => p.personalData !== false),
    },
  );
  for (const name of names) {
    if (!batch.checkpoints.has(name)) throw new Error(`No checkpoint row for ${name}`);
  }
  const from = batch.from;
  if (!from) throw new Error(`No checkpoint row for ${names.join(',')}`);
  if (!batch.leased) throw new LeaseLostError(names.join(','));
  return { ...batch, from };
}

/** The batch's events a member has not yet passed: of its types, after its own checkpoint. */
export function memberEvents(projection: Projection, batch: CursorBatch & { from: CursorBatch['from'] }) {
  const own = batch.checkpoints.get(projection.name)!;
  const atStart = batch.from !== null && comparePositions(own, batch.from) === 0;
  return batch.events.filter((e) => projection.handlers[e.type] && (atStart || comparePositions(e, own) > 0));
}

/**
 * applyNextBatch for a group of projections at once (the runner's unit): one transaction, one read
 * of the log from the earliest member's checkpoint (decoded once, for every member), each member
 * given the events of its types past its own checkpoint, their writes sent together, then one
 * statement for the applied versions and one for the checkpoints. What a member leaves is what it
 * would leave on its own; what the group saves is per batch, not per member: the transaction, the
 * read and its decryption, the round trips (issue 27). Also says whether committed events wait
 * behind the horizon (see readCursorBatch). An event of a stream in `parked` is parked behind the
 * stream's earlier one instead of applied (issue 43).
 */
export async function applyGroupBatch(
  sql: Sql,
  projections: readonly Projection[],
  holder: string | null,
  batchSize: number,
  parked: ParkedStreams = new Map(),
): Promise<{ read: number; heldBack: boolean }> {
  const names = projections.map((p) => p.name);
  return sql.begin(async (tx) => {
    const readStarted = batchReadStarted();
    const started = startGroupTransaction(tx, names);
    const batch = await readGroupBatch(tx, projections, holder, batchSize);
    await started;
    // A span linked to the traces of the batch's events (issue 47); none for an empty batch.
    return batchSpan(
      `projection batch ${names.join(',')}`,
      batch.events,
      () => applyReadBatch(tx, projections, batch, parked),
      readStarted,
    );
  });
}

/** applyGroupBatch's writes for the batch it read, in its transaction. */
async function applyReadBatch(
  tx: TransactionSql,
  projections: readonly Projection[],
  batch: Awaited<ReturnType<typeof readGroupBatch>>,
  parked: ParkedStreams,
): Promise<{ read: number; heldBack: boolean }> {
  const names = projections.map((p) => p.name);
  // Every member's statements, the versions and the checkpoints go out together (one round trip
  // while this transaction holds the horizon back for every other subscriber).
  const writes: Promise<unknown>[] = [];
  const changedBy = new Map<string, Map<string, number>>();
  for (const projection of projections) {
    const applied = batch.applied.get(projection.name) ?? new Map<string, number>();
    const { applying, changed, held } = startHandlers(
      tx,
      projection,
      memberEvents(projection, batch),
      applied,
      parked.get(projection.name),
    );
    writes.push(applying);
    if (held.length > 0)
      writes.push(
        parkEvents(
          tx,
          projection.name,
          held.map((event) => ({ event, error: HELD_BEHIND, attempts: 0 })),
        ),
      );
    if (changed.size > 0) changedBy.set(projection.name, changed);
  }
  if (changedBy.size > 0) writes.push(saveAppliedVersions(tx, changedBy));
  if (comparePositions(batch.next, batch.from) !== 0) writes.push(advanceCheckpoints(tx, names, batch.next));
  await settleAll(writes);
  return { read: batch.events.length, heldBack: batch.heldBack };
}

/** Moves the named checkpoints to `to`; a member already past it (it ran alone, or was rebuilt) keeps its own. */
export function advanceCheckpoints(tx: TransactionSql, names: readonly string[], to: Position) {
  return tx`
    update subscription_checkpoints
    set transaction_id = ${to.transactionId}::xid8, global_position = ${to.globalPosition}, updated_at = now()
    where name = any(${[...names]}::text[])
      and (transaction_id, global_position) < (${to.transactionId}::xid8, ${to.globalPosition})`;
}

/** Waits for every promise, then throws the first failure: no statement is left running unobserved. */
async function settleAll(promises: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Starts the handlers in order (or `applyBatch` once) on the events above the version applied to
 * their stream; `changed` (the new version per stream) is known at once, `applying` settles when
 * the handlers are done. An event of a stream in `parkedStreams` is not applied but returned in `held`
 * (its version counts as applied: a retry applies it, see projection-parking.ts).
 */
function startHandlers(
  tx: TransactionSql,
  projection: Projection,
  events: RecordedEvent[],
  applied: Map<string, number>,
  parkedStreams?: ReadonlySet<string>,
): { applying: Promise<unknown>; changed: Map<string, number>; held: RecordedEvent[] } {
  const changed = new Map<string, number>();
  const pending: RecordedEvent[] = [];
  const held: RecordedEvent[] = [];
  for (const event of events) {
    if (event.version <= (applied.get(event.streamId) ?? 0)) continue;
    if (parkedStreams?.has(event.streamId)) held.push(event);
    else if (projection.handlers[event.type]) pending.push(event);
    applied.set(event.streamId, event.version);
    changed.set(event.streamId, event.version);
  }
  const { applyBatch } = projection;
  const applying =
    pending.length === 0
      ? Promise.resolve()
      : applyBatch
        ? applyBatch(tx, pending)
        : (async () => {
            for (const event of pending) await projection.handlers[event.type]!(tx, event);
          })();
  return { applying, changed, held };
}

/** Applies `events` (read elsewhere) with replay protection; used by rebuild. */
export async function applyEvents(
  tx: TransactionSql,
  projection: Projection,
  events: RecordedEvent[],
): Promise<void> {
  const ids = [...new Set(events.map((e) => e.streamId))];
  const known = await appliedStreamVersions(tx, projection.name, ids);
  const { applying, changed } = startHandlers(tx, projection, events, known);
  await Promise.all([
    applying,
    changed.size > 0 ? saveAppliedVersions(tx, new Map([[projection.name, changed]])) : null,
  ]);
}
