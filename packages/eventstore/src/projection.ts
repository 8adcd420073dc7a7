import { randomUUID } from 'node:crypto';
import type { Sql, TransactionSql } from '@hs/db';
import { LeaseLostError } from './errors';
import { LeaseKeeper } from './lease';
import { Stopper, Waker } from './notify';
import { comparePositions } from './position';
import { appliedStreamVersions, saveAppliedVersions } from './projection-versions';
import {
  backoffMs,
  defaults,
  ensureCheckpoint,
  IdleDelay,
  type Runner,
  type RunnerOptions,
  readCursorBatch,
} from './subscription';
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
  return (await applyBatch(sql, projection, holder, batchSize)).read;
}

/** applyNextBatch, also saying whether committed events wait behind the horizon (see readCursorBatch). */
async function applyBatch(
  sql: Sql,
  projection: Projection,
  holder: string | null,
  batchSize: number,
): Promise<{ read: number; heldBack: boolean }> {
  const name = projection.name;
  return sql.begin(async (tx) => {
    // A read model and its checkpoint commit together and can always be rebuilt from the log, so its
    // commit need not wait for the WAL flush: a crash can only undo a last batch whole, and the runner
    // applies it again. Measured: the flush was most of the worker's Postgres time per booking.
    const relaxed = tx`set local synchronous_commit = off`.execute();
    // Sent first on the same connection: the batch's snapshot is taken after the lock is granted.
    const locked =
      tx`select pg_advisory_xact_lock(hashtextextended(${projectionLockKey(name)}, 0))`.execute();
    const batch = await readCursorBatch(
      tx,
      { checkpointOf: name, holder },
      {
        batchSize,
        types: Object.keys(projection.handlers),
        versionsOf: name,
        decode: projection.personalData !== false,
      },
    );
    await Promise.all([relaxed, locked]);
    if (!batch.from) throw new Error(`No checkpoint row for ${name}`);
    if (!batch.leased) throw new LeaseLostError(name);
    // With applyBatch, its statements, the versions and the checkpoint go out together (one round
    // trip while this transaction holds the horizon back for every other subscriber).
    const { applying, changed } = startHandlers(tx, projection, batch.events, batch.applied);
    const writes: Promise<unknown>[] = [];
    if (projection.applyBatch) writes.push(applying);
    else await applying;
    if (changed.size > 0) writes.push(saveAppliedVersions(tx, projection.name, changed));
    if (comparePositions(batch.next, batch.from) !== 0) {
      writes.push(tx`
        update subscription_checkpoints
        set transaction_id = ${batch.next.transactionId}::xid8, global_position = ${batch.next.globalPosition},
            updated_at = now()
        where name = ${name}`);
    }
    await Promise.all(writes);
    return { read: batch.events.length, heldBack: batch.heldBack };
  });
}

/**
 * Starts the handlers in order (or `applyBatch` once) on the events above the version applied to
 * their stream; `changed` (the new version per stream) is known at once, `applying` settles when
 * the handlers are done.
 */
function startHandlers(
  tx: TransactionSql,
  projection: Projection,
  events: RecordedEvent[],
  applied: Map<string, number>,
): { applying: Promise<unknown>; changed: Map<string, number> } {
  const changed = new Map<string, number>();
  const pending: RecordedEvent[] = [];
  for (const event of events) {
    if (event.version <= (applied.get(event.streamId) ?? 0)) continue;
    if (projection.handlers[event.type]) pending.push(event);
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
  return { applying, changed };
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
  await Promise.all([applying, changed.size > 0 ? saveAppliedVersions(tx, projection.name, changed) : null]);
}

/**
 * Runs each projection in its own loop. Per projection, only the holder of its lease applies
 * batches; the others wait and take over once the holder stops renewing. Woken by NOTIFY, with
 * polling as the fallback; a failed batch (dropped connection, handler error) rolls back whole and
 * is retried from the stored checkpoint after a backoff.
 */
export function startProjectionRunner(
  sql: Sql,
  projections: readonly Projection[],
  options: RunnerOptions = {},
): Runner {
  const holder = options.holderId ?? randomUUID();
  const pollMs = options.pollMs ?? defaults.pollMs;
  const stopper = new Stopper();
  const onError = (name: string) => (err: unknown) => options.onError?.(err, name);
  const wakers: Waker[] = [];

  const runOne = async (projection: Projection): Promise<{ lease: LeaseKeeper }> => {
    // One Waker per loop: each remembers its own pending wake-up.
    const own = new Waker(sql, stopper, onError(projection.name));
    wakers.push(own);
    await own.listen();
    const lease = new LeaseKeeper(
      sql,
      projection.name,
      holder,
      options.leaseMs ?? defaults.leaseMs,
      () => own.wake(),
      onError(projection.name),
    );
    const done = (async () => {
      let failures = 0;
      let ready = false;
      const idle = new IdleDelay();
      lease.start();
      while (!stopper.stopped) {
        if (!lease.isHeld()) {
          await own.wait(pollMs);
          continue;
        }
        try {
          if (!ready) {
            const init = projection.init;
            if (init) await sql.begin((tx) => init(tx));
            await ensureCheckpoint(sql, projection.name);
            ready = true;
          }
          const batchSize = options.batchSize ?? projection.batchSize ?? defaults.batchSize;
          const { read, heldBack } = await applyBatch(sql, projection, holder, batchSize);
          failures = 0;
          if (read < batchSize) await own.wait(idle.next(heldBack, pollMs, read > 0));
        } catch (err) {
          if (err instanceof LeaseLostError) lease.lost();
          else options.onError?.(err, projection.name);
          failures++;
          await stopper.sleep(backoffMs(failures, 50, 5_000));
        }
      }
    })();
    loops.push(done);
    return { lease };
  };

  const loops: Promise<void>[] = [];
  const started = Promise.all(projections.map(runOne));

  const halt = async (release: boolean): Promise<void> => {
    const keepers = await started;
    stopper.stop();
    for (const w of wakers) w.wake();
    await Promise.all(loops);
    await Promise.all(wakers.map((w) => w.close()));
    await Promise.all(keepers.map((k) => k.lease.stop(release)));
  };
  return { stop: () => halt(true), abandon: () => halt(false) };
}
