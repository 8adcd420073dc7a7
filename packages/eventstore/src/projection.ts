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
  startBatchTransaction,
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
  return (await applyGroupBatch(sql, [projection], holder, batchSize)).read;
}

/**
 * applyNextBatch for a group of projections at once (the runner's unit): one transaction, one read
 * of the log from the earliest member's checkpoint (decoded once, for every member), each member
 * given the events of its types past its own checkpoint, their writes sent together, then one
 * statement for the applied versions and one for the checkpoints. What a member leaves is what it
 * would leave on its own; what the group saves is per batch, not per member: the transaction, the
 * read and its decryption, the round trips (issue 27). Also says whether committed events wait
 * behind the horizon (see readCursorBatch).
 */
async function applyGroupBatch(
  sql: Sql,
  projections: readonly Projection[],
  holder: string | null,
  batchSize: number,
): Promise<{ read: number; heldBack: boolean }> {
  const names = projections.map((p) => p.name);
  const label = names.join(',');
  const lockKeys = names.map(projectionLockKey).sort();
  const types = [...new Set(projections.flatMap((p) => Object.keys(p.handlers)))];
  return sql.begin(async (tx) => {
    // A read model and its checkpoint commit together and can always be rebuilt from the log, so its
    // commit need not wait for the WAL flush: a crash can only undo a last batch whole, and the runner
    // applies it again. Measured: the flush was most of the worker's Postgres time per booking.
    // And generic plans for the batch's statements (startBatchTransaction).
    const relaxed = startBatchTransaction(tx, { relaxedCommit: true }).execute();
    // Sent first on the same connection: the batch's snapshot is taken after the locks are granted.
    // One order for every locker (sorted keys), so two groups sharing members cannot deadlock.
    const locked = tx`select pg_advisory_xact_lock(hashtextextended(k, 0))
                      from unnest(${lockKeys}::text[]) as k`.execute();
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
    await Promise.all([relaxed, locked]);
    for (const name of names) {
      if (!batch.checkpoints.has(name)) throw new Error(`No checkpoint row for ${name}`);
    }
    if (!batch.from) throw new Error(`No checkpoint row for ${label}`);
    if (!batch.leased) throw new LeaseLostError(label);
    // Every member's statements, the versions and the checkpoints go out together (one round trip
    // while this transaction holds the horizon back for every other subscriber).
    const writes: Promise<unknown>[] = [];
    const changedBy = new Map<string, Map<string, number>>();
    for (const projection of projections) {
      const own = batch.checkpoints.get(projection.name)!;
      const atStart = comparePositions(own, batch.from) === 0;
      const events = batch.events.filter(
        (e) => projection.handlers[e.type] && (atStart || comparePositions(e, own) > 0),
      );
      const applied = batch.applied.get(projection.name) ?? new Map<string, number>();
      const { applying, changed } = startHandlers(tx, projection, events, applied);
      writes.push(applying);
      if (changed.size > 0) changedBy.set(projection.name, changed);
    }
    if (changedBy.size > 0) writes.push(saveAppliedVersions(tx, changedBy));
    if (comparePositions(batch.next, batch.from) !== 0) {
      // A member already past `next` (it ran alone, or was rebuilt) keeps its own checkpoint.
      writes.push(tx`
        update subscription_checkpoints
        set transaction_id = ${batch.next.transactionId}::xid8, global_position = ${batch.next.globalPosition},
            updated_at = now()
        where name = any(${names}::text[])
          and (transaction_id, global_position) < (${batch.next.transactionId}::xid8, ${batch.next.globalPosition})`);
    }
    await settleAll(writes);
    return { read: batch.events.length, heldBack: batch.heldBack };
  });
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
  await Promise.all([
    applying,
    changed.size > 0 ? saveAppliedVersions(tx, new Map([[projection.name, changed]])) : null,
  ]);
}

/**
 * Runs the projections as one group in one loop (applyGroupBatch): only the holder of every member's
 * lease applies batches (the leases are taken together, see acquireLease); the others wait and take
 * over once the holder stops renewing. Woken by NOTIFY, with polling as the fallback; a failed batch
 * (dropped connection, handler error) rolls back whole, for every member, and is retried from the
 * stored checkpoints after a backoff.
 */
export function startProjectionRunner(
  sql: Sql,
  projections: readonly Projection[],
  options: RunnerOptions = {},
): Runner {
  const holder = options.holderId ?? randomUUID();
  const pollMs = options.pollMs ?? defaults.pollMs;
  const names = projections.map((p) => p.name);
  if (names.length === 0) throw new TypeError('A projection runner needs at least one projection');
  if (new Set(names).size !== names.length)
    throw new TypeError(`Projections named twice: ${names.join(', ')}`);
  const label = names.join(',');
  const batchSize =
    options.batchSize ?? Math.min(...projections.map((p) => p.batchSize ?? defaults.batchSize));
  const stopper = new Stopper();
  const onError = (err: unknown) => options.onError?.(err, label);
  const waker = new Waker(sql, stopper, onError);
  const lease = new LeaseKeeper(
    sql,
    names,
    holder,
    options.leaseMs ?? defaults.leaseMs,
    () => waker.wake(),
    onError,
  );

  const started = (async () => {
    await waker.listen();
    lease.start();
  })();
  const done = (async () => {
    await started;
    let failures = 0;
    let ready = false;
    const idle = new IdleDelay();
    while (!stopper.stopped) {
      if (!lease.isHeld()) {
        await waker.wait(pollMs);
        continue;
      }
      try {
        if (!ready) {
          for (const projection of projections) {
            const init = projection.init;
            if (init) await sql.begin((tx) => init(tx));
            await ensureCheckpoint(sql, projection.name);
          }
          ready = true;
        }
        const { read, heldBack } = await applyGroupBatch(sql, projections, holder, batchSize);
        failures = 0;
        if (read < batchSize) await waker.wait(idle.next(heldBack, pollMs, read > 0));
      } catch (err) {
        if (err instanceof LeaseLostError) lease.lost();
        else onError(err);
        failures++;
        await stopper.sleep(backoffMs(failures, 50, 5_000));
      }
    }
  })();

  const halt = async (release: boolean): Promise<void> => {
    await started;
    stopper.stop();
    waker.wake();
    await done;
    await waker.close();
    await lease.stop(release);
  };
  return { stop: () => halt(true), abandon: () => halt(false) };
}
