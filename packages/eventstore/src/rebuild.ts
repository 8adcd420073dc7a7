import type { Sql, TransactionSql } from '@hs/db';
import { comparePositions, type Position, START } from './position';
import { applyEvents, type Projection, projectionLockKey } from './projection';
import { readBatch } from './subscription';

export interface RebuildResult {
  events: number;
  position: Position;
}

async function replay(
  tx: TransactionSql,
  projection: Projection,
  from: Position,
  batchSize: number,
): Promise<{ next: Position; read: number; full: boolean }> {
  const batch = await readBatch(tx, from, {
    batchSize,
    types: Object.keys(projection.handlers),
    decode: projection.personalData !== false,
  });
  if (batch.events.length > 0) await applyEvents(tx, projection, batch.events);
  return { next: batch.next, read: batch.events.length, full: batch.events.length >= batchSize };
}

async function indexesOf(tx: TransactionSql, schema: string, table: string): Promise<Map<string, string>> {
  const rows = await tx<{ indexname: string; indexdef: string }[]>`
    select indexname, indexdef from pg_indexes where schemaname = ${schema} and tablename = ${table}`;
  return new Map(rows.map((r) => [r.indexname, shapeOf(r.indexdef)]));
}

/** An index definition without its name, to match an index with its copy. */
function shapeOf(indexdef: string): string {
  return indexdef.replace(/^(CREATE (?:UNIQUE )?INDEX )(?:"(?:[^"]|"")+"|\S+)( ON )/, '$1$2');
}

/**
 * `like ... including all` names the copied indexes itself (`orders_reference_idx`); give them back
 * the live names, so a later migration that names an index still finds it.
 */
async function restoreIndexNames(
  tx: TransactionSql,
  schema: string,
  table: string,
  before: Map<string, string>,
): Promise<void> {
  const after = await indexesOf(tx, schema, table);
  for (const [oldName, shape] of before) {
    if (after.get(oldName) === shape) continue;
    const copy = [...after].find(([name, s]) => s === shape && !before.has(name));
    if (!copy) continue;
    await tx`alter index ${tx(schema)}.${tx(copy[0])} rename to ${tx(oldName)}`;
    after.delete(copy[0]);
    after.set(oldName, shape);
  }
}

/**
 * Replays the whole log into fresh copies of the projection's tables, then swaps them in.
 *
 * The copies live in a schema of their own, `rebuild_<name>`, put first on `search_path` while
 * replaying, so the unchanged handlers write to them. The live model keeps serving (and the live
 * runner keeps applying) meanwhile. The swap transaction takes the projection's advisory lock (the
 * live runner waits), replays what arrived since, replaces the tables and the per-stream versions,
 * and sets the checkpoint to where the replay stopped: readers see the old model until that commit
 * and the complete new one after it, never a half-built one. Replay batches are separate short
 * transactions, so a long rebuild does not hold back the snapshot horizon.
 */
export async function rebuildProjection(
  sql: Sql,
  projection: Projection,
  options: { batchSize?: number } = {},
): Promise<RebuildResult> {
  const tables = projection.tables ?? [];
  if (tables.length === 0) throw new TypeError(`${projection.name} declares no tables to rebuild`);
  const batchSize = options.batchSize ?? 500;
  const schema = `rebuild_${projection.name}`;
  const [schemaRow] = await sql<{ live: string }[]>`select current_schema() as live`;
  const live = schemaRow!.live;
  const searchPath = `${schema}, ${live}`;

  const guard = await sql.reserve();
  try {
    const [lock] = await guard<{ locked: boolean }[]>`
      select pg_try_advisory_lock(hashtextextended(${`hs_rebuild:${projection.name}`}, 0)) as locked`;
    if (!lock?.locked) throw new Error(`A rebuild of ${projection.name} is already running`);
    try {
      await sql.begin(async (tx) => {
        await tx`drop schema if exists ${tx(schema)} cascade`;
        await tx`create schema ${tx(schema)}`;
        await tx`create table ${tx(schema)}.projection_stream_versions
                 (like ${tx(live)}.projection_stream_versions including all)`;
        if (projection.init) {
          await tx`select set_config('search_path', ${searchPath}, true)`;
          await projection.init(tx);
        } else {
          for (const t of tables) {
            await tx`create table ${tx(schema)}.${tx(t)} (like ${tx(live)}.${tx(t)} including all)`;
          }
        }
      });

      let position: Position = START;
      let events = 0;
      for (;;) {
        const step = await sql.begin(async (tx) => {
          await tx`select set_config('search_path', ${searchPath}, true)`;
          return replay(tx, projection, position, batchSize);
        });
        position = step.next;
        events += step.read;
        if (!step.full) break;
      }

      return await sql.begin(async (tx) => {
        await tx`select pg_advisory_xact_lock(hashtextextended(${projectionLockKey(projection.name)}, 0))`;
        await tx`select set_config('search_path', ${searchPath}, true)`;
        for (;;) {
          const step = await replay(tx, projection, position, batchSize);
          position = step.next;
          events += step.read;
          if (!step.full) break;
        }
        for (const t of tables) {
          const before = await indexesOf(tx, live, t);
          await tx`drop table ${tx(live)}.${tx(t)}`;
          await tx`alter table ${tx(schema)}.${tx(t)} set schema ${tx(live)}`;
          await restoreIndexNames(tx, live, t, before);
        }
        await tx`delete from ${tx(live)}.projection_stream_versions where projection = ${projection.name}`;
        await tx`insert into ${tx(live)}.projection_stream_versions
                 select * from ${tx(schema)}.projection_stream_versions where projection = ${projection.name}`;
        const [cp] = await tx<{ transaction_id: string; global_position: number }[]>`
          select transaction_id::text, global_position from ${tx(live)}.subscription_checkpoints
          where name = ${projection.name}`;
        // Under the lock the live runner is idle and our horizon is past its checkpoint, so the
        // replay always reaches it; anything else means a bug, and the swap must not happen.
        const current = cp ? { transactionId: cp.transaction_id, globalPosition: cp.global_position } : START;
        if (comparePositions(position, current) < 0) {
          throw new Error(
            `Rebuild of ${projection.name} stopped before the live checkpoint; nothing swapped`,
          );
        }
        await tx`
          insert into ${tx(live)}.subscription_checkpoints (name, transaction_id, global_position)
          values (${projection.name}, ${position.transactionId}::xid8, ${position.globalPosition})
          on conflict (name) do update
            set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`;
        await tx`drop schema ${tx(schema)} cascade`;
        return { events, position };
      });
    } finally {
      await guard`select pg_advisory_unlock(hashtextextended(${`hs_rebuild:${projection.name}`}, 0))`;
    }
  } finally {
    guard.release();
  }
}
